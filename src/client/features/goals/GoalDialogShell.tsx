import * as Dialog from '@radix-ui/react-dialog';
import X from 'lucide-react/icons/x';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn.ts';
import { Tip } from '../../components/ui/Tip.tsx';

/** The dialog frame of the goal forms: title, description and a close button. */
export function DialogShell({
  open,
  onOpenChange,
  title,
  description,
  wide,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  wide?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[80] bg-slate-900/50" />
        <Dialog.Content
          className={cn(
            'fixed left-1/2 top-1/2 z-[85] grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-3xl bg-white p-5 shadow-2xl focus:outline-none sm:p-6',
            wide ? 'max-w-2xl' : 'max-w-lg',
          )}
        >
          <div className="flex items-start justify-between gap-3">
            <div className="grid gap-1">
              <Dialog.Title className="font-serif text-2xl text-brand-950">{title}</Dialog.Title>
              <Dialog.Description className="text-slate-600">{description}</Dialog.Description>
            </div>
            <Tip label={t('goals.close')}>
              <Dialog.Close
                aria-label={t('goals.close')}
                className="-mr-2 -mt-1 rounded-xl p-2 text-slate-600 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
              >
                <X className="size-5" aria-hidden />
              </Dialog.Close>
            </Tip>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
