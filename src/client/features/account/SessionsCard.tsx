import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActiveSession } from '#shared/schemas/sessions.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { QueryError, Skeletons } from '../../components/QueryStates.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { Field } from '../../components/ui/Field.tsx';
import { toast } from '../../hooks/use-toast.ts';
import { errorMessage, fieldErrorsOf } from '../../lib/queryClient.ts';
import { useActiveSessions, useSignOutSessions } from './api.ts';

/** What the confirmation is about: every other device, or one of them. */
type Ending = { which: 'others' } | { which: string; device: string };

/**
 * Where the account is signed in, with sign-out of one device or of every other one; both
 * ask for the password first (ASVS 7.5.2, ADR 0041).
 */
export function SessionsCard() {
  const { t } = useTranslation();
  const query = useActiveSessions();
  const [ending, setEnding] = useState<Ending | null>(null);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const close = () => {
    setEnding(null);
    setPassword('');
    setPasswordError(undefined);
  };
  const signOut = useSignOutSessions({
    onDone: close,
    onError: (error) => {
      const field = fieldErrorsOf(error).password;
      if (field) setPasswordError(field);
      else
        toast({
          title: t('errors.title'),
          description: errorMessage(error, t),
          variant: 'destructive',
        });
    },
  });
  const sessions = query.data?.sessions ?? [];
  const others = sessions.filter((s) => !s.current).length;
  const one = ending && ending.which !== 'others' ? (ending as { device: string }) : null;
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
              <SessionRow
                key={s.id}
                session={s}
                onSignOut={(device) => setEnding({ which: s.id, device })}
              />
            ))}
          </ul>
        )}
      </div>
      {query.isSuccess &&
        (others > 0 ? (
          <Button variant="outline" className="mt-4" onClick={() => setEnding({ which: 'others' })}>
            {t('sessions.signOutOthers')}
          </Button>
        ) : (
          <p className="mt-4 text-sm text-slate-600">{t('sessions.onlyThis')}</p>
        ))}
      <ConfirmDialog
        open={ending !== null}
        onOpenChange={(open) => {
          if (!open) close();
        }}
        title={
          one ? t('sessions.confirmOneTitle', { device: one.device }) : t('sessions.confirmTitle')
        }
        description={
          one
            ? t('sessions.confirmOneBody')
            : `${t('sessions.confirmBody', { count: others })} ${t('sessions.passwordNote')}`
        }
        confirmLabel={one ? t('sessions.confirmOne') : t('sessions.confirm')}
        pending={signOut.isPending || password.length === 0}
        onConfirm={() => {
          if (ending) signOut.mutate({ which: ending.which, password });
        }}
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (ending && password) signOut.mutate({ which: ending.which, password });
          }}
        >
          <Field
            label={t('auth.password')}
            type="password"
            autoComplete="current-password"
            value={password}
            error={passwordError}
            onChange={(event) => {
              setPassword(event.target.value);
              setPasswordError(undefined);
            }}
          />
        </form>
      </ConfirmDialog>
    </Card>
  );
}

function SessionRow({
  session,
  onSignOut,
}: {
  session: ActiveSession;
  onSignOut: (device: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const device =
    session.browser && session.os
      ? t('sessions.device', { browser: session.browser, os: session.os })
      : (session.browser ?? session.os ?? t('sessions.unknownDevice'));
  const format = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(iso),
    );
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-2xl border border-slate-200 px-4 py-3">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">{device}</p>
        <p className="text-sm text-slate-600">
          {t('sessions.signedIn', { date: format(session.createdAt) })}
        </p>
        {session.current ? null : (
          <p className="text-sm text-slate-600">
            {t('sessions.lastActive', { date: format(session.lastActiveAt) })}
          </p>
        )}
      </div>
      {session.current ? (
        <span className="rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-800">
          {t('sessions.thisDevice')}
        </span>
      ) : (
        <Button
          variant="outline"
          size="sm"
          aria-label={t('sessions.signOutOneLabel', { device })}
          onClick={() => onSignOut(device)}
        >
          {t('sessions.signOutOne')}
        </Button>
      )}
    </li>
  );
}
