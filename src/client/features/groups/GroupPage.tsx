import ArrowLeft from 'lucide-react/icons/arrow-left';
import Crown from 'lucide-react/icons/crown';
import RouteIcon from 'lucide-react/icons/route';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from '../../lib/router.tsx';
import type { GroupDetail } from '#shared/groups.ts';
import { QueryError, Skeletons } from '../../components/QueryStates.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { useAuth } from '../../hooks/useAuth.ts';
import { ApiError } from '../../lib/queryClient.ts';
import { useGroup, useGroupMembers } from './api.ts';
import { FeedPanel } from './FeedPanel.tsx';
import { fullName, useGroupDate } from './format.ts';
import { InvitationsPanel } from './InvitationsPanel.tsx';
import { LeaderSettings } from './LeaderSettings.tsx';
import { WhatOthersSee } from './WhatOthersSee.tsx';
import { LeaderMembers, type Recipient } from './MembersPanel.tsx';
import { MeetingsPanel } from './MeetingsPanel.tsx';
import { MembershipPanel } from './MembershipPanel.tsx';
import { MessageComposer } from './MessageComposer.tsx';
import { PaceLine } from './PaceLine.tsx';
import { ReflectionsPanel } from './ReflectionsPanel.tsx';
import { SheetsPanel } from './SheetsPanel.tsx';
import { PrayersPanel } from './PrayersPanel.tsx';
import { GroupChurchCard } from './GroupChurchCard.tsx';
import { RhythmCard } from './RhythmCard.tsx';

/** A figure of the leaders' summary. */
function Stat({ label, value, detail }: { label: string; value: ReactNode; detail?: string }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 font-serif text-3xl text-brand-950">{value}</dd>
      {detail ? <dd className="text-xs text-slate-600">{detail}</dd> : null}
    </div>
  );
}

/** The leaders' summary: the group's completion, this week's active members, who is behind. */
function LeaderStats({ group }: { group: GroupDetail }) {
  const { t } = useTranslation();
  const stats = group.stats;
  if (!stats) return null;
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label={t('groups.stats.title')}>
      <Stat label={t('groups.stats.members')} value={stats.memberCount} />
      <Stat
        label={t('groups.stats.completion')}
        value={`${Math.round(stats.completion)}%`}
        detail={t('groups.stats.base', { count: stats.sharingProgress })}
      />
      <Stat
        label={t('groups.stats.activeThisWeek')}
        value={stats.activeThisWeek}
        detail={t('groups.stats.base', { count: stats.sharingProgress })}
      />
      <Stat label={t('groups.stats.behind')} value={stats.behindCount} />
    </dl>
  );
}

/** What a member sees of the others: names where their profile visibility allows, and leaders. */
function MemberNames({ group }: { group: GroupDetail }) {
  const { t } = useTranslation();
  const members = useGroupMembers(group.id, 'name', 'asc', 1);
  const rows = members.data?.visibleRows ?? [];
  const hidden = group.memberCount - (members.data?.total ?? rows.length);
  return (
    <Card className="grid gap-3">
      <h2 className="font-serif text-2xl text-brand-950">
        {t('groups.members.title', { count: group.memberCount })}
      </h2>
      {members.isError ? (
        <QueryError error={members.error} onRetry={() => void members.refetch()} />
      ) : !members.data ? (
        <Skeletons count={2} height="h-8" />
      ) : (
        <ul className="flex flex-wrap gap-2">
          {rows.map((row, i) => (
            <li
              key={`${fullName(row)}-${i}`}
              className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-800"
            >
              {row.role !== 'member' ? (
                <Crown className="size-3.5 text-brand-700" aria-hidden />
              ) : null}
              {row.me ? t('groups.members.you', { name: fullName(row) }) : fullName(row)}
              {row.role !== 'member' ? (
                <span className="sr-only"> ({t(`groups.roles.${row.role}`)})</span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {hidden > 0 ? (
        <p className="text-sm text-slate-600">{t('groups.members.notShown', { count: hidden })}</p>
      ) : null}
    </Card>
  );
}

/**
 * `/groups/:id` (issue 25): for the leader and co-leaders, the dashboard of the group (figures,
 * members with what each one's consent shows, encouragement, invitations, reflections,
 * settings); for a member, their own pace against the group's, the names they may see, the
 * activity, and their consent, mute and leave.
 */
export default function GroupPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const date = useGroupDate();
  const group = useGroup(id);
  const { user } = useAuth();
  const [recipient, setRecipient] = useState<Recipient | null>(null);
  const back = (
    <Link
      to="/groups"
      className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden /> {t('groups.back')}
    </Link>
  );
  if (group.isError) {
    const gone = group.error instanceof ApiError && group.error.status === 404;
    return (
      <>
        {back}
        {gone ? (
          <Card role="status" className="grid gap-2">
            <h1 className="font-serif text-3xl text-brand-950">{t('groups.notFound.title')}</h1>
            <p className="text-slate-700">{t('groups.notFound.body')}</p>
          </Card>
        ) : (
          <QueryError error={group.error} onRetry={() => void group.refetch()} />
        )}
      </>
    );
  }
  const g = group.data;
  if (!g) {
    return (
      <>
        {back}
        <Skeletons count={3} height="h-40" />
      </>
    );
  }
  const leads = g.me.role !== 'member';
  const seesReflections = g.path.kind === 'course' && (leads || g.membersSeeReflections);
  return (
    <>
      {back}
      <header className="mb-6 grid gap-2">
        <p className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700">
          <RouteIcon className="size-4" aria-hidden />
          {g.pathTitle} · {t('groups.startsOn', { date: date(g.startsOn) })}
        </p>
        <h1 className="font-serif text-3xl text-brand-950 sm:text-4xl">{g.name}</h1>
        {g.description ? <p className="max-w-3xl text-slate-700">{g.description}</p> : null}
        <p className="text-sm text-slate-700">
          {t('groups.ledBy', {
            names: g.leaders.map(fullName).join(', '),
          })}
          {g.meetingNote ? ` · ${g.meetingNote}` : ''}
        </p>
        {g.pathNeedsPremium ? (
          <p className="flex w-fit items-start gap-2 rounded-xl bg-gold-300/30 px-3 py-2 text-sm text-brand-950">
            <Crown className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>
              {t('groups.premiumPath')}
              {g.iNeedPremium ? (
                <>
                  {' '}
                  <Link to="/subscription" className="font-medium underline">
                    {t('groups.premiumYou')}
                  </Link>
                </>
              ) : null}
            </span>
          </p>
        ) : null}
      </header>
      <div className="grid gap-6">
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <Card className="grid gap-3">
            <h2 className="font-serif text-2xl text-brand-950">{t('groups.myPace')}</h2>
            <PaceLine path={g.path} pace={g.pace} progress={g.myProgress.path} />
          </Card>
          <RhythmCard groupId={g.id} />
        </div>
        <SheetsPanel groupId={g.id} />
        <MeetingsPanel group={g} />
        <PrayersPanel group={g} />
        {leads ? (
          <>
            <LeaderStats group={g} />
            <LeaderMembers group={g} onEncourage={setRecipient} />
            <div className="grid items-start gap-6 lg:grid-cols-2">
              <MessageComposer
                groupId={g.id}
                recipient={recipient}
                onClearRecipient={() => setRecipient(null)}
              />
              <InvitationsPanel groupId={g.id} />
            </div>
          </>
        ) : (
          <MemberNames group={g} />
        )}
        {seesReflections ? <ReflectionsPanel group={g} /> : null}
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <FeedPanel groupId={g.id} />
          <div className="grid gap-6">
            <MembershipPanel group={g} />
            <GroupChurchCard groupId={g.id} groupName={g.name} />
            {leads ? <LeaderSettings group={g} /> : null}
          </div>
        </div>
        {user ? <WhatOthersSee group={g} preferences={user.preferences} /> : null}
      </div>
    </>
  );
}
