import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import KeyRound from 'lucide-react/icons/key-round';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/ui/Button.tsx';
import { Field } from '../components/ui/Field.tsx';
import { toast } from '../hooks/use-toast.ts';
import { authApi } from '../lib/auth-api.ts';
import { ApiError, errorMessage, fieldErrorsOf } from '../lib/queryClient.ts';
import { AuthCard } from './AuthCard.tsx';

/** Answers that end the pending sign-in: the person starts again with e-mail and password. */
const START_AGAIN = new Set(['INVALID_TWO_FACTOR_COOKIE', 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE']);

const APP_CODE = /^\d{6}$/;
const RECOVERY_CODE = /^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/;

type Method = 'passkey' | 'app' | 'recovery';

/**
 * The second step of signing in (ADR 0031, 0044): the member's passkey (offered first when they
 * have one), a code from the authenticator app, or one of the recovery codes. Loaded only when a
 * sign-in asks for it; the passkey's browser helper only when the passkey is used.
 */
export default function TwoFactorStep({
  methods,
  onVerified,
  onStartAgain,
}: {
  /** What the sign-in's answer offered: `passkey`, `totp`. */
  methods: string[];
  onVerified: () => void;
  onStartAgain: () => void;
}) {
  const { t } = useTranslation();
  const hasPasskey = methods.includes('passkey');
  const hasApp = methods.includes('totp');
  const [method, setMethod] = useState<Method>(hasPasskey ? 'passkey' : 'app');
  const [code, setCode] = useState('');
  const [trustDevice, setTrustDevice] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  function switchTo(next: Method) {
    setMethod(next);
    setCode('');
    setError(undefined);
  }

  /** A refusal: the pending sign-in is over (start again), or the message under the step. */
  function refused(err: unknown) {
    setPending(false);
    const code = err instanceof ApiError ? (err.body as { code?: string } | null)?.code : '';
    if (code && START_AGAIN.has(code)) {
      toast({
        title: t('errors.title'),
        description: errorMessage(err, t),
        variant: 'destructive',
      });
      return onStartAgain();
    }
    setError(Object.values(fieldErrorsOf(err))[0] ?? errorMessage(err, t));
  }

  async function signInWithPasskey() {
    setPending(true);
    setError(undefined);
    try {
      const [options, webauthn] = await Promise.all([
        authApi.passkeyOptions(),
        import('@simplewebauthn/browser'),
      ]);
      let response: unknown;
      try {
        response = await webauthn.startAuthentication({
          optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
        });
      } catch {
        // The device's prompt was closed or timed out: nothing was sent.
        setPending(false);
        return setError(t('auth.twoFactor.passkeyCancelled'));
      }
      await authApi.verifyPasskey(response, trustDevice);
      onVerified();
    } catch (err) {
      refused(err);
    }
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const value = code.replace(/\s+/g, '');
    if (!value) return setError(t('validation.required'));
    if (method === 'app' && !APP_CODE.test(value)) return setError(t('validation.totpCode'));
    if (method === 'recovery' && !RECOVERY_CODE.test(value)) {
      return setError(t('validation.recoveryCode'));
    }
    setPending(true);
    setError(undefined);
    try {
      await authApi.verifySecondFactor(
        method === 'recovery' ? 'recovery' : 'app',
        value,
        trustDevice,
      );
      onVerified();
    } catch (err) {
      refused(err);
    }
  }

  const trustBox = (
    <label className="flex items-start gap-2 text-sm text-slate-800">
      <input
        type="checkbox"
        className="mt-0.5 size-4 shrink-0 accent-brand-700"
        checked={trustDevice}
        onChange={(e) => setTrustDevice(e.target.checked)}
      />
      {t('auth.twoFactor.trustDevice')}
    </label>
  );
  const back = (
    <button type="button" className="text-slate-600 hover:underline" onClick={onStartAgain}>
      {t('auth.twoFactor.back')}
    </button>
  );

  if (method === 'passkey') {
    return (
      <AuthCard title={t('auth.twoFactor.title')} subtitle={t('auth.twoFactor.passkeySubtitle')}>
        <div className="grid gap-4">
          {trustBox}
          <Button
            type="button"
            size="lg"
            disabled={pending}
            onClick={() => void signInWithPasskey()}
          >
            <KeyRound className="mr-2 size-5" aria-hidden />
            {pending ? t('auth.twoFactor.waitingPasskey') : t('auth.twoFactor.usePasskey')}
          </Button>
          {error ? (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
        </div>
        <div className="mt-6 grid justify-items-center gap-3 text-sm">
          {hasApp ? (
            <button
              type="button"
              className="font-medium text-brand-700 hover:underline"
              onClick={() => switchTo('app')}
            >
              {t('auth.twoFactor.useAppOrCode')}
            </button>
          ) : null}
          {back}
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t('auth.twoFactor.title')}
      subtitle={
        method === 'app' ? t('auth.twoFactor.subtitle') : t('auth.twoFactor.recoverySubtitle')
      }
    >
      <form method="post" className="grid gap-4" noValidate onSubmit={(e) => void submit(e)}>
        <Field
          key={method}
          label={method === 'app' ? t('auth.twoFactor.code') : t('auth.twoFactor.recoveryCode')}
          inputMode={method === 'app' ? 'numeric' : 'text'}
          autoComplete={method === 'app' ? 'one-time-code' : 'off'}
          autoCapitalize="off"
          spellCheck={false}
          maxLength={method === 'app' ? 9 : 13}
          // The field the person came for: the page has just changed to it.
          autoFocus
          value={code}
          error={error}
          onChange={(e) => setCode(e.target.value)}
        />
        {trustBox}
        <Button type="submit" size="lg" disabled={pending}>
          {pending ? t('auth.twoFactor.submitting') : t('auth.twoFactor.submit')}
        </Button>
      </form>
      <div className="mt-6 grid justify-items-center gap-3 text-sm">
        <button
          type="button"
          className="font-medium text-brand-700 hover:underline"
          onClick={() => switchTo(method === 'app' ? 'recovery' : 'app')}
        >
          {method === 'app' ? t('auth.twoFactor.useRecovery') : t('auth.twoFactor.useApp')}
        </button>
        {hasPasskey ? (
          <button
            type="button"
            className="font-medium text-brand-700 hover:underline"
            onClick={() => switchTo('passkey')}
          >
            {t('auth.twoFactor.usePasskeyInstead')}
          </button>
        ) : null}
        {back}
      </div>
    </AuthCard>
  );
}
