import '../lib/zod-config.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useDrawnForm } from '../hooks/useDrawnForm.ts';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from '../lib/router.tsx';
import { z } from 'zod';
import { passwordSchema } from '#shared/schemas/user.ts';
import { Button } from '../components/ui/Button.tsx';
import { Field } from '../components/ui/Field.tsx';
import { useSubmissionErrors } from '../hooks/useApiForm.ts';
import { authApi } from '../lib/auth-api.ts';
import { fieldMessage } from '../lib/validation.ts';
import { AuthCard } from './AuthCard.tsx';

const schema = z
  .object({ password: passwordSchema, confirm: z.string() })
  .refine((v) => v.password === v.confirm, {
    path: ['confirm'],
    error: 'validation.passwordsDiffer',
  });
type Input = z.infer<typeof schema>;

export default function ResetPassword() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const form = useDrawnForm<Input>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', confirm: '' },
  });
  // The API names the field newPassword (a common password is refused there).
  const showErrors = useSubmissionErrors(form.setError, { newPassword: 'password' });
  const reset = useMutation({
    mutationFn: (values: Input) => authApi.resetPassword(values.password, token ?? ''),
    retry: 0,
    onError: (error) => showErrors(error),
  });
  if (!token || params.get('error')) {
    return (
      <AuthCard title={t('auth.reset.title')}>
        <p role="alert" className="text-slate-700">
          {t('auth.reset.missingToken')}
        </p>
        <Button asChild className="mt-6 w-full">
          <Link to="/forgot-password">{t('auth.reset.requestNew')}</Link>
        </Button>
      </AuthCard>
    );
  }
  if (reset.isSuccess) {
    return (
      <AuthCard title={t('auth.reset.title')}>
        <p role="status" className="text-slate-700">
          {t('auth.reset.done')}
        </p>
        <Button asChild className="mt-6 w-full">
          <Link to="/sign-in">{t('auth.signIn.submit')}</Link>
        </Button>
      </AuthCard>
    );
  }
  const { errors } = form.formState;
  return (
    <AuthCard title={t('auth.reset.title')}>
      <form
        method="post"
        className="grid gap-4"
        noValidate
        onSubmit={form.handleSubmit((v) => reset.mutate(v))}
      >
        <Field
          label={t('auth.newPassword')}
          type="password"
          autoComplete="new-password"
          hint={t('auth.passwordHint')}
          error={fieldMessage(t, errors.password)}
          {...form.register('password')}
        />
        <Field
          label={t('auth.confirmPassword')}
          type="password"
          autoComplete="new-password"
          error={fieldMessage(t, errors.confirm)}
          {...form.register('confirm')}
        />
        <Button type="submit" size="lg" disabled={reset.isPending}>
          {reset.isPending ? t('auth.reset.submitting') : t('auth.reset.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
