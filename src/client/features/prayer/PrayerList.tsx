import AlertTriangle from 'lucide-react/icons/triangle-exclamation-point';
import CheckCircle2 from 'lucide-react/icons/circle-check';
import HandHeart from 'lucide-react/icons/hand-heart';
import Pencil from 'lucide-react/icons/pencil';
import Sparkles from 'lucide-react/icons/sparkles';
import Trash2 from 'lucide-react/icons/trash';
import { useTranslation } from 'react-i18next';
import type { Prayer, PrayerStatus } from '#shared/schemas/prayer.ts';
import { QueryError, Skeletons } from '../../components/QueryStates.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { useLanguage } from '../../lib/language.tsx';
import type { PrayerListQuery } from './api.ts';

export function UrgentBadge() {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-red-100 px-2.5 py-0.5 text-red-800">
      <AlertTriangle className="size-3.5" aria-hidden /> {t('prayer.urgent')}
    </span>
  );
}

interface Props {
  status: PrayerStatus;
  query: PrayerListQuery;
  page: number;
  onPage: (page: number) => void;
  onEdit: (prayer: Prayer) => void;
  onAnswer: (prayer: Prayer) => void;
  onDelete: (prayer: Prayer) => void;
}

/** One of the two lists: active requests (edit, mark answered) or answered ones (with the date). */
export function PrayerList({ status, query, page, onPage, onEdit, onAnswer, onDelete }: Props) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });

  if (query.isLoading) return <Skeletons count={3} height="h-28" />;
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  const data = query.data;
  if (!data || data.total === 0) {
    const Icon = status === 'active' ? HandHeart : Sparkles;
    return (
      <Card className="grid justify-items-center gap-3 py-10 text-center">
        <Icon className="size-10 text-gold-500" aria-hidden />
        <h3 className="font-serif text-2xl text-brand-950">{t(`prayer.empty.${status}.title`)}</h3>
        <p className="max-w-md text-slate-600">{t(`prayer.empty.${status}.body`)}</p>
        <p className="text-sm font-semibold text-brand-800">
          {t(`prayer.empty.${status}.reference`)}
        </p>
      </Card>
    );
  }
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  return (
    <div className="grid gap-3">
      <ul className="grid gap-3" aria-busy={query.isPlaceholderData || undefined}>
        {data.items.map((p) => (
          <li key={p.id}>
            <Card className="grid gap-2 p-4 sm:p-5">
              <div className="flex flex-wrap items-center gap-2 text-xs font-semibold">
                {p.status === 'active' && p.urgent ? <UrgentBadge /> : null}
                {p.status === 'answered' ? (
                  <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2.5 py-0.5 text-emerald-800">
                    <CheckCircle2 className="size-3.5" aria-hidden /> {t('prayer.answeredBadge')}
                  </span>
                ) : null}
                <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-brand-900">
                  {t(`prayer.categories.${p.category}`)}
                </span>
              </div>
              <h3 className="break-words font-serif text-lg text-brand-950">{p.title}</h3>
              {p.description ? (
                <p className="whitespace-pre-line break-words text-slate-700">{p.description}</p>
              ) : null}
              {p.status === 'answered' && p.answerNote ? (
                <div className="rounded-xl border-l-4 border-gold-400 bg-gold-300/20 px-3 py-2">
                  <p className="text-xs font-semibold uppercase tracking-wide text-brand-800">
                    {t('prayer.answer.noteHeading')}
                  </p>
                  <p className="whitespace-pre-line break-words text-slate-800">{p.answerNote}</p>
                </div>
              ) : null}
              <p className="text-xs text-slate-600">
                {p.status === 'answered' && p.answeredAt
                  ? t('prayer.answeredOn', { date: date.format(new Date(p.answeredAt)) })
                  : t('prayer.addedOn', { date: date.format(new Date(p.createdAt)) })}
              </p>
              <div className="flex flex-wrap gap-2 pt-1">
                {p.status === 'active' ? (
                  <>
                    <Button size="sm" onClick={() => onAnswer(p)}>
                      <CheckCircle2 className="size-4" aria-hidden /> {t('prayer.markAnswered')}
                      <span className="sr-only">: {p.title}</span>
                    </Button>
                    <Button size="sm" variant="outline" onClick={() => onEdit(p)}>
                      <Pencil className="size-4" aria-hidden /> {t('prayer.edit.button')}
                      <span className="sr-only">: {p.title}</span>
                    </Button>
                  </>
                ) : null}
                <Button
                  size="sm"
                  variant="ghost"
                  className="text-red-700 hover:bg-red-50"
                  onClick={() => onDelete(p)}
                >
                  <Trash2 className="size-4" aria-hidden /> {t('prayer.delete.button')}
                  <span className="sr-only">: {p.title}</span>
                </Button>
              </div>
            </Card>
          </li>
        ))}
      </ul>
      {pages > 1 ? (
        <nav
          aria-label={t('prayer.pagination')}
          className="flex items-center justify-center gap-3 text-sm text-slate-600"
        >
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            {t('prayer.previous')}
          </Button>
          <span aria-live="polite">{t('prayer.page', { page, pages })}</span>
          <Button
            size="sm"
            variant="outline"
            disabled={page >= pages}
            onClick={() => onPage(page + 1)}
          >
            {t('prayer.next')}
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
