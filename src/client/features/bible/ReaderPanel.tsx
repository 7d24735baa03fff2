import * as Dialog from '@radix-ui/react-dialog';
import X from 'lucide-react/icons/x';
import { useRef, type ReactNode } from 'react';
import { Tip } from '../../components/ui/Tip.tsx';

/**
 * A panel the reader opens over the text for the selected verses (cross references, original
 * words): a sheet from the bottom on a phone, a panel at the right on a wide screen; a dialog
 * (focus kept inside, Escape or a tap outside closes it, the focus back to what opened it).
 */
export function ReaderPanel({
  open,
  onOpenChange,
  title,
  description,
  closeLabel,
  children,
  ...data
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  closeLabel: string;
  children: ReactNode;
} & Record<`data-${string}`, string>) {
  // What had the focus when it opened (the toolbar's button): Radix gives the focus back to a
  // Dialog.Trigger, which this panel has none of.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[80] bg-slate-900/40" />
        <Dialog.Content
          // As it opens the focus is still where the member was (the toolbar's button).
          onOpenAutoFocus={() => {
            opener.current = document.activeElement as HTMLElement | null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (opener.current?.isConnected) opener.current.focus();
          }}
          {...data}
          className="fixed inset-x-0 bottom-0 z-[85] flex max-h-[88dvh] flex-col rounded-t-3xl bg-white shadow-2xl focus:outline-none lg:inset-y-0 lg:left-auto lg:right-0 lg:max-h-none lg:w-[30rem] lg:rounded-none lg:rounded-l-3xl"
        >
          <div className="flex items-start justify-between gap-3 border-b border-slate-200 px-5 pb-3 pt-4 sm:px-6">
            <div className="grid gap-0.5">
              <Dialog.Title className="font-serif text-2xl text-brand-950">{title}</Dialog.Title>
              <Dialog.Description className="text-sm text-slate-600">
                {description}
              </Dialog.Description>
            </div>
            <Tip label={closeLabel}>
              <Dialog.Close
                aria-label={closeLabel}
                className="-mr-2 rounded-xl p-2 text-slate-600 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
              >
                <X className="size-5" aria-hidden />
              </Dialog.Close>
            </Tip>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4 sm:px-6">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
