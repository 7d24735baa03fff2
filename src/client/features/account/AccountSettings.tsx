import { zodResolver } from '@hookform/resolvers/zod';
import * as Tabs from '@radix-ui/react-tabs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Crown } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { SUPPORT_REPLY_HOURS } from '#shared/constants.ts';
import {
  BIBLE_TRANSLATION_PREFERENCES,
  READING_PLAN_DURATIONS,
  changePasswordSchema,
  profileUpdateSchema,
  type CurrentUser,
  type UserPreferences,
} from '#shared/schemas/user.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { Field, inputClass } from '../../components/ui/Field.tsx';
import { Switch } from '../../components/ui/Switch.tsx';
import { useSubmissionErrors } from '../../hooks/useApiForm.ts';
import { CURRENT_USER_KEY, useAuth } from '../../hooks/useAuth.ts';
import { toast } from '../../hooks/use-toast.ts';
import { useLanguage } from '../../lib/language.tsx';
import { apiRequest, errorMessage } from '../../lib/queryClient.ts';
import { fieldMessage } from '../../lib/validation.ts';

const TABS = [
  'profile',
  'preferences',
  'subscription',
  'privacy',
  'notifications',
  'support',
] as const;

function ProfileTab({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  type Input = z.infer<typeof profileUpdateSchema>;
  const form = useForm<Input>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: { firstName: user.firstName, lastName: user.lastName },
  });
  const showErrors = useSubmissionErrors(form.setError);
  const save = useMutation({
    mutationFn: async (values: Input) =>
      (await apiRequest('PATCH', '/api/user/profile', values)).json() as Promise<CurrentUser>,
    onSuccess: (updated) => {
      queryClient.setQueryData(CURRENT_USER_KEY, updated);
      toast({ title: t('settings.profile.updated') });
    },
    onError: (error) => showErrors(error, t('settings.profile.failedTitle')),
  });
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
      <ChangePassword />
    </div>
  );
}

function ChangePassword() {
  const { t } = useTranslation();
  type Input = z.infer<typeof changePasswordSchema>;
  const form = useForm<Input>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const showErrors = useSubmissionErrors(form.setError);
  const change = useMutation({
    mutationFn: (values: Input) => apiRequest('POST', '/api/auth/change-password', values),
    retry: 0,
    onSuccess: () => {
      form.reset();
      toast({ title: t('settings.password.changed') });
    },
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

/** Saves one or more preferences at once and keeps the cached user in step. */
function usePreferenceSaver() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (changes: Partial<UserPreferences>) =>
      (await apiRequest('PATCH', '/api/user/preferences', changes)).json() as Promise<CurrentUser>,
    onSuccess: (updated) => {
      queryClient.setQueryData(CURRENT_USER_KEY, updated);
      toast({ title: t('settings.preferences.saved') });
    },
    onError: (error) =>
      toast({
        title: t('errors.title'),
        description: errorMessage(error, t),
        variant: 'destructive',
      }),
  });
}

function ToggleList({
  user,
  keys,
  prefix,
}: {
  user: CurrentUser;
  keys: (keyof UserPreferences)[];
  prefix: string;
}) {
  const { t } = useTranslation();
  const save = usePreferenceSaver();
  return (
    <div className="divide-y divide-slate-200">
      {keys.map((key) => (
        <Switch
          key={key}
          label={t(`${prefix}.${key}`)}
          hint={t(`${prefix}.${key}Hint`, { defaultValue: '' }) || undefined}
          checked={Boolean(user.preferences[key])}
          disabled={save.isPending}
          onChange={(value) => save.mutate({ [key]: value })}
        />
      ))}
    </div>
  );
}

function PreferencesTab({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const { setLanguage, language } = useLanguage();
  const save = usePreferenceSaver();
  const selectClass = `${inputClass} sm:max-w-xs`;
  return (
    <Card className="grid gap-5">
      <h2 className="font-serif text-xl text-brand-950">{t('settings.preferences.title')}</h2>
      <div className="grid gap-1.5">
        <label htmlFor="pref-language" className="text-sm font-medium text-slate-800">
          {t('language.label')}
        </label>
        <select
          id="pref-language"
          className={selectClass}
          value={language}
          onChange={(e) => {
            const next = e.target.value === 'es' ? 'es' : 'en';
            setLanguage(next);
            save.mutate({ language: next });
          }}
        >
          <option value="en">{t('language.en')}</option>
          <option value="es">{t('language.es')}</option>
        </select>
      </div>
      <div className="grid gap-1.5">
        <label htmlFor="pref-translation" className="text-sm font-medium text-slate-800">
          {t('settings.preferences.translation')}
        </label>
        <select
          id="pref-translation"
          aria-describedby="pref-translation-note"
          className={selectClass}
          value={user.preferences.bibleTranslation}
          onChange={(e) =>
            save.mutate({ bibleTranslation: e.target.value as UserPreferences['bibleTranslation'] })
          }
        >
          {BIBLE_TRANSLATION_PREFERENCES.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
        <p id="pref-translation-note" className="text-xs text-slate-600">
          {t('settings.preferences.translationNote')}
        </p>
      </div>
      <div className="grid gap-1.5">
        <label htmlFor="pref-duration" className="text-sm font-medium text-slate-800">
          {t('settings.preferences.planDuration')}
        </label>
        <select
          id="pref-duration"
          className={selectClass}
          value={user.preferences.readingPlanDuration}
          onChange={(e) =>
            save.mutate({
              readingPlanDuration: e.target.value as UserPreferences['readingPlanDuration'],
            })
          }
        >
          {READING_PLAN_DURATIONS.map((d) => (
            <option key={d} value={d}>
              {t(`settings.preferences.durations.${d}`)}
            </option>
          ))}
        </select>
      </div>
      <ToggleList
        user={user}
        keys={['dailyReminders', 'progressTracking']}
        prefix="settings.preferences"
      />
    </Card>
  );
}

function PrivacyTab({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const remove = useMutation({
    mutationFn: () => apiRequest('POST', '/api/auth/delete-user', { password }),
    retry: 0,
    onSuccess: () => {
      toast({ title: t('settings.privacy.deleted') });
      window.location.assign('/api/logout');
    },
    onError: (error) =>
      toast({
        title: t('errors.title'),
        description: errorMessage(error, t),
        variant: 'destructive',
      }),
  });
  return (
    <div className="grid gap-6">
      <Card>
        <h2 className="font-serif text-xl text-brand-950">{t('settings.privacy.title')}</h2>
        <ToggleList
          user={user}
          keys={['profileVisibility', 'activitySharing']}
          prefix="settings.privacy"
        />
      </Card>
      <Card className="border-red-200">
        <h2 className="font-serif text-xl text-red-800">{t('settings.privacy.deleteTitle')}</h2>
        <p className="mt-1 text-slate-700">{t('settings.privacy.deleteBody')}</p>
        <Button variant="danger" className="mt-4" onClick={() => setConfirming(true)}>
          {t('settings.privacy.deleteButton')}
        </Button>
        <ConfirmDialog
          open={confirming}
          onOpenChange={(open) => {
            setConfirming(open);
            if (!open) setPassword('');
          }}
          title={t('settings.privacy.deleteConfirmTitle')}
          description={t('settings.privacy.deleteConfirmBody')}
          confirmLabel={t('settings.privacy.deleteConfirm')}
          pending={remove.isPending || password.length === 0}
          onConfirm={() => remove.mutate()}
        >
          <Field
            label={t('auth.password')}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </ConfirmDialog>
      </Card>
    </div>
  );
}

function SubscriptionTab({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  return (
    <Card className="grid gap-3">
      <h2 className="font-serif text-xl text-brand-950">{t('settings.subscription.title')}</h2>
      <p className="flex items-center gap-2 font-medium text-slate-900">
        {user.isPremium ? <Crown className="size-5 text-gold-500" aria-hidden /> : null}
        {user.isPremium ? t('settings.subscription.premium') : t('settings.subscription.free')}
      </p>
      <p className="text-slate-600">{t('settings.subscription.benefits')}</p>
      <Button asChild variant="outline" className="w-fit">
        <Link to="/subscription">{t('settings.subscription.manage')}</Link>
      </Button>
    </Card>
  );
}

function SupportTab() {
  const { t } = useTranslation();
  return (
    <div className="grid gap-6">
      <Card className="grid gap-3">
        <h2 className="font-serif text-xl text-brand-950">{t('settings.support.title')}</h2>
        <p className="text-slate-600">
          {t('settings.support.body', { hours: SUPPORT_REPLY_HOURS })}
        </p>
        <Button asChild variant="outline" className="w-fit">
          <Link to="/support">{t('settings.support.contact')}</Link>
        </Button>
      </Card>
      <Card>
        <h2 className="font-serif text-xl text-brand-950">{t('settings.support.faqTitle')}</h2>
        <div className="mt-3 divide-y divide-slate-200">
          {[1, 2, 3, 4].map((n) => (
            <details key={n} className="group py-3">
              <summary className="cursor-pointer list-none font-medium text-slate-900 marker:hidden focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500">
                {t(`settings.support.faq.q${n}`)}
              </summary>
              <p className="mt-2 text-slate-600">{t(`settings.support.faq.a${n}`)}</p>
            </details>
          ))}
        </div>
      </Card>
    </div>
  );
}

export default function AccountSettings() {
  const { t } = useTranslation();
  const { user } = useAuth();
  if (!user) return null;
  return (
    <>
      <PageHeader title={t('settings.title')} subtitle={t('settings.subtitle')} />
      <Tabs.Root defaultValue="profile" className="grid gap-6">
        <Tabs.List
          aria-label={t('settings.title')}
          className="-mx-4 flex gap-1 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0"
        >
          {TABS.map((tab) => (
            <Tabs.Trigger
              key={tab}
              value={tab}
              className="shrink-0 rounded-xl px-4 py-2 text-sm font-medium text-slate-700 hover:bg-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 data-[state=active]:bg-brand-700 data-[state=active]:text-white"
            >
              {t(`settings.tabs.${tab}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="profile">
          <ProfileTab user={user} />
        </Tabs.Content>
        <Tabs.Content value="preferences">
          <PreferencesTab user={user} />
        </Tabs.Content>
        <Tabs.Content value="subscription">
          <SubscriptionTab user={user} />
        </Tabs.Content>
        <Tabs.Content value="privacy">
          <PrivacyTab user={user} />
        </Tabs.Content>
        <Tabs.Content value="notifications">
          <Card>
            <h2 className="font-serif text-xl text-brand-950">
              {t('settings.notifications.title')}
            </h2>
            <ToggleList
              user={user}
              keys={['emailNotifications', 'studyReminders', 'prayerReminders', 'weeklyProgress']}
              prefix="settings.notifications"
            />
          </Card>
        </Tabs.Content>
        <Tabs.Content value="support">
          <SupportTab />
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}
