import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError, Skeletons } from '../../components/QueryStates.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { useAuditLog } from './api.ts';
import { Pagination } from './Pagination.tsx';

/** The audit log: who did what, on whom, when. Read-only. */
export function AuditPanel() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const log = useAuditLog(page);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const A = 'admin.audit';
  return (
    <Card className="grid min-w-0 gap-4">
      <p className="text-sm text-slate-600">{t(`${A}.readOnly`)}</p>
      {log.isLoading ? (
        <Skeletons count={4} height="h-12" />
      ) : log.isError ? (
        <QueryError error={log.error} onRetry={() => void log.refetch()} />
      ) : log.data && log.data.items.length === 0 ? (
        <p className="text-slate-600">{t(`${A}.empty`)}</p>
      ) : (
        <ol className="divide-y divide-slate-200">
          {log.data?.items.map((e) => (
            <li
              key={e.id}
              className="grid min-w-0 gap-1 py-3 sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-4"
            >
              <time className="text-sm text-slate-600" dateTime={e.createdAt}>
                {when.format(new Date(e.createdAt))}
              </time>
              <p className="min-w-0 break-words text-slate-800">
                <span className="font-medium text-slate-900">
                  {e.actorEmail || t(`${A}.deletedAccount`)}
                </span>{' '}
                {t(`${A}.actions.${e.action}`, { defaultValue: e.action })}{' '}
                <span className="font-medium text-slate-900">
                  {e.targetLabel || t(`${A}.deletedAccount`)}
                </span>
                {typeof e.detail.to === 'string' ? (
                  <span className="text-slate-600">
                    {' → '}
                    {t(
                      e.action === 'ticket.priority'
                        ? `support.priorities.${e.detail.to}`
                        : `support.statuses.${e.detail.to}`,
                    )}
                  </span>
                ) : null}
              </p>
            </li>
          ))}
        </ol>
      )}
      {log.data ? (
        <Pagination
          page={page}
          total={log.data.total}
          pageSize={log.data.pageSize}
          totalLabel={t(`${A}.total`, { count: log.data.total })}
          onPage={setPage}
        />
      ) : null}
    </Card>
  );
}
