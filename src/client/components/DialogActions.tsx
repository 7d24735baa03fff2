import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './ui/Button.tsx';

/** A form dialog's footer: Cancel (closes it) and the submit button, stacked on phones. */
export function DialogActions({ disabled, children }: { disabled: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Dialog.Close asChild>
        <Button variant="outline">{t('common.cancel')}</Button>
      </Dialog.Close>
      <Button type="submit" disabled={disabled}>
        {children}
      </Button>
    </div>
  );
}
