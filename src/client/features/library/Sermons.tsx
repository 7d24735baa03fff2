import { useTranslation } from 'react-i18next';
import { useSearchParams } from '../../lib/router.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { cn } from '../../lib/cn.ts';
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
      <div className="mb-6 flex flex-wrap gap-2" role="group" aria-label={t('nav.sermons')}>
        {VIEWS.map((v) => (
          <button
            key={v}
            type="button"
            aria-pressed={view === v}
            onClick={() => setParams(v === 'studies' ? {} : { view: v })}
            className={cn(
              'rounded-full px-4 py-2 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
              view === v
                ? 'bg-brand-700 text-white'
                : 'bg-white text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50',
            )}
          >
            {t(`library.sermons.tabs.${v}`)}
          </button>
        ))}
      </div>
      {view === 'historic' ? <HistoricSermons /> : <SermonStudies />}
    </div>
  );
}
