import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  CROSS_REFERENCES_FIRST,
  CROSS_REFERENCES_MORE,
  translationLanguage,
} from '#shared/values/bible.ts';
import type { CrossReference, CrossReferences } from '#shared/schemas/bible.ts';
import { TranslationCredit } from '../../components/TranslationCredit.tsx';
import { useLanguage } from '../../lib/language.tsx';
import { apiRequest } from '../../lib/queryClient.ts';
import { Looking, LookupFailed, REFERENCE_LINK, usePaged } from './Paged.tsx';
import { Link } from '../../lib/router.tsx';
import { cn } from '../../lib/cn.ts';

/** Where the links come from, and their licence (content/bible/LICENSE-OPENBIBLE.md). */
export const OPENBIBLE_URL = 'https://www.openbible.info/labs/cross-references/';
export const CC_BY_URL = 'https://creativecommons.org/licenses/by/4.0/';

export const CROSS_REFERENCES_URL = '/api/bible/cross-references';

export const crossReferencesUrl = (
  reference: string,
  translation: string,
  offset: number,
  limit: number,
) =>
  `${CROSS_REFERENCES_URL}?ref=${encodeURIComponent(reference)}&translation=${translation}` +
  `&offset=${offset}&limit=${limit}`;

/** A passage's links page by page: the first ones, then the next with each "More". */
export function useCrossReferences(reference: string, translation: string) {
  const { language } = useLanguage();
  return useInfiniteQuery<CrossReferences>({
    queryKey: [CROSS_REFERENCES_URL, reference, translation, language],
    initialPageParam: 0,
    queryFn: async ({ pageParam }) => {
      const offset = pageParam as number;
      const limit = offset === 0 ? CROSS_REFERENCES_FIRST : CROSS_REFERENCES_MORE;
      const res = await apiRequest(
        'GET',
        crossReferencesUrl(reference, translation, offset, limit),
      );
      return res.json() as Promise<CrossReferences>;
    },
    getNextPageParam: (last) => {
      const next = last.offset + last.links.length;
      return last.links.length > 0 && next < last.total ? next : undefined;
    },
  });
}

/** The reader at a link's first verse, in the translation its text is in. */
export const readerUrl = (link: CrossReference, translation: string) =>
  `/bible?t=${translation}&b=${link.book}&c=${link.chapter}&v=${link.verse}`;

/** A link's text: its verses run on, numbered when there are several (a range shown whole). */
function LinkText({ link, lang }: { link: CrossReference; lang: 'en' | 'es' }) {
  const several = link.verses.length > 1;
  const chapters = new Set(link.verses.map((v) => v.chapter)).size > 1;
  return (
    <p lang={lang} className="font-serif text-base leading-relaxed text-slate-900">
      {link.verses.map((v) => (
        <span key={`${v.book}.${v.chapter}.${v.verse}`}>
          {several ? (
            <sup className="mr-1 select-none font-sans text-xs font-semibold text-brand-700">
              {chapters ? `${v.chapter}:${v.verse}` : v.verse}
            </sup>
          ) : null}
          {v.text}{' '}
        </span>
      ))}
    </p>
  );
}

/** OpenBible.info's credit line (CC BY 4.0), wherever its links are shown. */
export function CrossReferencesCredit({ className }: { className?: string }) {
  const { t } = useTranslation();
  const link = 'underline underline-offset-2 hover:text-brand-800';
  return (
    <p className={cn('text-xs leading-5 text-slate-600', className)} data-credit="OpenBible">
      {t('crossReferences.credit')}{' '}
      <a href={OPENBIBLE_URL} className={link} target="_blank" rel="noopener noreferrer">
        OpenBible.info
      </a>
      {', '}
      <a href={CC_BY_URL} className={link} target="_blank" rel="noopener noreferrer">
        CC BY 4.0
      </a>
      {'; '}
      {t('crossReferences.adapted')}
    </p>
  );
}

/**
 * "Where else Scripture says it" (issue 39 item 3): the passage's links, the most voted first,
 * each with its text in the reader's translation and a link that opens the reader there; "More"
 * for the rest, page by page (the focus goes to the first one added); the credit line under it.
 * `onFollow` runs when a link is followed (the reader closes its panel).
 */
export function CrossReferenceList({
  reference,
  translation,
  onFollow,
  className,
}: {
  reference: string;
  translation: string;
  onFollow?: () => void;
  className?: string;
}) {
  const { t } = useTranslation();
  const query = useCrossReferences(reference, translation);
  const pages = query.data?.pages ?? [];
  const links = pages.flatMap((p) => p.links);
  const first = pages[0];
  const shown = first?.translation ?? translation;
  const lang = translationLanguage(shown);
  const total = first?.total ?? 0;
  const { item, more } = usePaged(
    links.length,
    query,
    t('crossReferences.more', { count: total - links.length }),
  );

  let body;
  if (query.isPending) {
    body = <Looking label={t('crossReferences.loading')} />;
  } else if (query.isError && links.length === 0) {
    body = <LookupFailed error={query.error} onRetry={() => void query.refetch()} />;
  } else if (links.length === 0) {
    body = <p className="text-sm text-slate-600">{t('crossReferences.empty')}</p>;
  } else {
    body = (
      <>
        <p aria-live="polite" className="text-sm text-slate-600">
          {t('crossReferences.shown', { shown: links.length, total })}
        </p>
        <ol className="grid gap-4">
          {links.map((link, i) => (
            <li key={`${link.osis}|${i}`} className="grid gap-1 border-t border-slate-100 pt-3">
              <Link
                ref={item(i)}
                to={readerUrl(link, shown)}
                onClick={() => onFollow?.()}
                title={t('crossReferences.open', { reference: link.reference })}
                className={REFERENCE_LINK}
              >
                {link.reference}
              </Link>
              {link.verses.length > 0 ? (
                <LinkText link={link} lang={lang} />
              ) : (
                <p className="text-sm italic text-slate-600">
                  {t('crossReferences.notInTranslation', { translation: shown })}
                </p>
              )}
            </li>
          ))}
        </ol>
        {more}
      </>
    );
  }
  return (
    <div className={cn('grid content-start gap-3', className)}>
      {body}
      <div className="grid gap-1 border-t border-slate-200 pt-3">
        <CrossReferencesCredit />
        <TranslationCredit code={links.length > 0 ? shown : null} />
      </div>
    </div>
  );
}

export default CrossReferenceList;
