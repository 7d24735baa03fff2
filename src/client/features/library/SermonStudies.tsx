import BookOpen from 'lucide-react/icons/book-open';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/router.tsx';
import { TOPICS } from '#shared/values/library.ts';
import { useSermons, type SermonList } from './api.ts';
import { Tag } from './DetailParts.tsx';
import { ListControls, optionsOf } from './ListControls.tsx';
import { ListStates } from './ListStates.tsx';
import { ReadBadge } from './ReadToggle.tsx';
import { useFilters } from './useFilters.ts';

/** The sermon studies, grouped by series, with search and topic and series filters. */
export function SermonStudies() {
  const { t } = useTranslation();
  const { filters, query, set, clear, active } = useFilters(['topic', 'series']);
  const sermons = useSermons(query);
  const data = sermons.data;
  const read = data?.items.filter((s) => s.read).length ?? 0;
  return (
    <>
      <ListControls
        filters={filters}
        total={data?.total}
        active={active}
        onChange={set}
        onClear={clear}
        specs={[
          {
            name: 'series',
            allKey: 'library.all.series',
            options: (data?.series ?? []).map((s) => ({ value: s.id, label: s.title })),
          },
          { name: 'topic', allKey: 'library.all.topics', options: optionsOf(TOPICS, 'topics', t) },
        ]}
      />
      <ListStates query={sermons} count={data?.items.length ?? 0} onClear={active ? clear : null}>
        {data ? (
          <div className="grid gap-10">
            {!active ? (
              <p className="text-sm text-slate-600">
                {t('library.readCount', { read, total: data.total })}
              </p>
            ) : null}
            {groups(data).map(({ series, items }) => (
              <section
                key={series.id}
                aria-labelledby={`series-${series.id}`}
                className="grid gap-4"
              >
                <div className="grid gap-1">
                  <h2 id={`series-${series.id}`} className="font-serif text-2xl text-brand-950">
                    {series.title}
                  </h2>
                  <p className="max-w-3xl text-slate-600">{series.description}</p>
                </div>
                <ul className="grid gap-4 md:grid-cols-2">
                  {items.map((s) => (
                    <li key={s.id}>
                      <Link
                        to={`/sermons/${s.id}`}
                        className="grid h-full gap-2 rounded-2xl border border-slate-200/80 bg-white p-5 shadow-sm transition-colors hover:border-brand-300 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
                      >
                        <span className="flex flex-wrap items-center justify-between gap-2 text-xs font-semibold uppercase tracking-wider text-slate-600">
                          {t('library.sermons.study', { order: s.order })}
                          {s.read ? <ReadBadge /> : null}
                        </span>
                        <span className="font-serif text-xl text-brand-950">{s.title}</span>
                        <span className="flex items-center gap-1 text-sm font-medium text-brand-800">
                          <BookOpen className="size-4" aria-hidden /> {s.mainText}
                        </span>
                        <span className="text-slate-700">{s.summary}</span>
                        <span className="flex flex-wrap gap-1">
                          {s.topics.map((tp) => (
                            <Tag key={tp}>{t(`library.topics.${tp}`)}</Tag>
                          ))}
                        </span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        ) : null}
      </ListStates>
    </>
  );
}

/** The series that have results, in their order, each with its results. */
function groups(data: SermonList) {
  return data.series
    .map((series) => ({ series, items: data.items.filter((s) => s.series === series.id) }))
    .filter((g) => g.items.length > 0);
}
