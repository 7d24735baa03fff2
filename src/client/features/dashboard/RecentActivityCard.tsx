import BookOpen from 'lucide-react/icons/book-open';
import GraduationCap from 'lucide-react/icons/graduation-cap';
import HandHeart from 'lucide-react/icons/hand-heart';
import NotebookPen from 'lucide-react/icons/notebook-pen';
import Sparkles from 'lucide-react/icons/sparkles';
import type { LucideIcon } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/router.tsx';
import type { Activity, ActivityKind } from '#shared/schemas/dashboard.ts';
import { Card } from '../../components/ui/Card.tsx';
import { useLanguage } from '../../lib/language.tsx';

const ACTIVITY_ICONS: Record<ActivityKind, LucideIcon> = {
  lesson: GraduationCap,
  reading: BookOpen,
  prayer: HandHeart,
  memory: Sparkles,
  journal: NotebookPen,
};

function timeAgo(iso: string, language: string, now = Date.now()): string {
  const rtf = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  const minutes = Math.round((Date.parse(iso) - now) / 60_000);
  if (Math.abs(minutes) < 60) return rtf.format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 24) return rtf.format(hours, 'hour');
  return rtf.format(Math.round(hours / 24), 'day');
}

function activityText(a: Activity, t: TFunction): string {
  if (a.kind === 'prayer') return t('dashboard.activity.prayer', { count: a.amount });
  if (a.kind === 'journal' && !a.label) return t('dashboard.activity.journalUntitled');
  if (a.kind === 'reading') return t('dashboard.activity.reading', { label: a.label });
  return t(`dashboard.activity.${a.kind}`, { label: a.label });
}

export function RecentActivityCard({ items }: { items: Activity[] }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  return (
    <Card className="grid content-start gap-3">
      <h2 className="font-serif text-xl text-brand-950">{t('dashboard.recentTitle')}</h2>
      {items.length === 0 ? (
        <p className="text-sm text-slate-600">{t('dashboard.recentEmpty')}</p>
      ) : (
        <ul className="grid gap-1">
          {items.map((a) => {
            const Icon = ACTIVITY_ICONS[a.kind];
            return (
              <li key={a.id}>
                <Link
                  to={a.href ?? '/'}
                  className="-mx-2 flex items-center gap-3 rounded-xl px-2 py-1.5 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
                >
                  <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                    <Icon className="size-4" aria-hidden />
                  </span>
                  <span className="min-w-0 flex-1 truncate text-sm text-slate-800">
                    {activityText(a, t)}
                  </span>
                  <time dateTime={a.occurredAt} className="shrink-0 text-xs text-slate-500">
                    {timeAgo(a.occurredAt, language)}
                  </time>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
