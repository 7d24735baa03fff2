import * as Dialog from '@radix-ui/react-dialog';
import X from 'lucide-react/icons/x';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { useAuth } from '../../hooks/useAuth.ts';
import { OfflineDownload } from './OfflineDownload.tsx';

export interface OfflineDownloadDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The reader's "Download for offline": the same choices as Settings › Preferences. */
export default function OfflineDownloadDialog({ open, onOpenChange }: OfflineDownloadDialogProps) {
  const { t } = useTranslation();
  const { user } = useAuth();
  if (!user) return null;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[80] bg-slate-900/50" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed left-1/2 top-1/2 z-[85] grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-3xl bg-white p-6 shadow-2xl focus:outline-none"
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="font-serif text-2xl text-brand-950">
              {t('offlinePack.title')}
            </Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label={t('offlinePack.close')}>
                <X className="size-5" aria-hidden />
              </Button>
            </Dialog.Close>
          </div>
          <OfflineDownload user={user} heading={false} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
