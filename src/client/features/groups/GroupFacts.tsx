import CalendarDays from 'lucide-react/icons/calendar-days';
import Clock from 'lucide-react/icons/clock';
import Crown from 'lucide-react/icons/crown';
import Route from 'lucide-react/icons/route';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReceivedInvitation } from '#shared/groups.ts';
import { useGroupDate } from './format.ts';

/**
 * What an invitation shows of a group, and nothing more: its name, the leader's first name, the
 * path, the start and the meeting note.
 */
export function GroupFacts({
  group,
  heading: Heading,
}: {
  group: ReceivedInvitation['group'];
  heading: 'h1' | 'h2' | 'h3';
}) {
  const { t } = useTranslation();
  const date = useGroupDate();
  const fact = (icon: ReactNode, label: string, value: string) => (
    <div className="flex items-start gap-2">
      {icon}
      <dt className="sr-only">{label}</dt>
      <dd>{value}</dd>
    </div>
  );
  return (
    <div className="grid gap-3">
      <Heading
        className={
          Heading === 'h1'
            ? 'font-serif text-3xl text-brand-950 sm:text-4xl'
            : 'font-serif text-xl text-brand-950'
        }
      >
        {group.name}
      </Heading>
      <dl className="grid gap-1.5 text-slate-700">
        {fact(
          <Crown className="mt-1 size-4 shrink-0 text-brand-600" aria-hidden />,
          t('groups.facts.leader'),
          t('groups.facts.ledBy', { name: group.leaderFirstName }),
        )}
        {fact(
          <Route className="mt-1 size-4 shrink-0 text-brand-600" aria-hidden />,
          t('groups.facts.path'),
          group.pathTitle,
        )}
        {fact(
          <CalendarDays className="mt-1 size-4 shrink-0 text-brand-600" aria-hidden />,
          t('groups.facts.startsOn'),
          t('groups.facts.starts', { date: date(group.startsOn) }),
        )}
        {group.meetingNote
          ? fact(
              <Clock className="mt-1 size-4 shrink-0 text-brand-600" aria-hidden />,
              t('groups.facts.meeting'),
              group.meetingNote,
            )
          : null}
      </dl>
    </div>
  );
}
