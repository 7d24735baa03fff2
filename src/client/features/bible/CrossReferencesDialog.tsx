import { useTranslation } from 'react-i18next';
import { CrossReferenceList } from './CrossReferences.tsx';
import { ReaderPanel } from './ReaderPanel.tsx';

export interface CrossReferencesDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The selected verses ("Juan 3:16") and the translation they are read in. */
  reference: string;
  translation: string;
  /** A link was followed: the reader shows its place (and the panel closes). */
  onFollow: () => void;
}

/** The reader's cross-reference panel (issue 39 item 3), loaded when first opened. */
export default function CrossReferencesDialog({
  open,
  onOpenChange,
  reference,
  translation,
  onFollow,
}: CrossReferencesDialogProps) {
  const { t } = useTranslation();
  return (
    <ReaderPanel
      open={open}
      onOpenChange={onOpenChange}
      data-cross-references=""
      title={t('crossReferences.title')}
      description={
        <>
          {t('crossReferences.subtitle')} ·{' '}
          <span className="font-medium text-slate-800">{reference}</span> · {translation}
        </>
      }
      closeLabel={t('crossReferences.close')}
    >
      <CrossReferenceList reference={reference} translation={translation} onFollow={onFollow} />
    </ReaderPanel>
  );
}
