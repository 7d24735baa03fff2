import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminGroup, AdminGroupPage } from '#shared/groups.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { QueryError, Skeletons } from '../../components/QueryStates.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { toast } from '../../hooks/use-toast.ts';
import { apiRequest, errorMessage } from '../../lib/queryClient.ts';
import { Pagination } from './Pagination.tsx';

const GROUPS = '/api/admin/groups';

/**
 * The groups on the platform (issue 25): name, leader, size, created. Admins see no member
 * data; ending a group is recorded in the audit log.
 */
export function GroupsPanel() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [ending, setEnding] = useState<AdminGroup | null>(null);
  const groups = useQuery<AdminGroupPage>({
    queryKey: [`${GROUPS}?page=${page}`],
    placeholderData: keepPreviousData,
  });
  const end = useMutation({
    mutationFn: (id: string) =>
      apiRequest('POST', `${GROUPS}/${id}/end`, undefined, { idempotent: true }),
    onSuccess: async () => {
      setEnding(null);
      toast({ title: t('admin.groups.ended') });
      await queryClient.invalidateQueries({
        predicate: (q) => String(q.queryKey[0]).startsWith('/api/admin'),
      });
    },
    onError: (e) =>
      toast({
        title: t('admin.groups.endFailed'),
        description: errorMessage(e, t),
        variant: 'destructive',
      }),
  });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const G = 'admin.groups';
  return (
    <Card className="grid min-w-0 gap-4">
      <p className="text-sm text-slate-600">{t(`${G}.privacy`)}</p>
      {groups.isLoading ? (
        <Skeletons count={4} height="h-12" />
      ) : groups.isError ? (
        <QueryError error={groups.error} onRetry={() => void groups.refetch()} />
      ) : groups.data && groups.data.items.length === 0 ? (
        <p className="text-slate-600">{t(`${G}.empty`)}</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {groups.data?.items.map((g) => (
            <li key={g.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="grid min-w-0 gap-0.5">
                <span className="break-words font-medium text-slate-900">{g.name}</span>
                <span className="text-sm text-slate-600">
                  {t(`${G}.row`, {
                    leader: g.leaderName,
                    count: g.size,
                    date: date.format(new Date(g.createdAt)),
                  })}
                </span>
                {g.endedAt ? (
                  <span className="text-sm text-slate-600">
                    {t(`${G}.endedOn`, { date: date.format(new Date(g.endedAt)) })}
                  </span>
                ) : null}
              </div>
              {g.endedAt ? null : (
                <Button
                  size="sm"
                  variant="outline"
                  className="text-red-700"
                  onClick={() => setEnding(g)}
                >
                  {t(`${G}.end`)}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {groups.data ? (
        <Pagination
          page={page}
          total={groups.data.total}
          pageSize={groups.data.pageSize}
          totalLabel={t(`${G}.total`, { count: groups.data.total })}
          onPage={setPage}
        />
      ) : null}
      <ConfirmDialog
        open={ending !== null}
        onOpenChange={(o) => !o && setEnding(null)}
        title={t(`${G}.endTitle`, { name: ending?.name ?? '' })}
        description={t(`${G}.endBody`)}
        confirmLabel={t(`${G}.end`)}
        pending={end.isPending}
        onConfirm={() => ending && end.mutate(ending.id)}
      />
    </Card>
  );
}
