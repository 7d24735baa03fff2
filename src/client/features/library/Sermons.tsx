import { useTranslation } from 'react-i18next';
import { useSearchParams } from '../../lib/router.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ChoiceChips } from '../../components/ui/Chips.tsx';
import { HistoricSermons } from './HistoricSermons.tsx';
import { SermonStudies } from './SermonStudies.tsx';

const VIEWS = ['studies', 'historic'] as const;

/** /sermons: the sermon studies by series, and the catalogue of historic sermons. */
export default function SermonsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'historic' ? 'historic' : 'studies';
  return (
    <div className="mx-auto grid max-w-5xl">
      <PageHeader title={t('nav.sermons')} subtitle={t('library.sermons.subtitle')} />
      <ChoiceChips
        label={t('nav.sermons')}
        value={view}
        onChange={(v) => setParams(v === 'studies' ? {} : { view: v })}
        options={VIEWS.map((v) => ({ value: v, label: t(`library.sermons.tabs.${v}`) }))}
        className="mb-6"
        chipClassName="px-4 py-2"
      />
      {view === 'historic' ? <HistoricSermons /> : <SermonStudies />}
    </div>
  );
}
