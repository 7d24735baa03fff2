import AlertTriangle from 'lucide-react/icons/triangle-exclamation-point';
import { useTranslation } from 'react-i18next';
import type { GroupPace, GroupPath, PathProgress } from '#shared/groups.ts';
import { cn } from '../../lib/cn.ts';
import { behindText, paceText, progressText } from './pace.ts';

/** A "behind" note in words with an icon (never colour alone); flagged ones stand out. */
export function BehindBadge({ progress }: { progress: PathProgress }) {
  const { t } = useTranslation();
  const behind = behindText(t, progress);
  if (!behind) return null;
  return (
    <span
      className={cn(
        'inline-flex w-fit items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ring-1',
        behind.flagged
          ? 'bg-amber-50 text-amber-900 ring-amber-300'
          : 'bg-slate-50 text-slate-700 ring-slate-200',
      )}
    >
      {behind.flagged ? <AlertTriangle className="size-3.5" aria-hidden /> : null}
      {behind.text}
    </span>
  );
}

/**
 * The reader's own place on the path against the group's calendar: a bar of their progress, and
 * in words where they are, where the group is, and whether they are behind.
 */
export function PaceLine({
  path,
  pace,
  progress,
}: {
  path: GroupPath;
  pace: GroupPace;
  progress: PathProgress;
}) {
  const { t } = useTranslation();
  const groupPercent = pace.total > 0 ? Math.min(100, (pace.expected / pace.total) * 100) : 0;
  return (
    <div className="grid gap-2 text-sm">
      <div
        className="relative h-2.5 rounded-full bg-slate-200"
        role="progressbar"
        aria-label={t('groupPace.you')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(progress.percent)}
      >
        <div
          className="h-full rounded-full bg-brand-600"
          style={{ width: `${Math.min(100, progress.percent)}%` }}
        />
        {/* The group's day, as a tick on the same bar. */}
        <div
          className="absolute -top-1 h-4.5 w-0.5 rounded bg-gold-600"
          style={{ left: `calc(${groupPercent}% - 1px)` }}
          aria-hidden
        />
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
        <dt className="text-slate-600">{t('groupPace.you')}</dt>
        <dd className="font-medium text-slate-900">{progressText(t, progress)}</dd>
        <dt className="text-slate-600">{t('groupPace.group')}</dt>
        <dd className="text-slate-900">{paceText(t, path, pace)}</dd>
      </dl>
      <BehindBadge progress={progress} />
    </div>
  );
}
