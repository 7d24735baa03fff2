import * as Dialog from '@radix-ui/react-dialog';
import * as Checkbox from '@radix-ui/react-checkbox';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Check from 'lucide-react/icons/check';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RichText } from './RichText.tsx';
import { UNDER_AGE_REDIRECT_MS } from '#shared/constants.ts';
import { toast } from '../hooks/use-toast.ts';
import { LOGOUT_URL, authApi, holdSessionUntilSignOut } from '../lib/auth-api.ts';
import { errorMessage } from '../lib/queryClient.ts';
import { Button } from './ui/Button.tsx';

interface Props {
  open: boolean;
  onComplete?: () => void;
  /** Where the under-13 path goes after its delay; a prop so tests can observe it. */
  redirect?: (url: string) => void;
}

/**
 * The age gate (SPEC §4, §5, §8). It cannot be dismissed: Escape, clicks outside and
 * close requests are ignored until the person answers.
 */
export function AgeVerificationModal({
  open,
  onComplete,
  redirect = (url) => window.location.assign(url),
}: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const checkboxId = useId();
  const [confirmed, setConfirmed] = useState(false);
  const [restricted, setRestricted] = useState(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const verify = useMutation({
    mutationFn: () => authApi.verifyAge(true),
    onSuccess: async () => {
      toast({ title: t('age.welcomeTitle'), description: t('age.welcomeMessage') });
      onComplete?.();
      // Every query: the session, and whatever the page behind the gate asked for and was
      // refused (403 AGE_NOT_VERIFIED): the page shows its content without being opened again.
      await queryClient.invalidateQueries();
    },
    onError: () => {
      toast({
        title: t('age.failedTitle'),
        description: t('age.failedMessage'),
        variant: 'destructive',
      });
    },
  });

  // Closes the account for good: only once the server has recorded it does the page say so and
  // sign out. A failure (nothing recorded) says so, and the person can answer again.
  const underAge = useMutation({
    mutationFn: () => authApi.verifyAge(false),
    retry: 0,
    onSuccess: () => {
      holdSessionUntilSignOut(queryClient);
      setRestricted(true);
      toast({
        title: t('age.restrictedTitle'),
        description: t('age.restrictedMessage'),
        variant: 'destructive',
      });
      redirectTimer.current = setTimeout(() => redirect(LOGOUT_URL), UNDER_AGE_REDIRECT_MS);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!confirmed) {
      toast({
        title: t('age.requiredTitle'),
        description: t('age.requiredMessage'),
        variant: 'destructive',
      });
      return;
    }
    verify.mutate();
  }

  const link = (href: string) => (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
    />
  );

  return (
    <Dialog.Root open={open} onOpenChange={() => undefined}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[80] bg-brand-950/60 backdrop-blur-sm" />
        <Dialog.Content
          onEscapeKeyDown={(e) => e.preventDefault()}
          onPointerDownOutside={(e) => e.preventDefault()}
          onInteractOutside={(e) => e.preventDefault()}
          className="fixed left-1/2 top-1/2 z-[85] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-3xl bg-white p-6 shadow-2xl focus:outline-none sm:p-8"
        >
          <div className="mb-4 flex size-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
            <ShieldCheck className="size-6" aria-hidden />
          </div>
          <Dialog.Title className="font-serif text-2xl text-brand-950">
            {t('age.title')}
          </Dialog.Title>
          {restricted ? (
            <div role="alert" className="mt-4 grid gap-2">
              <p className="font-semibold text-red-700">{t('age.restrictedTitle')}</p>
              <Dialog.Description className="text-slate-700">
                {t('age.restrictedMessage')}
              </Dialog.Description>
              <p className="text-sm text-slate-600">{t('age.redirecting')}</p>
            </div>
          ) : (
            <form onSubmit={submit} className="mt-3 grid gap-5" noValidate>
              <Dialog.Description className="text-slate-700">
                {t('age.description')}
              </Dialog.Description>
              <div className="flex items-start gap-3 rounded-2xl border border-slate-200 bg-slate-50 p-4">
                <Checkbox.Root
                  id={checkboxId}
                  checked={confirmed}
                  onCheckedChange={(value) => setConfirmed(value === true)}
                  className="mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-md border-2 border-slate-400 bg-white data-[state=checked]:border-brand-700 data-[state=checked]:bg-brand-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2"
                >
                  <Checkbox.Indicator>
                    <Check className="size-4 text-white" aria-hidden />
                  </Checkbox.Indicator>
                </Checkbox.Root>
                <label htmlFor={checkboxId} className="text-sm font-medium text-slate-900">
                  {t('age.checkbox')}
                </label>
              </div>
              <p className="text-sm text-slate-600">
                <RichText
                  text={t('age.policies')}
                  parts={{
                    privacy: link('/privacy-policy'),
                    terms: link('/terms-of-service'),
                  }}
                />
              </p>
              {underAge.isError ? (
                <p
                  role="alert"
                  className="grid gap-1 rounded-2xl bg-red-50 p-3 text-sm text-red-800"
                >
                  <strong className="font-semibold">{t('age.underAgeFailed')}</strong>
                  {errorMessage(underAge.error, t)}
                </p>
              ) : null}
              <div className="grid gap-2 sm:grid-cols-2">
                <Button
                  type="button"
                  variant="outline"
                  onClick={() => underAge.mutate()}
                  disabled={underAge.isPending || verify.isPending}
                >
                  {t('age.underAge')}
                </Button>
                <Button type="submit" disabled={!confirmed || verify.isPending}>
                  {verify.isPending ? t('age.verifying') : t('age.continue')}
                </Button>
              </div>
            </form>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
