import MapPin from 'lucide-react/icons/map-pin';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/router.tsx';
import { ERAS, REGIONS, TOPICS } from '#shared/values/library.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useHeroes } from './api.ts';
import { Tag } from './DetailParts.tsx';
import { ListControls, optionsOf } from './ListControls.tsx';
import { lifespan } from './lifespan.ts';
import { ListStates } from './ListStates.tsx';
import { ReadBadge } from './ReadToggle.tsx';
import { useFilters } from './useFilters.ts';

/** /heroes-of-faith: short biographies by date, with era, region and topic filters. */
export default function HeroesPage() {
  const { t } = useTranslation();
  const { filters, query, set, clear, active } = useFilters(['era', 'region', 'topic']);
  const heroes = useHeroes(query);
  const items = heroes.data?.items ?? [];
  return (
    <div className="mx-auto grid max-w-5xl">
      <PageHeader title={t('nav.heroesOfFaith')} subtitle={t('library.heroes.subtitle')} />
      <ListControls
        filters={filters}
        total={heroes.data?.total}
        active={active}
        onChange={set}
        onClear={clear}
        specs={[
          { name: 'era', allKey: 'library.all.eras', options: optionsOf(ERAS, 'eras', t) },
          {
            name: 'region',
            allKey: 'library.all.regions',
            options: optionsOf(REGIONS, 'regions', t),
          },
          { name: 'topic', allKey: 'library.all.topics', options: optionsOf(TOPICS, 'topics', t) },
        ]}
      />
      {heroes.data && !active ? (
        <p className="mb-4 text-sm text-slate-600">
          {t('library.readCount', {
            read: items.filter((h) => h.read).length,
            total: heroes.data.total,
          })}
        </p>
      ) : null}
      <ListStates query={heroes} count={items.length} onClear={active ? clear : null}>
        <ul className="grid gap-4 md:grid-cols-2">
          {items.map((h) => (
            <li key={h.id}>
              <Link
                to={`/heroes-of-faith/${h.id}`}
                className="grid h-full content-start gap-2 rounded-2xl border border-slate-200/80 bg-white p-5 shadow-sm transition-colors hover:border-brand-300 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
              >
                <span className="flex flex-wrap items-center justify-between gap-2 text-xs font-semibold uppercase tracking-wider text-slate-600">
                  {lifespan(h, t)}
                  {h.read ? <ReadBadge /> : null}
                </span>
                <span className="font-serif text-xl text-brand-950">{h.name}</span>
                <span className="flex items-start gap-1 text-sm text-slate-600">
                  <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden /> {h.places.join(' · ')}
                </span>
                <span className="text-slate-700">{h.summary}</span>
                <span className="flex flex-wrap gap-1">
                  <Tag>{t(`library.eras.${h.era}`)}</Tag>
                  <Tag>{t(`library.regions.${h.region}`)}</Tag>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </ListStates>
    </div>
  );
}
