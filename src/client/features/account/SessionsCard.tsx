import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActiveSession } from '#shared/schemas/sessions.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { QueryError, Skeletons } from '../../components/QueryStates.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { useActiveSessions, useSignOutOtherSessions } from './api.ts';

/** Where the account is signed in, with "sign out other devices" (after a confirmation). */
export function SessionsCard() {
  const { t } = useTranslation();
  const query = useActiveSessions();
  const [confirming, setConfirming] = useState(false);
  const signOut = useSignOutOtherSessions(() => setConfirming(false));
  const sessions = query.data?.sessions ?? [];
  const others = sessions.filter((s) => !s.current).length;
  return (
    <Card>
      <h2 className="font-serif text-xl text-brand-950">{t('sessions.title')}</h2>
      <p className="mt-1 text-sm text-slate-600">{t('sessions.hint')}</p>
      <div className="mt-4">
        {query.isPending ? (
          <Skeletons count={2} height="h-14" />
        ) : query.isError ? (
          <QueryError error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <ul className="grid gap-2" aria-label={t('sessions.title')}>
            {sessions.map((s) => (
              <SessionRow key={s.id} session={s} />
            ))}
          </ul>
        )}
      </div>
      {query.isSuccess &&
        (others > 0 ? (
          <Button variant="outline" className="mt-4" onClick={() => setConfirming(true)}>
            {t('sessions.signOutOthers')}
          </Button>
        ) : (
          <p className="mt-4 text-sm text-slate-600">{t('sessions.onlyThis')}</p>
        ))}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('sessions.confirmTitle')}
        description={t('sessions.confirmBody', { count: others })}
        confirmLabel={t('sessions.confirm')}
        pending={signOut.isPending}
        onConfirm={() => signOut.mutate()}
      />
    </Card>
  );
}

function SessionRow({ session }: { session: ActiveSession }) {
  const { t, i18n } = useTranslation();
  const device =
    session.browser && session.os
      ? t('sessions.device', { browser: session.browser, os: session.os })
      : (session.browser ?? session.os ?? t('sessions.unknownDevice'));
  const since = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(session.createdAt));
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-2xl border border-slate-200 px-4 py-3">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">{device}</p>
        <p className="text-sm text-slate-600">{t('sessions.signedIn', { date: since })}</p>
      </div>
      {session.current && (
        <span className="rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-800">
          {t('sessions.thisDevice')}
        </span>
      )}
    </li>
  );
}
