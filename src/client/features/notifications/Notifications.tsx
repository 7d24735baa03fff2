import BellOff from 'lucide-react/icons/bell-off';
import CheckCheck from 'lucide-react/icons/check-check';
import { useState } from 'react';
import { Link } from '../../lib/router.tsx';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader.tsx';
import { QueryError, Skeletons } from '../../components/QueryStates.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { useMarkAllRead, useNotifications } from './api.ts';
import { NotificationList } from './NotificationList.tsx';

/** /notifications: newest first, 20 a page, with mark one / all as read. */
export default function Notifications() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useNotifications(page);
  const markAll = useMarkAllRead();
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <>
      <PageHeader
        title={t('notify.list.title')}
        subtitle={t('notify.list.subtitle')}
        actions={
          <Button
            variant="outline"
            disabled={!data || data.unread === 0 || markAll.isPending}
            onClick={() => markAll.mutate()}
          >
            <CheckCheck className="size-4" aria-hidden />
            {t('notify.list.markAllRead')}
          </Button>
        }
      />
      {query.isError && !data ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : !data ? (
        <Skeletons count={4} height="h-24" />
      ) : data.total === 0 ? (
        <Card className="grid justify-items-center gap-3 py-10 text-center">
          <BellOff className="size-10 text-slate-400" aria-hidden />
          <h2 className="font-serif text-xl text-brand-950">{t('notify.list.emptyTitle')}</h2>
          <p className="max-w-md text-slate-600">{t('notify.list.emptyBody')}</p>
          <div className="flex flex-wrap justify-center gap-3">
            <Button asChild>
              <Link to="/notification-settings">{t('notify.list.settingsLink')}</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/notification-test">{t('notify.list.testLink')}</Link>
            </Button>
          </div>
        </Card>
      ) : (
        <div className="grid gap-4">
          <NotificationList items={data.items} />
          {pages > 1 ? (
            <nav
              aria-label={t('notify.list.pagination')}
              className="flex items-center justify-between gap-3"
            >
              <Button
                variant="outline"
                size="sm"
                disabled={page <= 1}
                onClick={() => setPage((p) => p - 1)}
              >
                {t('notify.list.previous')}
              </Button>
              <span className="text-sm text-slate-600">
                {t('notify.list.page', { page, pages })}
              </span>
              <Button
                variant="outline"
                size="sm"
                disabled={page >= pages}
                onClick={() => setPage((p) => p + 1)}
              >
                {t('notify.list.next')}
              </Button>
            </nav>
          ) : null}
        </div>
      )}
    </>
  );
}
