import Crown from 'lucide-react/icons/crown';
import Lock from 'lucide-react/icons/lock';
import Search from 'lucide-react/icons/search';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { useDeferredValue, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError, Skeletons } from '../../components/QueryStates.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { inputClass } from '../../components/ui/Field.tsx';
import { useAdminUsers, type MemberFilters } from './api.ts';
import { lazyWhenOpen } from '../../components/lazyWhenOpen.tsx';
import { FilterSelect, Pagination } from './Pagination.tsx';

// The member's dialog (and the dialog code) comes when a member is first opened.
const MemberDetail = lazyWhenOpen<{ id: string | null; onClose: () => void }>(
  () => import('./MemberDetail.tsx').then((m) => ({ default: m.MemberDetail })),
  (props) => props.id !== null,
);

const NO_FILTERS: MemberFilters = {
  q: '',
  premium: '',
  admin: '',
  locked: '',
  joinedFrom: '',
  joinedTo: '',
};

const dateInputClass =
  'w-full min-w-0 rounded-xl border border-slate-300 bg-white px-2.5 py-1.5 text-sm text-slate-900 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30';

/** Members: search, filters, a server-paged list; a member's detail opens in a dialog. */
export function MembersPanel() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [filters, setFilters] = useState<MemberFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const deferred = useDeferredValue(filters);
  const list = useAdminUsers(page, { ...deferred, q: deferred.q.trim() });
  const set = (change: Partial<MemberFilters>) => {
    setFilters((f) => ({ ...f, ...change }));
    setPage(1);
  };
  const yesNo = [
    { value: '' as const, label: t('admin.filters.any') },
    { value: 'yes' as const, label: t('admin.filters.yes') },
    { value: 'no' as const, label: t('admin.filters.no') },
  ];
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (
    <Card className="grid min-w-0 gap-4">
      <div className="relative sm:max-w-sm">
        <Search
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500"
          aria-hidden
        />
        <input
          type="search"
          aria-label={t('admin.search')}
          placeholder={t('admin.search')}
          className={`${inputClass} pl-9`}
          value={filters.q}
          onChange={(e) => set({ q: e.target.value })}
        />
      </div>
      <fieldset className="grid min-w-0 grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        <legend className="sr-only">{t('admin.filters.label')}</legend>
        <FilterSelect
          id={`${id}-premium`}
          label={t('admin.filters.premium')}
          value={filters.premium}
          options={yesNo}
          onChange={(premium) => set({ premium })}
        />
        <FilterSelect
          id={`${id}-admin`}
          label={t('admin.filters.admins')}
          value={filters.admin}
          options={yesNo}
          onChange={(admin) => set({ admin })}
        />
        <FilterSelect
          id={`${id}-locked`}
          label={t('admin.filters.locked')}
          value={filters.locked}
          options={yesNo}
          onChange={(locked) => set({ locked })}
        />
        <div className="grid min-w-0 gap-1">
          <label htmlFor={`${id}-from`} className="text-xs font-medium text-slate-700">
            {t('admin.filters.joinedFrom')}
          </label>
          <input
            id={`${id}-from`}
            type="date"
            className={dateInputClass}
            value={filters.joinedFrom}
            onChange={(e) => set({ joinedFrom: e.target.value })}
          />
        </div>
        <div className="grid min-w-0 gap-1">
          <label htmlFor={`${id}-to`} className="text-xs font-medium text-slate-700">
            {t('admin.filters.joinedTo')}
          </label>
          <input
            id={`${id}-to`}
            type="date"
            className={dateInputClass}
            value={filters.joinedTo}
            onChange={(e) => set({ joinedTo: e.target.value })}
          />
        </div>
        <div className="flex items-end">
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              setFilters(NO_FILTERS);
              setPage(1);
            }}
          >
            {t('admin.filters.clear')}
          </Button>
        </div>
      </fieldset>
      {list.isLoading ? (
        <Skeletons count={4} height="h-14" />
      ) : list.isError ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data && list.data.items.length === 0 ? (
        <p className="text-slate-600">{t('admin.empty')}</p>
      ) : (
        <ul className="divide-y divide-slate-200" aria-busy={list.isFetching}>
          {list.data?.items.map((u) => {
            const name = `${u.firstName} ${u.lastName}`.trim() || u.email;
            return (
              <li key={u.id}>
                <button
                  type="button"
                  onClick={() => setOpenId(u.id)}
                  aria-label={t('admin.member.open', { name })}
                  className="grid w-full min-w-0 gap-1 rounded-xl px-2 py-3 text-left hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 sm:grid-cols-[minmax(0,2fr)_minmax(0,2fr)_auto] sm:items-center sm:gap-4"
                >
                  <span className="min-w-0 truncate font-medium text-slate-900">{name}</span>
                  <span className="min-w-0 truncate text-sm text-slate-700">{u.email}</span>
                  <span className="flex flex-wrap items-center gap-2 text-xs text-slate-700">
                    {u.role === 'admin' ? (
                      <span className="inline-flex items-center gap-1 rounded-full bg-brand-100 px-2 py-0.5 font-semibold text-brand-900">
                        <ShieldCheck className="size-3.5" aria-hidden />
                        {t('admin.roles.admin')}
                      </span>
                    ) : null}
                    {u.isPremium ? (
                      <span className="inline-flex items-center gap-1 rounded-full bg-gold-300 px-2 py-0.5 font-semibold text-brand-950">
                        <Crown className="size-3.5" aria-hidden />
                        {t('admin.columns.premium')}
                      </span>
                    ) : null}
                    {u.locked ? (
                      <span className="inline-flex items-center gap-1 rounded-full bg-red-100 px-2 py-0.5 font-semibold text-red-900">
                        <Lock className="size-3.5" aria-hidden />
                        {t('admin.member.lockedBadge')}
                      </span>
                    ) : null}
                    <span>
                      {t('admin.member.joined', { date: date.format(new Date(u.createdAt)) })}
                    </span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {list.data ? (
        <Pagination
          page={page}
          total={list.data.total}
          pageSize={list.data.pageSize}
          totalLabel={t('admin.total', { count: list.data.total })}
          onPage={setPage}
        />
      ) : null}
      <MemberDetail id={openId} onClose={() => setOpenId(null)} />
    </Card>
  );
}
