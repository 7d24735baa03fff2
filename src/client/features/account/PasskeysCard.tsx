import KeyRound from 'lucide-react/icons/key-round';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Passkey } from '#shared/schemas/passkeys.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { lazyWhenOpen } from '../../components/lazyWhenOpen.tsx';
import { QueryError, Skeletons } from '../../components/QueryStates.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { Field } from '../../components/ui/Field.tsx';
import { toast } from '../../hooks/use-toast.ts';
import { useQueryClient } from '@tanstack/react-query';
import { CURRENT_USER_KEY } from '../../lib/auth-api.ts';
import { errorMessage, fieldErrorsOf } from '../../lib/queryClient.ts';
import { PASSKEYS_KEY, passkeyApi, usePasskeys } from './api.ts';

// The dialog brings the browser's WebAuthn helper (@simplewebauthn/browser) when first opened.
const AddPasskeyDialog = lazyWhenOpen(() => import('./AddPasskeyDialog.tsx'));

/** The anchor the invitation links to (`/account-settings#passkeys`). */
export const PASSKEYS_ANCHOR = 'passkeys';

/**
 * Passkeys, the easy second step of signing in (ADR 0044): the list (name, added, last used),
 * "Add a passkey", and removing one with the password.
 */
export function PasskeysCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = usePasskeys();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  useEffect(() => {
    if (window.location.hash === `#${PASSKEYS_ANCHOR}`) {
      document.getElementById(PASSKEYS_ANCHOR)?.scrollIntoView();
    }
  }, []);
  const closeRemove = () => {
    setRemoving(null);
    setPassword('');
    setPasswordError(undefined);
  };
  async function remove() {
    if (!removing || !password) return;
    setPending(true);
    try {
      await passkeyApi.remove(removing.id, password);
      closeRemove();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY }),
        queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
      ]);
      toast({ title: t('settings.passkeys.removed') });
    } catch (error) {
      const field = fieldErrorsOf(error).password;
      if (field) setPasswordError(field);
      else {
        closeRemove();
        toast({
          title: t('errors.title'),
          description: errorMessage(error, t),
          variant: 'destructive',
        });
      }
    } finally {
      setPending(false);
    }
  }
  const passkeys = query.data?.passkeys ?? [];
  return (
    <Card id={PASSKEYS_ANCHOR} className="scroll-mt-24">
      <h2 className="flex items-center gap-2 font-serif text-xl text-brand-950">
        <KeyRound className="size-5 text-brand-700" aria-hidden />
        {t('settings.passkeys.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('settings.passkeys.hint')}</p>
      <div className="mt-4">
        {query.isPending ? (
          <Skeletons count={1} height="h-14" />
        ) : query.isError ? (
          <QueryError error={query.error} onRetry={() => void query.refetch()} />
        ) : passkeys.length === 0 ? (
          <p className="text-sm text-slate-600">{t('settings.passkeys.none')}</p>
        ) : (
          <ul className="grid gap-2" aria-label={t('settings.passkeys.listLabel')}>
            {passkeys.map((p) => (
              <PasskeyRow key={p.id} passkey={p} onRemove={() => setRemoving(p)} />
            ))}
          </ul>
        )}
      </div>
      <Button className="mt-4" onClick={() => setAdding(true)}>
        {t('settings.passkeys.add')}
      </Button>
      <AddPasskeyDialog open={adding} onOpenChange={setAdding} />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) closeRemove();
        }}
        title={t('settings.passkeys.removeTitle', { name: removing?.name ?? '' })}
        description={t('settings.passkeys.removeBody')}
        confirmLabel={t('settings.passkeys.remove')}
        pending={pending || password.length === 0}
        onConfirm={() => void remove()}
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void remove();
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

function PasskeyRow({ passkey, onRemove }: { passkey: Passkey; onRemove: () => void }) {
  const { t, i18n } = useTranslation();
  const format = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(iso));
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-2xl border border-slate-200 px-4 py-3">
      <div className="min-w-0">
        <p className="break-words font-medium text-slate-900">{passkey.name}</p>
        <p className="text-sm text-slate-600">
          {t('settings.passkeys.addedOn', { date: format(passkey.createdAt) })}
        </p>
        <p className="text-sm text-slate-600">
          {passkey.lastUsedAt
            ? t('settings.passkeys.lastUsed', { date: format(passkey.lastUsedAt) })
            : t('settings.passkeys.neverUsed')}
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        aria-label={t('settings.passkeys.removeLabel', { name: passkey.name })}
        onClick={onRemove}
      >
        {t('settings.passkeys.remove')}
      </Button>
    </li>
  );
}
