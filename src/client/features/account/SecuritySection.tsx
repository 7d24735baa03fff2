import { useDrawnForm } from '../../hooks/useDrawnForm.ts';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '#shared/schemas/user.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { Field } from '../../components/ui/Field.tsx';
import { useSubmissionErrors } from '../../hooks/useApiForm.ts';
import { lazyZodResolver } from '../../lib/lazy-resolver.ts';
import { fieldMessage } from '../../lib/validation.ts';
import { useChangePassword, type ChangePasswordInput } from './api.ts';
import { PasskeysCard } from './PasskeysCard.tsx';
import { SessionsCard } from './SessionsCard.tsx';
import { TwoFactorCard } from './TwoFactorCard.tsx';

/**
 * The profile tab's security part: the password, the second step of signing in (passkeys first,
 * the easy one, then an authenticator app), signed-in devices.
 */
export default function SecuritySection({ user }: { user: CurrentUser }) {
  return (
    <>
      <ChangePassword />
      <PasskeysCard />
      <TwoFactorCard user={user} />
      <SessionsCard />
    </>
  );
}

function ChangePassword() {
  const { t } = useTranslation();
  const form = useDrawnForm<ChangePasswordInput>({
    resolver: lazyZodResolver(() =>
      import('#shared/schemas/user.ts').then((m) => m.changePasswordSchema),
    ),
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const showErrors = useSubmissionErrors(form.setError);
  const change = useChangePassword({
    onChanged: () => form.reset(),
    onError: (error) => showErrors(error),
  });
  const { errors } = form.formState;
  return (
    <Card>
      <h2 className="font-serif text-xl text-brand-950">{t('settings.password.title')}</h2>
      <p className="mt-1 text-sm text-slate-600">{t('settings.password.hint')}</p>
      <form
        className="mt-4 grid gap-4 sm:max-w-md"
        noValidate
        onSubmit={form.handleSubmit((v) => change.mutate(v))}
      >
        <Field
          label={t('auth.currentPassword')}
          type="password"
          autoComplete="current-password"
          error={fieldMessage(t, errors.currentPassword)}
          {...form.register('currentPassword')}
        />
        <Field
          label={t('auth.newPassword')}
          type="password"
          autoComplete="new-password"
          hint={t('auth.passwordHint')}
          error={fieldMessage(t, errors.newPassword)}
          {...form.register('newPassword')}
        />
        <Button type="submit" className="w-fit" disabled={change.isPending}>
          {change.isPending ? t('common.saving') : t('settings.password.submit')}
        </Button>
      </form>
    </Card>
  );
}
