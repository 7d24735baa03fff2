import { Crown, Search } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { inputClass } from '../../components/ui/Field.tsx';
import { useAuth } from '../../hooks/useAuth.ts';
import { errorMessage } from '../../lib/queryClient.ts';
import NotFound from '../../components/NotFound.tsx';
import { useAdminUsers, useSetPremium } from './api.ts';

export default function Admin() {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const query = useDeferredValue(q.trim());
  const isAdmin = user?.role === 'admin';
  const list = useAdminUsers({ page, query, enabled: isAdmin });
  const update = useSetPremium();
  if (!isAdmin) return <NotFound />;
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (
    <>
      <PageHeader title={t('admin.title')} subtitle={t('admin.subtitle')} />
      <Card className="grid gap-4">
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
            value={q}
            onChange={(e) => {
              setQ(e.target.value);
              setPage(1);
            }}
          />
        </div>
        {list.isLoading ? (
          <p role="status" className="text-slate-600">
            {t('common.loading')}
          </p>
        ) : list.isError ? (
          <div role="alert" className="grid gap-2">
            <p className="text-red-700">{errorMessage(list.error, t)}</p>
            <Button variant="outline" className="w-fit" onClick={() => void list.refetch()}>
              {t('common.retry')}
            </Button>
          </div>
        ) : list.data && list.data.items.length === 0 ? (
          <p className="text-slate-600">{t('admin.empty')}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[40rem] text-left text-sm">
              <thead className="text-xs uppercase tracking-wider text-slate-600">
                <tr>
                  <th scope="col" className="py-2 pr-4">
                    {t('admin.columns.name')}
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    {t('admin.columns.email')}
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    {t('admin.columns.role')}
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    {t('admin.columns.joined')}
                  </th>
                  <th scope="col" className="py-2">
                    {t('admin.columns.premium')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {list.data?.items.map((u) => (
                  <tr key={u.id}>
                    <td className="py-2.5 pr-4 font-medium text-slate-900">
                      {u.firstName} {u.lastName}
                    </td>
                    <td className="py-2.5 pr-4 text-slate-700">{u.email}</td>
                    <td className="py-2.5 pr-4">{t(`admin.roles.${u.role}`)}</td>
                    <td className="py-2.5 pr-4 text-slate-700">
                      {date.format(new Date(u.createdAt))}
                    </td>
                    <td className="py-2.5">
                      <Button
                        size="sm"
                        variant={u.isPremium ? 'outline' : 'secondary'}
                        disabled={update.isPending}
                        onClick={() =>
                          update.mutate({
                            id: u.id,
                            name: `${u.firstName} ${u.lastName}`.trim() || u.email,
                            isPremium: !u.isPremium,
                          })
                        }
                      >
                        {u.isPremium ? (
                          <Crown className="size-4 text-gold-500" aria-hidden />
                        ) : null}
                        {u.isPremium ? t('admin.revokePremium') : t('admin.grantPremium')}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {list.data ? (
          <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
            <span>{t('admin.total', { count: list.data.total })}</span>
            <div className="flex items-center gap-2">
              <Button
                size="sm"
                variant="outline"
                disabled={page <= 1}
                onClick={() => setPage((p) => p - 1)}
              >
                {t('admin.previous')}
              </Button>
              <span>{t('admin.page', { page, pages })}</span>
              <Button
                size="sm"
                variant="outline"
                disabled={page >= pages}
                onClick={() => setPage((p) => p + 1)}
              >
                {t('admin.next')}
              </Button>
            </div>
          </div>
        ) : null}
      </Card>
    </>
  );
}
