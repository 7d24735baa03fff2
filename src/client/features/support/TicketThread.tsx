import { useTranslation } from 'react-i18next';
import type { TicketMessage } from '#shared/schemas/support.ts';
import { cn } from '../../lib/cn.ts';

/**
 * A ticket's conversation, oldest first. `viewer` decides how the sides are named: a member
 * reads "You" and "Camino support"; the team reads names, and sees internal notes.
 */
export function TicketThread({
  messages,
  viewer,
}: {
  messages: TicketMessage[];
  viewer: 'member' | 'staff';
}) {
  const { t, i18n } = useTranslation();
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <ol className="grid gap-3">
      {messages.map((m) => {
        const who =
          viewer === 'member'
            ? m.author === 'requester'
              ? t('support.mine.you')
              : t('support.mine.team')
            : m.authorName;
        return (
          <li
            key={m.id}
            className={cn(
              'grid gap-1 rounded-2xl border p-3 sm:p-4',
              m.author === 'requester' && 'border-slate-200 bg-slate-50',
              m.author === 'staff' && 'border-brand-200 bg-brand-50',
              m.author === 'note' && 'border-amber-300 bg-amber-50',
            )}
          >
            <p className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
              <span className="font-semibold text-slate-900">
                {who}
                {m.author === 'note' ? (
                  <span className="ml-2 rounded-full bg-amber-200 px-2 py-0.5 text-xs font-medium text-amber-950">
                    {t('admin.ticketsPanel.noteBadge')}
                  </span>
                ) : null}
              </span>
              <time className="text-slate-600" dateTime={m.createdAt}>
                {when.format(new Date(m.createdAt))}
              </time>
            </p>
            <p className="whitespace-pre-wrap break-words text-slate-800">{m.body}</p>
          </li>
        );
      })}
    </ol>
  );
}

const STATUS_STYLE: Record<string, string> = {
  open: 'bg-sky-100 text-sky-900',
  waiting_on_member: 'bg-amber-100 text-amber-950',
  answered: 'bg-emerald-100 text-emerald-900',
  closed: 'bg-slate-200 text-slate-800',
};

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold',
        STATUS_STYLE[status],
      )}
    >
      {t(`support.statuses.${status}`)}
    </span>
  );
}
