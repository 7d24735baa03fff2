import ExternalLink from 'lucide-react/icons/external-link';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LINK_KINDS } from '#shared/values/library.ts';
import { QueryError, Skeletons } from '../../components/QueryStates.tsx';
import { ChoiceChips } from '../../components/ui/Chips.tsx';
import { useLinks } from './api.ts';

/** Recommended ministries, channels and sites, by kind; each opens in a new tab. */
export function LinkList() {
  const { t } = useTranslation();
  const links = useLinks();
  const [kind, setKind] = useState<string>('');
  const items = (links.data?.items ?? []).filter((l) => !kind || l.kind === kind);
  return (
    <section aria-labelledby="links" className="grid gap-4">
      <h2 id="links" className="font-serif text-2xl text-brand-950">
        {t('library.resources.links')}
      </h2>
      <ChoiceChips
        label={t('library.label.kind')}
        value={kind}
        onChange={setKind}
        options={['', ...LINK_KINDS].map((k) => ({
          value: k,
          label: k ? t(`library.linkKinds.${k}`) : t('library.all.kinds'),
        }))}
      />
      {links.isLoading ? (
        <Skeletons count={4} height="h-28" className="grid gap-3 md:grid-cols-2" />
      ) : links.isError ? (
        <QueryError error={links.error} onRetry={() => void links.refetch()} />
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {items.map((l) => (
            <li key={l.id}>
              <a
                href={l.url}
                target="_blank"
                rel="noopener noreferrer"
                className="grid h-full content-start gap-1 rounded-2xl border border-slate-200/80 bg-white p-4 shadow-sm hover:border-brand-300 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
              >
                <span className="flex items-center gap-2 font-semibold text-brand-900">
                  {l.name} <ExternalLink className="size-4 shrink-0" aria-hidden />
                  <span className="sr-only">{t('library.opensNewTab')}</span>
                </span>
                <span className="break-all text-xs text-slate-600">
                  {l.url.replace(/^https:\/\//, '')}
                </span>
                <span className="text-sm leading-6 text-slate-700">{l.description}</span>
                <span className="text-xs font-medium text-slate-600">
                  {t(`library.linkKinds.${l.kind}`)} · {t(`library.linkLanguages.${l.language}`)}
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
