import AlertTriangle from 'lucide-react/icons/triangle-exclamation-point';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPPORT_SUBJECTS, TICKET_STATUSES } from '#shared/values/support.ts';
import { QueryError, Skeletons } from '../../components/QueryStates.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { cn } from '../../lib/cn.ts';
import { StatusBadge } from '../support/index.ts';
import { useAdminTickets, type TicketFilters } from './api.ts';
import { FilterSelect, Pagination } from './Pagination.tsx';
import { TicketDetail } from './TicketDetail.tsx';

/** The ticket queue: filters, overdue tickets highlighted; a ticket opens in place. */
export function TicketsPanel() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [filters, setFilters] = useState<TicketFilters>({
    status: 'active',
    subject: '',
    age: '',
    mine: false,
  });
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const list = useAdminTickets(page, filters);
  const set = (change: Partial<TicketFilters>) => {
    setFilters((f) => ({ ...f, ...change }));
    setPage(1);
  };
  if (openId) return <TicketDetail id={openId} onBack={() => setOpenId(null)} />;
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const P = 'admin.ticketsPanel';
  return (
    <Card className="grid min-w-0 gap-4">
      <fieldset className="grid min-w-0 grid-cols-2 gap-3 sm:grid-cols-4">
        <legend className="sr-only">{t('admin.filters.label')}</legend>
        <FilterSelect
          id={`${id}-status`}
          label={t(`${P}.status`)}
          value={filters.status}
          options={[
            { value: 'active' as const, label: t(`${P}.active`) },
            { value: '' as const, label: t(`${P}.all`) },
            ...TICKET_STATUSES.map((s) => ({ value: s, label: t(`support.statuses.${s}`) })),
          ]}
          onChange={(status) => set({ status })}
        />
        <FilterSelect
          id={`${id}-subject`}
          label={t(`${P}.subject`)}
          value={filters.subject}
          options={[
            { value: '', label: t(`${P}.all`) },
            ...SUPPORT_SUBJECTS.map((s) => ({ value: s, label: t(`support.subjects.${s}`) })),
          ]}
          onChange={(subject) => set({ subject })}
        />
        <FilterSelect
          id={`${id}-age`}
          label={t(`${P}.age`)}
          value={filters.age}
          options={[
            { value: '' as const, label: t(`${P}.all`) },
            { value: 'day' as const, label: t(`${P}.ages.day`) },
            { value: 'week' as const, label: t(`${P}.ages.week`) },
            { value: 'older' as const, label: t(`${P}.ages.older`) },
          ]}
          onChange={(age) => set({ age })}
        />
        <label className="flex items-end gap-2 pb-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="size-4 accent-brand-700"
            checked={filters.mine}
            onChange={(e) => set({ mine: e.target.checked })}
          />
          {t(`${P}.mine`)}
        </label>
      </fieldset>
      {list.isLoading ? (
        <Skeletons count={4} height="h-16" />
      ) : list.isError ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data && list.data.items.length === 0 ? (
        <p className="text-slate-600">{t(`${P}.empty`)}</p>
      ) : (
        <ul className="grid gap-2" aria-busy={list.isFetching}>
          {list.data?.items.map((ticket) => (
            <li key={ticket.id}>
              <button
                type="button"
                onClick={() => setOpenId(ticket.id)}
                aria-label={t(`${P}.open`, { number: ticket.number })}
                className={cn(
                  'grid w-full min-w-0 gap-1 rounded-2xl border p-3 text-left hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
                  ticket.overdue ? 'border-red-300 bg-red-50' : 'border-slate-200',
                )}
              >
                <span className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold text-slate-900">#{ticket.number}</span>
                  <StatusBadge status={ticket.status} />
                  {ticket.overdue ? (
                    <span className="inline-flex items-center gap-1 rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white">
                      <AlertTriangle className="size-3.5" aria-hidden />
                      {t(`${P}.overdue`)}
                    </span>
                  ) : null}
                  <span className="text-xs text-slate-700">
                    {t(`${P}.priority`)}: {t(`support.priorities.${ticket.priority}`)}
                  </span>
                </span>
                <span className="min-w-0 truncate text-slate-800">
                  {t(`support.subjects.${ticket.subject}`)} · {ticket.name} ({ticket.email})
                </span>
                <span className="flex flex-wrap gap-x-3 text-xs text-slate-600">
                  <span>{t(`${P}.opened`, { date: date.format(new Date(ticket.createdAt)) })}</span>
                  <span>
                    {t(`${P}.assignee`)}: {ticket.assigneeName ?? t(`${P}.unassigned`)}
                  </span>
                  <span>{ticket.userId ? t(`${P}.memberBadge`) : t(`${P}.visitor`)}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {list.data ? (
        <Pagination
          page={page}
          total={list.data.total}
          pageSize={list.data.pageSize}
          totalLabel={t(`${P}.total`, { count: list.data.total })}
          onPage={setPage}
        />
      ) : null}
    </Card>
  );
}
