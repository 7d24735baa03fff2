import * as Dialog from '@radix-ui/react-dialog';
import X from 'lucide-react/icons/x';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Tip } from '../../components/ui/Tip.tsx';
import { CrossReferenceList } from './CrossReferences.tsx';

export interface CrossReferencesDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The selected verses ("Juan 3:16") and the translation they are read in. */
  reference: string;
  translation: string;
  /** A link was followed: the reader shows its place (and the panel closes). */
  onFollow: () => void;
}

/**
 * The reader's cross-reference panel (issue 39 item 3): a sheet from the bottom on a phone, a
 * panel at the right on a wide screen; a dialog (focus kept inside, Escape or a tap outside
 * closes it, the focus back to the toolbar's button). Loaded when first opened.
 */
export default function CrossReferencesDialog({
  open,
  onOpenChange,
  reference,
  translation,
  onFollow,
}: CrossReferencesDialogProps) {
  const { t } = useTranslation();
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
          data-cross-references=""
          className="fixed inset-x-0 bottom-0 z-[85] flex max-h-[88dvh] flex-col rounded-t-3xl bg-white shadow-2xl focus:outline-none lg:inset-y-0 lg:left-auto lg:right-0 lg:max-h-none lg:w-[30rem] lg:rounded-none lg:rounded-l-3xl"
        >
          <div className="flex items-start justify-between gap-3 border-b border-slate-200 px-5 pb-3 pt-4 sm:px-6">
            <div className="grid gap-0.5">
              <Dialog.Title className="font-serif text-2xl text-brand-950">
                {t('crossReferences.title')}
              </Dialog.Title>
              <Dialog.Description className="text-sm text-slate-600">
                {t('crossReferences.subtitle')} ·{' '}
                <span className="font-medium text-slate-800">{reference}</span> · {translation}
              </Dialog.Description>
            </div>
            <Tip label={t('crossReferences.close')}>
              <Dialog.Close
                aria-label={t('crossReferences.close')}
                className="-mr-2 rounded-xl p-2 text-slate-600 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
              >
                <X className="size-5" aria-hidden />
              </Dialog.Close>
            </Tip>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4 sm:px-6">
            <CrossReferenceList
              reference={reference}
              translation={translation}
              onFollow={onFollow}
            />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
