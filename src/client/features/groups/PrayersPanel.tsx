import HandHeart from 'lucide-react/icons/hand-heart';
import { useTranslation } from 'react-i18next';
import type { GroupDetail } from '#shared/groups.ts';
import { QueryError, Skeletons } from '../../components/QueryStates.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { Link } from '../../lib/router.tsx';
import { cn } from '../../lib/cn.ts';
import { fullName, useGroupDate } from './format.ts';
import { useGroupPrayers, useSharePrayer } from './prayers-api.ts';

/**
 * Prayer in the group (issue 38 item 3): each member chooses which of their own requests the
 * leaders read (a switch each, nothing shared unless chosen); the leaders read what was shared.
 */
export function PrayersPanel({ group }: { group: GroupDetail }) {
  const { t } = useTranslation();
  const date = useGroupDate();
  const prayers = useGroupPrayers(group.id);
  const share = useSharePrayer(group.id);
  const data = prayers.data;
  const mine = data?.mine.filter((p) => p.status === 'active' || p.shared) ?? [];
  return (
    <Card className="grid gap-4" id="group-prayers">
      <h2 className="flex items-center gap-2 font-serif text-2xl text-brand-950">
        <HandHeart className="size-5 text-brand-700" aria-hidden /> {t('groups.prayers.title')}
      </h2>
      {prayers.isError ? (
        <QueryError error={prayers.error} onRetry={() => void prayers.refetch()} />
      ) : !data ? (
        <Skeletons count={2} height="h-10" />
      ) : (
        <>
          {data.shared ? (
            <section aria-labelledby="prayers-shared" className="grid gap-2">
              <h3 id="prayers-shared" className="font-semibold text-brand-950">
                {t('groups.prayers.sharedTitle', { count: data.shared.length })}
              </h3>
              {data.shared.length === 0 ? (
                <p className="text-sm text-slate-600">{t('groups.prayers.noneShared')}</p>
              ) : (
                <ul className="grid gap-2">
                  {data.shared.map((p) => (
                    <li key={p.prayerId} className="rounded-xl bg-slate-50 px-3 py-2">
                      <p className="font-medium text-slate-900">
                        {p.title}
                        {p.urgent ? (
                          <span className="ml-2 rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">
                            {t('groups.prayers.urgent')}
                          </span>
                        ) : null}
                        {p.status === 'answered' ? (
                          <span className="ml-2 rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-900">
                            {t('groups.prayers.answered')}
                          </span>
                        ) : null}
                      </p>
                      {p.description ? (
                        <p className="whitespace-pre-line text-sm text-slate-700">
                          {p.description}
                        </p>
                      ) : null}
                      <p className="text-xs text-slate-600">
                        {t('groups.prayers.by', { name: fullName(p), date: date(p.sharedOn) })}
                      </p>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ) : null}
          <section aria-labelledby="prayers-mine" className="grid gap-2">
            <h3 id="prayers-mine" className="font-semibold text-brand-950">
              {t('groups.prayers.mineTitle')}
            </h3>
            <p className="text-sm text-slate-700">{t('groups.prayers.mineHint')}</p>
            {mine.length === 0 ? (
              <p className="text-sm text-slate-600">
                {t('groups.prayers.noneMine')}{' '}
                <Link to="/prayer" className="font-medium text-brand-700 underline">
                  {t('groups.prayers.toPrayer')}
                </Link>
              </p>
            ) : (
              <ul className="grid gap-1">
                {mine.map((p) => (
                  <li key={p.prayerId} className="flex items-center justify-between gap-3 py-1">
                    <span className="min-w-0 text-slate-900">{p.title}</span>
                    <button
                      type="button"
                      aria-pressed={p.shared}
                      disabled={share.isPending}
                      aria-label={t(
                        p.shared ? 'groups.prayers.unshareNamed' : 'groups.prayers.shareNamed',
                        {
                          title: p.title,
                        },
                      )}
                      onClick={() => share.mutate({ prayerId: p.prayerId, share: !p.shared })}
                      className={cn(
                        'shrink-0 rounded-full border px-3 py-1 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:opacity-60',
                        p.shared
                          ? 'border-brand-700 bg-brand-700 text-white'
                          : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
                      )}
                    >
                      {t(p.shared ? 'groups.prayers.isShared' : 'groups.prayers.share')}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </Card>
  );
}
