import ArrowDown from 'lucide-react/icons/arrow-down';
import ArrowUp from 'lucide-react/icons/arrow-up';
import Crown from 'lucide-react/icons/crown';
import EyeOff from 'lucide-react/icons/eye-off';
import MoreHorizontal from 'lucide-react/icons/ellipsis';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GroupDetail, LeaderMemberRow, MemberSort } from '#shared/groups.ts';
import { CO_LEADERS_MAX, MEMBER_SORTS } from '#shared/values/groups.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { QueryError, Skeletons } from '../../components/QueryStates.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { inputClass } from '../../components/ui/Field.tsx';
import { Menu, MenuItem } from '../../components/ui/Menu.tsx';
import { cn } from '../../lib/cn.ts';
import { useGroupMembers, useRemoveMember, useSetRole, useTransferLeadership } from './api.ts';
import { fullName, nextSort, useGroupDate } from './format.ts';
import { progressText } from './pace.ts';
import { BehindBadge } from './PaceLine.tsx';

export type Recipient = { memberId: string; name: string };

/** The columns whose header sorts the list (the rest are read, not sorted). */
const COLUMN_SORT: Partial<Record<string, MemberSort>> = {
  name: 'name',
  progress: 'progress',
  behind: 'behind',
  lastActive: 'lastActive',
};

/** The leader's (or a co-leader's) actions on one member, in a menu. */
function RowActions({
  groupId,
  row,
  myRole,
  coLeaders,
  onEncourage,
  onTransfer,
  onRemove,
  onMakeCoLeader,
}: {
  groupId: string;
  row: LeaderMemberRow;
  myRole: 'leader' | 'co-leader';
  coLeaders: number;
  onEncourage: (to: Recipient) => void;
  onTransfer: (row: LeaderMemberRow) => void;
  onRemove: (row: LeaderMemberRow) => void;
  /** Asks first: a co-leader sees everyone's progress, and every member sees their name. */
  onMakeCoLeader: (row: LeaderMemberRow) => void;
}) {
  const { t } = useTranslation();
  const { mutate: setRole } = useSetRole(groupId);
  const name = fullName(row);
  if (row.role === 'leader') return null;
  const leader = myRole === 'leader';
  return (
    <Menu
      label={t('groups.members.actionsFor', { name })}
      button={<MoreHorizontal className="size-5" aria-hidden />}
      buttonClassName="inline-flex size-10 items-center justify-center rounded-xl text-slate-700 hover:bg-slate-900/5 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
    >
      <MenuItem onSelect={() => onEncourage({ memberId: row.memberId, name })}>
        {t('groups.members.encourage')}
      </MenuItem>
      {leader ? (
        row.role === 'co-leader' ? (
          <MenuItem onSelect={() => setRole({ memberId: row.memberId, role: 'member' })}>
            {t('groups.members.makeMember')}
          </MenuItem>
        ) : (
          <MenuItem disabled={coLeaders >= CO_LEADERS_MAX} onSelect={() => onMakeCoLeader(row)}>
            {t('groups.members.makeCoLeader')}
          </MenuItem>
        )
      ) : null}
      {leader ? (
        <MenuItem onSelect={() => onTransfer(row)}>{t('groups.members.transfer')}</MenuItem>
      ) : null}
      {leader || row.role === 'member' ? (
        <MenuItem danger onSelect={() => onRemove(row)}>
          {t('groups.members.remove')}
        </MenuItem>
      ) : null}
    </Menu>
  );
}

/** The sort chosen for the list: a select and a direction button, the same on phone and desktop. */
function SortControls({
  sort,
  order,
  onChange,
}: {
  sort: MemberSort;
  order: 'asc' | 'desc';
  onChange: (next: { sort: MemberSort; order: 'asc' | 'desc' }) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="flex items-end gap-2">
      <div className="grid gap-1">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {t('groups.members.sortBy')}
        </label>
        <select
          id={id}
          value={sort}
          className={cn(inputClass, 'py-2')}
          onChange={(e) => onChange(nextSort({ sort, order }, e.target.value as MemberSort))}
        >
          {MEMBER_SORTS.map((s) => (
            <option key={s} value={s}>
              {t(`groups.members.sort.${s}`)}
            </option>
          ))}
        </select>
      </div>
      <Button
        variant="outline"
        size="icon"
        className="h-11"
        aria-label={
          order === 'asc' ? t('groups.members.ascending') : t('groups.members.descending')
        }
        onClick={() => onChange({ sort, order: order === 'asc' ? 'desc' : 'asc' })}
      >
        {order === 'asc' ? (
          <ArrowUp className="size-4" aria-hidden />
        ) : (
          <ArrowDown className="size-4" aria-hidden />
        )}
      </Button>
    </div>
  );
}

/**
 * The members with what each one's consent lets the leaders see (issue 25), sorted on the
 * server. One table: a grid of columns on desktop, a card per member on a phone (each cell then
 * carries its own label), so nothing scrolls sideways at 390 px.
 */
export function LeaderMembers({
  group,
  onEncourage,
}: {
  group: GroupDetail;
  onEncourage: (to: Recipient) => void;
}) {
  const { t } = useTranslation();
  const date = useGroupDate();
  const [view, setView] = useState<{ sort: MemberSort; order: 'asc' | 'desc' }>({
    sort: 'name',
    order: 'asc',
  });
  const [page, setPage] = useState(1);
  const members = useGroupMembers(group.id, view.sort, view.order, page);
  const [transferring, setTransferring] = useState<LeaderMemberRow | null>(null);
  const [removing, setRemoving] = useState<LeaderMemberRow | null>(null);
  const transfer = useTransferLeadership(group.id, () => setTransferring(null));
  const remove = useRemoveMember(group.id, () => setRemoving(null));
  const [promoting, setPromoting] = useState<LeaderMemberRow | null>(null);
  const promote = useSetRole(group.id, () => setPromoting(null));
  const myRole = group.me.role === 'leader' ? 'leader' : 'co-leader';
  const coLeaders = group.leaders.filter((l) => l.role === 'co-leader').length;
  const rows = members.data?.leaderRows ?? [];
  const pages = members.data
    ? Math.max(1, Math.ceil(members.data.total / members.data.pageSize))
    : 1;
  const sortBy = (next: { sort: MemberSort; order: 'asc' | 'desc' }) => {
    setView(next);
    setPage(1);
  };

  const header = (column: string) => {
    const sorts = COLUMN_SORT[column];
    const active = sorts && view.sort === sorts;
    return (
      <th
        key={column}
        scope="col"
        aria-sort={active ? (view.order === 'asc' ? 'ascending' : 'descending') : undefined}
        className="px-3 py-2 font-medium text-slate-600"
      >
        {sorts ? (
          <button
            type="button"
            onClick={() => sortBy(nextSort(view, sorts))}
            className="inline-flex items-center gap-1 rounded hover:text-brand-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
          >
            {t(`groups.members.columns.${column}`)}
            {active ? (
              view.order === 'asc' ? (
                <ArrowUp className="size-3.5" aria-hidden />
              ) : (
                <ArrowDown className="size-3.5" aria-hidden />
              )
            ) : null}
          </button>
        ) : (
          t(`groups.members.columns.${column}`)
        )}
      </th>
    );
  };
  // On a phone each cell says what it is (the header row is for screen readers there).
  const label = (column: string) => (
    <span className="mr-1 text-slate-600 md:hidden">{t(`groups.members.columns.${column}`)}:</span>
  );

  return (
    <section aria-labelledby="members-title" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="members-title" className="font-serif text-2xl text-brand-950">
          {t('groups.members.title', { count: group.memberCount })}
        </h2>
        <SortControls sort={view.sort} order={view.order} onChange={sortBy} />
      </div>
      {members.isError ? (
        <QueryError error={members.error} onRetry={() => void members.refetch()} />
      ) : !members.data ? (
        <Skeletons count={3} height="h-20" />
      ) : (
        <table
          className={cn(
            'w-full border-collapse text-left text-sm max-md:block',
            members.isPlaceholderData && 'opacity-60',
          )}
          aria-busy={members.isFetching}
        >
          <caption className="sr-only">{t('groups.members.caption')}</caption>
          <thead className="max-md:sr-only">
            <tr className="border-b border-slate-200">
              {['name', 'progress', 'behind', 'lastActive', 'streak'].map(header)}
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">{t('groups.members.columns.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody className="max-md:grid max-md:gap-3">
            {rows.map((row) => {
              const p = row.progress;
              return (
                <tr
                  key={row.memberId}
                  data-testid="member-row"
                  className="align-top max-md:relative max-md:grid max-md:gap-1.5 max-md:rounded-2xl max-md:border max-md:border-slate-200 max-md:bg-white max-md:p-4 max-md:pr-14 md:border-b md:border-slate-100"
                >
                  <th scope="row" className="px-0 font-normal md:px-3 md:py-3">
                    <span className="block font-semibold text-slate-900">{fullName(row)}</span>
                    <span className="mt-1 flex flex-wrap gap-1.5 text-xs">
                      {row.role !== 'member' ? (
                        <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 font-semibold text-brand-900">
                          <Crown className="size-3" aria-hidden />
                          {t(`groups.roles.${row.role}`)}
                        </span>
                      ) : null}
                      <span className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-700">
                        {t(`groups.consent.${row.level}.short`)}
                      </span>
                      {row.sharedReflections > 0 ? (
                        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-700">
                          {t('groups.members.shared', { count: row.sharedReflections })}
                        </span>
                      ) : null}
                    </span>
                  </th>
                  {p ? (
                    <>
                      <td className="md:px-3 md:py-3">
                        {label('progress')}
                        <span className="text-slate-900">{progressText(t, p.path)}</span>
                        {p.path.nextLesson ? (
                          <span className="block text-xs text-slate-600">
                            {t('groups.members.next', { title: p.path.nextLesson.title })}
                          </span>
                        ) : null}
                      </td>
                      <td className="md:px-3 md:py-3">
                        <BehindBadge progress={p.path} />
                        {p.path.daysBehind <= 0 && !p.path.behind ? (
                          <span className="text-slate-600">
                            <span className="md:hidden">{label('behind')}</span>
                            {t('groupPace.onPace')}
                          </span>
                        ) : null}
                      </td>
                      <td className="md:px-3 md:py-3">
                        {label('lastActive')}
                        {p.lastActiveDay ? date(p.lastActiveDay) : t('groups.members.never')}
                      </td>
                      <td className="md:px-3 md:py-3">
                        {label('streak')}
                        {t('groups.members.days', { count: p.currentStreak })}
                      </td>
                    </>
                  ) : (
                    <td colSpan={4} className="text-slate-600 md:px-3 md:py-3">
                      <span className="inline-flex items-center gap-1.5">
                        <EyeOff className="size-4" aria-hidden />
                        {t('groups.members.membershipOnly')}
                      </span>
                    </td>
                  )}
                  <td className="max-md:absolute max-md:right-2 max-md:top-2 md:px-3 md:py-2 md:text-right">
                    <RowActions
                      groupId={group.id}
                      row={row}
                      myRole={myRole}
                      coLeaders={coLeaders}
                      onEncourage={onEncourage}
                      onTransfer={setTransferring}
                      onRemove={setRemoving}
                      onMakeCoLeader={setPromoting}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {pages > 1 ? (
        <nav
          aria-label={t('groups.members.pages')}
          className="flex items-center justify-between gap-2"
        >
          <Button variant="outline" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            {t('groups.members.previous')}
          </Button>
          <span className="text-sm text-slate-700">
            {t('groups.members.page', { page, count: pages })}
          </span>
          <Button variant="outline" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            {t('groups.members.nextPage')}
          </Button>
        </nav>
      ) : null}
      <ConfirmDialog
        open={transferring !== null}
        onOpenChange={(o) => !o && setTransferring(null)}
        title={t('groups.transfer.title')}
        description={t('groups.transfer.body', {
          name: transferring ? fullName(transferring) : '',
        })}
        confirmLabel={t('groups.transfer.confirm')}
        pending={transfer.isPending}
        onConfirm={() => transferring && transfer.mutate(transferring.memberId)}
      />
      <ConfirmDialog
        open={promoting !== null}
        onOpenChange={(o) => !o && setPromoting(null)}
        title={t('groups.coLeader.title', { name: promoting ? fullName(promoting) : '' })}
        description={t('groups.coLeader.body', { name: promoting ? fullName(promoting) : '' })}
        confirmLabel={t('groups.coLeader.confirm')}
        pending={promote.isPending}
        onConfirm={() =>
          promoting && promote.mutate({ memberId: promoting.memberId, role: 'co-leader' })
        }
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(o) => !o && setRemoving(null)}
        title={t('groups.remove.title')}
        description={t('groups.remove.body', { name: removing ? fullName(removing) : '' })}
        confirmLabel={t('groups.remove.confirm')}
        pending={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.memberId)}
      />
    </section>
  );
}
