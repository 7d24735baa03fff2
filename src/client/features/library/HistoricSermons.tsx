import BookOpen from 'lucide-react/icons/book-open';
import { useTranslation } from 'react-i18next';
import { ERAS } from '#shared/values/library.ts';
import { useHistoricSermons } from './api.ts';
import { Tag } from './DetailParts.tsx';
import { ListControls, optionsOf } from './ListControls.tsx';
import { ListStates } from './ListStates.tsx';
import { useFilters } from './useFilters.ts';

/** The catalogue of historic sermons: who preached what, where, and why it mattered. */
export function HistoricSermons() {
  const { t } = useTranslation();
  const { filters, query, set, clear, active } = useFilters(['era']);
  const sermons = useHistoricSermons(query);
  const items = sermons.data?.items ?? [];
  return (
    <>
      <p className="mb-4 max-w-3xl text-slate-600">{t('library.sermons.historicNote')}</p>
      <ListControls
        filters={filters}
        total={sermons.data?.total}
        active={active}
        onChange={set}
        onClear={clear}
        specs={[{ name: 'era', allKey: 'library.all.eras', options: optionsOf(ERAS, 'eras', t) }]}
      />
      <ListStates query={sermons} count={items.length} onClear={active ? clear : null}>
        <ul className="grid gap-4">
          {items.map((h) => (
            <li key={h.id}>
              <article
                aria-labelledby={`h-${h.id}`}
                className="grid gap-3 rounded-2xl border border-slate-200/80 bg-white p-5 shadow-sm sm:p-6"
              >
                <div className="grid gap-1">
                  <h2 id={`h-${h.id}`} className="font-serif text-xl text-brand-950 sm:text-2xl">
                    {h.title}
                  </h2>
                  <p className="text-sm text-slate-700">
                    {t('library.sermons.preached', {
                      preacher: h.preacher,
                      place: h.place,
                      year: h.year,
                    })}
                  </p>
                  <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-brand-800">
                    <BookOpen className="size-4" aria-hidden />
                    {t('library.sermons.text', { reference: h.text })}
                    <Tag>{t(`library.eras.${h.era}`)}</Tag>
                  </p>
                </div>
                <p className="max-w-[68ch] leading-7 text-slate-800">{h.summary}</p>
                <div className="max-w-[68ch] rounded-xl bg-gold-300/15 p-4">
                  <h3 className="text-sm font-semibold uppercase tracking-wider text-brand-800">
                    {t('library.sermons.significance')}
                  </h3>
                  <p className="mt-1 leading-7 text-slate-800">{h.significance}</p>
                </div>
              </article>
            </li>
          ))}
        </ul>
      </ListStates>
    </>
  );
}
