import { useMutation } from '@tanstack/react-query';
import MailCheck from 'lucide-react/icons/mail-check';
import { useDrawnForm } from '../hooks/useDrawnForm.ts';
import { useTranslation } from 'react-i18next';
import { Link } from '../lib/router.tsx';
import type { z } from 'zod';
import type { forgotPasswordSchema } from '#shared/schemas/user.ts';
import { Button } from '../components/ui/Button.tsx';
import { Field } from '../components/ui/Field.tsx';
import { useSubmissionErrors } from '../hooks/useApiForm.ts';
import { authApi } from '../lib/auth-api.ts';
import { fieldMessage } from '../lib/validation.ts';
import { AuthCard } from './AuthCard.tsx';
import { lazyZodResolver } from '../lib/lazy-resolver.ts';

type Input = z.infer<typeof forgotPasswordSchema>;

export default function ForgotPassword() {
  const { t } = useTranslation();
  const form = useDrawnForm<Input>({
    resolver: lazyZodResolver(() =>
      import('#shared/schemas/user.ts').then((m) => m.forgotPasswordSchema),
    ),
    defaultValues: { email: '' },
  });
  const showErrors = useSubmissionErrors(form.setError);
  const request = useMutation({
    mutationFn: (values: Input) => authApi.requestPasswordReset(values),
    retry: 0,
    onError: (error) => showErrors(error),
  });
  if (request.isSuccess) {
    return (
      <AuthCard title={t('auth.forgot.sentTitle')}>
        <div role="status" className="grid gap-4">
          <MailCheck className="size-10 text-brand-700" aria-hidden />
          <p className="text-slate-700">
            {t('auth.forgot.sent', { email: form.getValues('email') })}
          </p>
          <Link to="/sign-in" className="font-medium text-brand-700 hover:underline">
            {t('auth.forgot.back')}
          </Link>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')}>
      <form
        method="post"
        className="grid gap-4"
        noValidate
        onSubmit={form.handleSubmit((v) => request.mutate(v))}
      >
        <Field
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          error={fieldMessage(t, form.formState.errors.email)}
          {...form.register('email')}
        />
        <Button type="submit" size="lg" disabled={request.isPending}>
          {request.isPending ? t('auth.forgot.submitting') : t('auth.forgot.submit')}
        </Button>
        <Link
          to="/sign-in"
          className="text-center text-sm font-medium text-brand-700 hover:underline"
        >
          {t('auth.forgot.back')}
        </Link>
      </form>
    </AuthCard>
  );
}
