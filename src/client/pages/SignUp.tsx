import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDrawnForm } from '../hooks/useDrawnForm.ts';
import { useTranslation } from 'react-i18next';
import { RichText } from '../components/RichText.tsx';
import { Link, useSearchParams } from '../lib/router.tsx';
import type { SignUpInput } from '#shared/schemas/user.ts';
import { Button } from '../components/ui/Button.tsx';
import { Field } from '../components/ui/Field.tsx';
import { useSubmissionErrors } from '../hooks/useApiForm.ts';
import { CURRENT_USER_KEY } from '../hooks/useAuth.ts';
import { authApi } from '../lib/auth-api.ts';
import { fieldMessage } from '../lib/validation.ts';
import { keepNext } from '../paths.ts';
import { AuthCard } from './AuthCard.tsx';
import { lazyZodResolver } from '../lib/lazy-resolver.ts';

export default function SignUp() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const form = useDrawnForm<SignUpInput>({
    resolver: lazyZodResolver(() => import('#shared/schemas/user.ts').then((m) => m.signUpSchema)),
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
  });
  const showErrors = useSubmissionErrors(form.setError);
  const signUp = useMutation({
    mutationFn: (values: SignUpInput) => authApi.signUp(values),
    retry: 0,
    // The new member is then routed by App (to the dashboard, behind the age gate).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
    onError: (error) => showErrors(error),
  });
  const { errors } = form.formState;
  const link = (to: string) => (
    <Link to={to} target="_blank" className="font-medium text-brand-700 underline" />
  );
  return (
    <AuthCard title={t('auth.signUp.title')} subtitle={t('auth.signUp.subtitle')}>
      <form
        method="post"
        className="grid gap-4"
        noValidate
        onSubmit={form.handleSubmit((v) => signUp.mutate(v))}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t('auth.firstName')}
            autoComplete="given-name"
            error={fieldMessage(t, errors.firstName)}
            {...form.register('firstName')}
          />
          <Field
            label={t('auth.lastName')}
            autoComplete="family-name"
            error={fieldMessage(t, errors.lastName)}
            {...form.register('lastName')}
          />
        </div>
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
          autoComplete="new-password"
          hint={t('auth.passwordHint')}
          error={fieldMessage(t, errors.password)}
          {...form.register('password')}
        />
        <p className="text-sm text-slate-600">
          <RichText
            text={t('auth.signUp.agree')}
            parts={{ terms: link('/terms-of-service'), privacy: link('/privacy-policy') }}
          />
        </p>
        <Button type="submit" size="lg" disabled={signUp.isPending}>
          {signUp.isPending ? t('auth.signUp.submitting') : t('auth.signUp.submit')}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        {t('auth.signUp.haveAccount')}{' '}
        <Link
          to={keepNext('/sign-in', params.get('next'))}
          className="font-medium text-brand-700 hover:underline"
        >
          {t('auth.signIn.submit')}
        </Link>
      </p>
    </AuthCard>
  );
}
