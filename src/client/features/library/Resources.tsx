import Clock from 'lucide-react/icons/clock';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/router.tsx';
import { TOPICS } from '#shared/values/library.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useResources } from './api.ts';
import { Tag } from './DetailParts.tsx';
import { LinkList } from './LinkList.tsx';
import { ListControls, optionsOf } from './ListControls.tsx';
import { ListStates } from './ListStates.tsx';
import { ReadBadge } from './ReadToggle.tsx';
import { useFilters } from './useFilters.ts';

/** /resources: the practical guides, then recommended sites and channels (external links). */
export default function ResourcesPage() {
  const { t } = useTranslation();
  const { filters, query, set, clear, active } = useFilters(['topic']);
  const guides = useResources(query);
  const items = guides.data?.items ?? [];
  return (
    <div className="mx-auto grid max-w-5xl gap-10">
      <div>
        <PageHeader title={t('nav.resources')} subtitle={t('library.resources.subtitle')} />
        <section aria-labelledby="guides" className="grid">
          <h2 id="guides" className="mb-4 font-serif text-2xl text-brand-950">
            {t('library.resources.guides')}
          </h2>
          <ListControls
            filters={filters}
            total={guides.data?.total}
            active={active}
            onChange={set}
            onClear={clear}
            specs={[
              {
                name: 'topic',
                allKey: 'library.all.topics',
                options: optionsOf(TOPICS, 'topics', t),
              },
            ]}
          />
          <ListStates query={guides} count={items.length} onClear={active ? clear : null}>
            <ul className="grid gap-4 md:grid-cols-2">
              {items.map((r) => (
                <li key={r.id}>
                  <Link
                    to={`/resources/${r.id}`}
                    className="grid h-full content-start gap-2 rounded-2xl border border-slate-200/80 bg-white p-5 shadow-sm transition-colors hover:border-brand-300 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
                  >
                    <span className="flex flex-wrap items-center justify-between gap-2 text-xs font-semibold uppercase tracking-wider text-slate-600">
                      <span className="flex items-center gap-1">
                        <Clock className="size-3.5" aria-hidden />
                        {t('library.resources.minutes', { count: r.minutes })}
                      </span>
                      {r.read ? <ReadBadge /> : null}
                    </span>
                    <span className="font-serif text-xl text-brand-950">{r.title}</span>
                    <span className="text-slate-700">{r.summary}</span>
                    <span className="flex flex-wrap gap-1">
                      {r.topics.map((tp) => (
                        <Tag key={tp}>{t(`library.topics.${tp}`)}</Tag>
                      ))}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </ListStates>
        </section>
      </div>
      <LinkList />
    </div>
  );
}
