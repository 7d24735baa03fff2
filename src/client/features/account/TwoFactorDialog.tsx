import * as Dialog from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import Copy from 'lucide-react/icons/copy';
import Download from 'lucide-react/icons/download';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../../components/DialogActions.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Field } from '../../components/ui/Field.tsx';
import { toast } from '../../hooks/use-toast.ts';
import { CURRENT_USER_KEY } from '../../lib/auth-api.ts';
import { saveBlob } from '../../lib/download.ts';
import { errorMessage, fieldErrorsOf } from '../../lib/queryClient.ts';
import { SESSIONS_KEY, twoFactorApi, type TwoFactorSetup } from './api.ts';
import { QrCode } from '../../components/QrCode.tsx';

export type TwoFactorMode = 'enable' | 'disable' | 'codes';

interface Props {
  open: boolean;
  mode: TwoFactorMode;
  email: string;
  onOpenChange: (open: boolean) => void;
}

type Step =
  | { name: 'password' }
  | { name: 'scan'; setup: TwoFactorSetup }
  /** `enabled`: the codes of a just-confirmed setup (the dialog says it is on). */
  | { name: 'codes'; codes: string[]; enabled?: boolean };

/** The setup key inside an otpauth:// link, in groups of four for typing it by hand. */
export function setupKeyOf(totpURI: string): string {
  const secret = new URL(totpURI).searchParams.get('secret') ?? '';
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

const DIGITS = /^\d{6}$/;

/**
 * Turning two-step verification on (password → scan and confirm a code → recovery codes), off
 * (password), or renewing the recovery codes (password → codes). Loaded when first opened.
 */
export default function TwoFactorDialog({ open, mode, email, onOpenChange }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ name: 'password' });
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  function reset() {
    setStep({ name: 'password' });
    setValue('');
    setError(undefined);
    setPending(false);
  }

  function close(next: boolean) {
    if (!next) reset();
    onOpenChange(next);
  }

  /** The session was renewed and the user changed: ask again for both. */
  async function refreshAccount() {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
      queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
    ]);
  }

  async function run(action: () => Promise<void>) {
    setPending(true);
    setError(undefined);
    try {
      await action();
    } catch (err) {
      const fields = Object.values(fieldErrorsOf(err));
      setError(fields[0] ?? errorMessage(err, t));
    } finally {
      setPending(false);
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (step.name === 'password') {
      if (!value) return setError(t('validation.required'));
      const password = value;
      return void run(async () => {
        if (mode === 'enable') {
          const setup = await twoFactorApi.enable(password);
          setStep({ name: 'scan', setup });
        } else if (mode === 'codes') {
          const { backupCodes } = await twoFactorApi.newRecoveryCodes(password);
          setStep({ name: 'codes', codes: backupCodes });
        } else {
          await twoFactorApi.disable(password);
          await refreshAccount();
          toast({ title: t('settings.twoFactor.disabled') });
          close(false);
        }
        setValue('');
      });
    }
    if (step.name === 'scan') {
      const code = value.replace(/\s+/g, '');
      if (!DIGITS.test(code)) return setError(t('validation.totpCode'));
      const { setup } = step;
      return void run(async () => {
        await twoFactorApi.confirm(code);
        await refreshAccount();
        setValue('');
        // Said in the dialog, not by a toast: a toast would cover codes shown only this once
        // (it comes when they close the dialog).
        setStep({ name: 'codes', codes: setup.backupCodes, enabled: true });
      });
    }
  }

  const title =
    step.name === 'scan'
      ? t('settings.twoFactor.scanTitle')
      : step.name === 'codes'
        ? t('settings.twoFactor.codesTitle')
        : mode === 'disable'
          ? t('settings.twoFactor.disableTitle')
          : mode === 'codes'
            ? t('settings.twoFactor.newCodesTitle')
            : t('settings.twoFactor.passwordTitle');
  const description =
    step.name === 'scan'
      ? t('settings.twoFactor.scanBody')
      : step.name === 'codes'
        ? t('settings.twoFactor.codesBody')
        : mode === 'disable'
          ? t('settings.twoFactor.disableBody')
          : mode === 'codes'
            ? t('settings.twoFactor.newCodesBody')
            : t('settings.twoFactor.enableBody');
  // Recovery codes are shown once: the dialog closes only through "I have saved them".
  const holdOpen = (e: Event) => {
    if (step.name === 'codes') e.preventDefault();
  };

  return (
    <Dialog.Root open={open} onOpenChange={close}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[80] bg-slate-900/50" />
        <Dialog.Content
          onPointerDownOutside={holdOpen}
          onEscapeKeyDown={holdOpen}
          className="fixed left-1/2 top-1/2 z-[85] grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-3xl bg-white p-6 shadow-2xl focus:outline-none"
        >
          <Dialog.Title className="font-serif text-2xl text-brand-950">{title}</Dialog.Title>
          <Dialog.Description className="text-sm text-slate-600">{description}</Dialog.Description>
          {step.name === 'codes' ? (
            <RecoveryCodes
              codes={step.codes}
              email={email}
              enabled={step.enabled ?? false}
              onDone={() => {
                if (step.enabled) toast({ title: t('settings.twoFactor.enabled') });
                close(false);
              }}
            />
          ) : (
            <form onSubmit={submit} noValidate className="grid gap-4">
              {step.name === 'scan' ? <ScanStep setup={step.setup} /> : null}
              {step.name === 'scan' ? (
                <Field
                  key="code"
                  label={t('auth.twoFactor.code')}
                  hint={t('settings.twoFactor.confirmHint')}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={9}
                  value={value}
                  error={error}
                  onChange={(e) => setValue(e.target.value)}
                />
              ) : (
                <Field
                  key="password"
                  label={t('auth.password')}
                  type="password"
                  autoComplete="current-password"
                  value={value}
                  error={error}
                  onChange={(e) => setValue(e.target.value)}
                />
              )}
              <DialogActions disabled={pending}>
                {pending
                  ? t('settings.twoFactor.working')
                  : step.name === 'scan'
                    ? t('settings.twoFactor.confirm')
                    : mode === 'disable'
                      ? t('settings.twoFactor.disable')
                      : t('settings.twoFactor.continue')}
              </DialogActions>
            </form>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ScanStep({ setup }: { setup: TwoFactorSetup }) {
  const { t } = useTranslation();
  const key = setupKeyOf(setup.totpURI);
  return (
    <div className="grid justify-items-center gap-3">
      <QrCode value={setup.totpURI} label={t('settings.twoFactor.qrLabel')} />
      <p className="text-center text-sm text-slate-700">{t('settings.twoFactor.manual')}</p>
      <div className="flex w-full flex-wrap items-center justify-center gap-2">
        <code
          data-testid="setup-key"
          className="break-all rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm tracking-wide text-slate-900"
        >
          {key}
        </code>
        <CopyButton text={key.replace(/\s+/g, '')} label={t('settings.twoFactor.copyKey')} />
      </div>
    </div>
  );
}

function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch (err) {
      toast({
        title: t('errors.title'),
        description: errorMessage(err, t),
        variant: 'destructive',
      });
    }
  }
  return (
    <Button type="button" variant="outline" size="sm" onClick={() => void copy()}>
      <Copy className="mr-1.5 size-4" aria-hidden />
      <span aria-live="polite">{copied ? t('settings.twoFactor.copied') : label}</span>
    </Button>
  );
}

function RecoveryCodes({
  codes,
  email,
  enabled,
  onDone,
}: {
  codes: string[];
  email: string;
  enabled: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const file = t('settings.twoFactor.codesFile', { email, codes: codes.join('\n') });
  const download = () =>
    saveBlob(new Blob([file], { type: 'text/plain;charset=utf-8' }), 'camino-recovery-codes.txt');
  return (
    <div className="grid gap-4">
      {enabled ? (
        <p
          role="status"
          className="flex items-center gap-2 rounded-2xl bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-800"
        >
          <ShieldCheck className="size-5 shrink-0" aria-hidden />
          {t('settings.twoFactor.enabled')}
        </p>
      ) : null}
      <ul
        aria-label={t('settings.twoFactor.codesList')}
        className="grid grid-cols-2 gap-2 rounded-2xl bg-slate-50 p-4 font-mono text-sm text-slate-900"
      >
        {codes.map((code) => (
          <li key={code} className="text-center tracking-wide">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" onClick={download}>
          <Download className="mr-1.5 size-4" aria-hidden />
          {t('settings.twoFactor.download')}
        </Button>
        <CopyButton text={codes.join('\n')} label={t('settings.twoFactor.copyAll')} />
      </div>
      <Button onClick={onDone}>{t('settings.twoFactor.saved')}</Button>
    </div>
  );
}
