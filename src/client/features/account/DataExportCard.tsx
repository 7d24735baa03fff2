import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { useExportPersonalData } from './api.ts';

/** The right of access: one JSON file with everything the app keeps about the member. */
export function DataExportCard() {
  const { t } = useTranslation();
  const exporter = useExportPersonalData();
  return (
    <Card>
      <h2 className="font-serif text-xl text-brand-950">{t('dataExport.title')}</h2>
      <p className="mt-1 text-slate-700">{t('dataExport.body')}</p>
      <Button
        variant="outline"
        className="mt-4"
        disabled={exporter.pending}
        onClick={() => void exporter.run()}
      >
        {exporter.pending ? t('dataExport.preparing') : t('dataExport.button')}
      </Button>
    </Card>
  );
}
