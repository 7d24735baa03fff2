import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { useDrawnForm } from '../hooks/useDrawnForm.ts';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from '../lib/router.tsx';
import type { SignInInput } from '#shared/schemas/user.ts';
import { Button } from '../components/ui/Button.tsx';
import { Field } from '../components/ui/Field.tsx';
import { useSubmissionErrors } from '../hooks/useApiForm.ts';
import { dismissToast } from '../hooks/use-toast.ts';
import { CURRENT_USER_KEY } from '../hooks/useAuth.ts';
import { authApi } from '../lib/auth-api.ts';
import { SESSION_ENDED_FLAG, sessionEnded } from '../lib/session-ended.ts';
import { fieldMessage } from '../lib/validation.ts';
import { keepNext } from '../paths.ts';
import { AuthCard } from './AuthCard.tsx';
import { lazyZodResolver } from '../lib/lazy-resolver.ts';
import { readyLazy } from '#delivery/app/ready-lazy.tsx';

// Only an account with a second step (a passkey, an app's code) needs it.
const TwoFactorStep = readyLazy('TwoFactorStep', () => import('./TwoFactorStep.tsx'));

export default function SignIn() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [ended] = useState(sessionEnded);
  const [params] = useSearchParams();
  // The notice says what happened: the failed write's error toast would only cover the form.
  useEffect(() => {
    if (ended) dismissToast();
  }, [ended]);
  const form = useDrawnForm<SignInInput>({
    resolver: lazyZodResolver(() => import('#shared/schemas/user.ts').then((m) => m.signInSchema)),
    defaultValues: { email: '', password: '' },
  });
  const showErrors = useSubmissionErrors(form.setError);
  // The second step's methods (`passkey`, `totp`) once the password is right, or null.
  const [secondStep, setSecondStep] = useState<string[] | null>(null);
  // Once the session is known, App's member routes send the person on to ?next=.
  const signedIn = () => {
    try {
      sessionStorage.removeItem(SESSION_ENDED_FLAG);
    } catch {
      // nothing to forget
    }
    return queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
  };
  const signIn = useMutation({
    mutationFn: (values: SignInInput) => authApi.signIn(values),
    retry: 0,
    onSuccess: (answer) => {
      if (answer.twoFactorRedirect) return setSecondStep(answer.twoFactorMethods ?? ['totp']);
      return signedIn();
    },
    onError: (error) => showErrors(error),
  });
  const { errors } = form.formState;
  if (secondStep) {
    return (
      <Suspense fallback={<AuthCard title={t('auth.twoFactor.title')}>{null}</AuthCard>}>
        <TwoFactorStep
          methods={secondStep}
          onVerified={() => void signedIn()}
          onStartAgain={() => {
            form.resetField('password');
            setSecondStep(null);
          }}
        />
      </Suspense>
    );
  }
  return (
    <AuthCard title={t('auth.signIn.title')} subtitle={t('auth.signIn.subtitle')}>
      <form
        method="post"
        className="grid gap-4"
        noValidate
        onSubmit={form.handleSubmit((v) => signIn.mutate(v))}
      >
        {ended ? (
          <p
            role="status"
            className="rounded-xl border border-gold-400/60 bg-gold-300/20 px-4 py-3 text-sm text-brand-950"
          >
            {t('auth.signIn.sessionEnded')}
          </p>
        ) : null}
        <Field
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          error={fieldMessage(t, errors.email)}
          {...form.register('email')}
        />
        <Field
          label={t('auth.password')}
          type="password"
          autoComplete="current-password"
          error={fieldMessage(t, errors.password)}
          {...form.register('password')}
        />
        <div className="-mt-1 text-right">
          <Link
            to="/forgot-password"
            className="text-sm font-medium text-brand-700 hover:underline"
          >
            {t('auth.signIn.forgot')}
          </Link>
        </div>
        <Button type="submit" size="lg" disabled={signIn.isPending}>
          {signIn.isPending ? t('auth.signIn.submitting') : t('auth.signIn.submit')}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        {t('auth.signIn.noAccount')}{' '}
        <Link
          to={keepNext('/sign-up', params.get('next'))}
          className="font-medium text-brand-700 hover:underline"
        >
          {t('auth.signIn.createAccount')}
        </Link>
      </p>
    </AuthCard>
  );
}
