import { Suspense } from 'react';
import { useDrawnForm } from '../../hooks/useDrawnForm.ts';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '#shared/schemas/user.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { Field } from '../../components/ui/Field.tsx';
import { useSubmissionErrors } from '../../hooks/useApiForm.ts';
import { fieldMessage } from '../../lib/validation.ts';
import { Skeletons } from '../../components/QueryStates.tsx';
import { useUpdateProfile, type ProfileInput } from './api.ts';
import { lazyZodResolver } from '../../lib/lazy-resolver.ts';
import { readyLazy } from '#delivery/app/ready-lazy.tsx';

// Password, two-step verification and devices come just after the profile form (their code
// is not part of the settings page's first load).
const SecuritySection = readyLazy('SecuritySection', () => import('./SecuritySection.tsx'));

export function ProfileTab({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const form = useDrawnForm<ProfileInput>({
    resolver: lazyZodResolver(() =>
      import('#shared/schemas/user.ts').then((m) => m.profileUpdateSchema),
    ),
    defaultValues: { firstName: user.firstName, lastName: user.lastName },
  });
  const showErrors = useSubmissionErrors(form.setError);
  const save = useUpdateProfile((error) => showErrors(error, t('settings.profile.failedTitle')));
  const { errors } = form.formState;
  return (
    <div className="grid gap-6">
      <Card>
        <h2 className="font-serif text-xl text-brand-950">{t('settings.profile.title')}</h2>
        <form
          className="mt-4 grid gap-4"
          noValidate
          onSubmit={form.handleSubmit((v) => save.mutate(v))}
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
            value={user.email}
            readOnly
            disabled
            hint={t('settings.profile.emailHint')}
          />
          <Button type="submit" className="w-fit" disabled={save.isPending}>
            {save.isPending ? t('common.saving') : t('common.save')}
          </Button>
        </form>
      </Card>
      <Suspense fallback={<Skeletons count={3} height="h-48" />}>
        <SecuritySection user={user} />
      </Suspense>
    </div>
  );
}
