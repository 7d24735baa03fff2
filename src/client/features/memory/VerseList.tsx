import Sparkles from 'lucide-react/icons/sparkles';
import Trash2 from 'lucide-react/icons/trash';
import { useTranslation } from 'react-i18next';
import type { MemoryVerse } from '#shared/schemas/memory.ts';
import { QueryError, Skeletons } from '../../components/QueryStates.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { cn } from '../../lib/cn.ts';
import type { MemoryVersesQuery } from './api.ts';

interface Props {
  list: MemoryVersesQuery;
  onAdd: () => void;
  onPractise: (verse: MemoryVerse) => void;
  onRemove: (verse: MemoryVerse) => void;
  /** The verse being practised above: its text stays hidden here until the practice ends. */
  practisingId?: string | undefined;
}

/** The member's verses (or their loading, error and empty states), each to practise or remove. */
export function VerseList({ list, onAdd, onPractise, onRemove, practisingId }: Props) {
  const { t, i18n } = useTranslation();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  if (list.isLoading) {
    return <Skeletons count={2} height="h-36" className="grid gap-3 sm:grid-cols-2" />;
  }
  if (list.isError) return <QueryError error={list.error} onRetry={() => void list.refetch()} />;
  if (list.data?.items.length === 0) {
    return (
      <Card className="grid justify-items-center gap-3 py-12 text-center">
        <Sparkles className="size-10 text-gold-500" aria-hidden />
        <h2 className="font-serif text-2xl text-brand-950">{t('memory.empty')}</h2>
        <p className="max-w-md text-slate-600">{t('memory.emptyHint')}</p>
        <Button onClick={onAdd}>{t('memory.add')}</Button>
      </Card>
    );
  }
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {list.data?.items.map((v) => (
        <li key={v.id}>
          <Card className="grid h-full gap-3">
            <div className="flex flex-wrap items-center gap-2 text-xs font-semibold">
              <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-brand-900">
                {t(`memory.categories.${v.category}`)}
              </span>
              <span
                className={cn(
                  'rounded-full px-2.5 py-0.5',
                  v.state === 'mastered'
                    ? 'bg-emerald-100 text-emerald-800'
                    : 'bg-slate-100 text-slate-700',
                )}
              >
                {t(`memory.states.${v.state}`)}
              </span>
              {v.due ? (
                <span className="rounded-full bg-gold-400/40 px-2.5 py-0.5 text-brand-900">
                  {t('memory.dueNow')}
                </span>
              ) : null}
            </div>
            <h2 className="font-serif text-xl text-brand-950">
              {v.reference}{' '}
              <span className="font-sans text-xs text-slate-500">{v.translation}</span>
            </h2>
            {v.id === practisingId ? (
              <p className="text-sm italic text-slate-600">{t('memory.hiddenWhilePractising')}</p>
            ) : (
              <p className="line-clamp-3 font-serif text-slate-800">{v.text}</p>
            )}
            {!v.due ? (
              <p className="text-xs text-slate-600">
                {t('memory.nextReview', { date: date.format(new Date(v.dueAt)) })}
              </p>
            ) : null}
            <div className="mt-auto flex flex-wrap gap-2">
              <Button size="sm" onClick={() => onPractise(v)}>
                {t('memory.practice')}
              </Button>
              <Button
                size="sm"
                variant="ghost"
                className="text-red-700 hover:bg-red-50"
                onClick={() => onRemove(v)}
              >
                <Trash2 className="size-4" aria-hidden /> {t('memory.remove')}
              </Button>
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
