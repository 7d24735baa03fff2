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

/**
 * The second step of signing in when two-step verification is on (ADR 0031): a code from the
 * authenticator app, or one of the recovery codes. Loaded only when a sign-in asks for it.
 */
export default function TwoFactorStep({
  onVerified,
  onStartAgain,
}: {
  onVerified: () => void;
  onStartAgain: () => void;
}) {
  const { t } = useTranslation();
  const [method, setMethod] = useState<'app' | 'recovery'>('app');
  const [code, setCode] = useState('');
  const [trustDevice, setTrustDevice] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  function switchMethod() {
    setMethod((m) => (m === 'app' ? 'recovery' : 'app'));
    setCode('');
    setError(undefined);
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
      await authApi.verifySecondFactor(method, value, trustDevice);
      onVerified();
    } catch (err) {
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
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 accent-brand-700"
            checked={trustDevice}
            onChange={(e) => setTrustDevice(e.target.checked)}
          />
          {t('auth.twoFactor.trustDevice')}
        </label>
        <Button type="submit" size="lg" disabled={pending}>
          {pending ? t('auth.twoFactor.submitting') : t('auth.twoFactor.submit')}
        </Button>
      </form>
      <div className="mt-6 grid justify-items-center gap-3 text-sm">
        <button
          type="button"
          className="font-medium text-brand-700 hover:underline"
          onClick={switchMethod}
        >
          {method === 'app' ? t('auth.twoFactor.useRecovery') : t('auth.twoFactor.useApp')}
        </button>
        <button type="button" className="text-slate-600 hover:underline" onClick={onStartAgain}>
          {t('auth.twoFactor.back')}
        </button>
      </div>
    </AuthCard>
  );
}
