import { useTranslation } from 'react-i18next';
import { OfflineDownloadButton } from './OfflineDownloadButton.tsx';

/**
 * The reader with no connection and a chapter not downloaded: says so plainly, and offers the
 * download for the next time (issue 40: "the reader says plainly what is not available").
 */
export function NotDownloaded({ translation }: { translation: string }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="grid gap-3 rounded-xl bg-gold-300/30 px-4 py-3">
      <p className="text-sm text-brand-950">{t('offlinePack.notDownloaded', { translation })}</p>
      <OfflineDownloadButton className="w-fit bg-white" />
    </div>
  );
}
