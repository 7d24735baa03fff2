import CloudDownload from 'lucide-react/icons/cloud-download';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyWhenOpen } from '../../components/lazyWhenOpen.tsx';
import { Button, type ButtonProps } from '../../components/ui/Button.tsx';
import type { OfflineDownloadDialogProps } from './OfflineDownloadDialog.tsx';

/** Its code (Radix, the download) comes once the page has settled, or when first opened. */
const OfflineDownloadDialog = lazyWhenOpen<OfflineDownloadDialogProps>(
  () => import('./OfflineDownloadDialog.tsx'),
);

/** "Download for offline" in the reader: opens the download's dialog. */
export function OfflineDownloadButton({
  variant = 'outline',
  className,
}: Pick<ButtonProps, 'variant' | 'className'>) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant={variant} className={className} onClick={() => setOpen(true)}>
        <CloudDownload className="size-4" aria-hidden /> {t('offlinePack.readerButton')}
      </Button>
      <OfflineDownloadDialog open={open} onOpenChange={setOpen} />
    </>
  );
}
