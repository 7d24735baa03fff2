import * as Dialog from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import {
  browserSupportsWebAuthn,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
} from '@simplewebauthn/browser';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSKEY_NAME_MAX, isIpAddress } from '#shared/values/passkeys.ts';
import { DialogActions } from '../../components/DialogActions.tsx';
import { Field } from '../../components/ui/Field.tsx';
import { toast } from '../../hooks/use-toast.ts';
import { CURRENT_USER_KEY } from '../../lib/auth-api.ts';
import { errorMessage, fieldErrorsOf } from '../../lib/queryClient.ts';
import { PASSKEYS_KEY, passkeyApi } from './api.ts';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * "Add a passkey" (ADR 0044): a name and the password, then the device's own prompt
 * (fingerprint, face, screen lock or a security key). Loaded when first opened, with
 * @simplewebauthn/browser.
 */
export default function AddPasskeyDialog({ open, onOpenChange }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ name?: string; password?: string; form?: string }>({});
  const [pending, setPending] = useState(false);
  // A site opened by its IP address cannot have passkeys (isIpAddress): said before any prompt.
  const hostname = window.location.hostname;
  const byAddress = isIpAddress(hostname);
  const supported = browserSupportsWebAuthn() && !byAddress;

  function close(next: boolean) {
    if (!next) {
      setName('');
      setPassword('');
      setErrors({});
      setPending(false);
    }
    onOpenChange(next);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const trimmed = name.trim();
    const missing = {
      ...(trimmed ? {} : { name: t('validation.required') }),
      ...(password ? {} : { password: t('validation.required') }),
    };
    if (missing.name || missing.password) return setErrors(missing);
    setPending(true);
    setErrors({});
    try {
      const options = await passkeyApi.options(password);
      let response: unknown;
      try {
        response = await startRegistration({
          optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
        });
      } catch {
        // The person closed the device's prompt, or it timed out: nothing was created.
        setErrors({ form: t('settings.passkeys.cancelled') });
        return;
      }
      await passkeyApi.add(trimmed, response);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY }),
        queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
      ]);
      toast({ title: t('settings.passkeys.added') });
      close(false);
    } catch (err) {
      const fields = fieldErrorsOf(err);
      if (fields.password || fields.name) {
        setErrors({ password: fields.password, name: fields.name });
      } else {
        setErrors({ form: errorMessage(err, t) });
      }
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={close}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[80] bg-slate-900/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-[85] grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-3xl bg-white p-6 shadow-2xl focus:outline-none">
          <Dialog.Title className="font-serif text-2xl text-brand-950">
            {t('settings.passkeys.addTitle')}
          </Dialog.Title>
          <Dialog.Description className="text-sm text-slate-600">
            {supported
              ? t('settings.passkeys.addBody')
              : byAddress
                ? t('settings.passkeys.needsName', { host: hostname })
                : t('settings.passkeys.unsupported')}
          </Dialog.Description>
          {supported ? (
            <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
              <Field
                label={t('settings.passkeys.name')}
                hint={t('settings.passkeys.nameHint')}
                autoComplete="off"
                maxLength={PASSKEY_NAME_MAX}
                value={name}
                error={errors.name}
                onChange={(e) => setName(e.target.value)}
              />
              <Field
                label={t('auth.password')}
                type="password"
                autoComplete="current-password"
                value={password}
                error={errors.password}
                onChange={(e) => setPassword(e.target.value)}
              />
              {errors.form ? (
                <p role="alert" className="text-sm text-red-700">
                  {errors.form}
                </p>
              ) : null}
              <DialogActions disabled={pending}>
                {pending ? t('settings.passkeys.waiting') : t('settings.passkeys.create')}
              </DialogActions>
            </form>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
