import { translationLanguage } from '#shared/values/bible.ts';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import Crown from 'lucide-react/icons/crown';
import Search from 'lucide-react/icons/search';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from '../../lib/router.tsx';
import { BOOKS } from '#shared/bible/books.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { inputClass } from '../../components/ui/Field.tsx';
import { useLanguage } from '../../lib/language.tsx';
import { errorMessage } from '../../lib/queryClient.ts';
import { warmOfflineSearch } from '../offline/index.ts';
import { useSearch, type SearchQuery } from './api.ts';

/** Word and phrase search in the current translation; premium adds book and testament filters. */
export function SearchPanel({
  translation,
  isPremium,
  parallel,
}: {
  translation: string;
  isPremium: boolean;
  /** In parallel reading, the translation whose verse can be shown under each hit. */
  parallel?: string | null;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [draft, setDraft] = useState('');
  const [query, setQuery] = useState<SearchQuery | null>(null);
  const [book, setBook] = useState('');
  const [testament, setTestament] = useState('');
  const [withParallel, setWithParallel] = useState(true);
  const results = useSearch(query, translation, withParallel ? parallel : null);
  const { language } = useLanguage();
  const pages = results.data ? Math.ceil(results.data.total / results.data.pageSize) : 0;
  function submit(e: FormEvent) {
    e.preventDefault();
    if (!draft.trim()) return;
    setQuery({ q: draft.trim(), page: 1, book, testament });
  }
  return (
    <Card className="grid content-start gap-4 self-start lg:sticky lg:top-24">
      <h2 className="flex items-center gap-2 font-serif text-xl text-brand-950">
        <Search className="size-5" aria-hidden /> {t('bible.search.title')}
      </h2>
      <form role="search" onSubmit={submit} className="grid gap-3">
        <label htmlFor="bible-search" className="text-sm font-medium text-slate-800">
          {t('bible.search.label')}
        </label>
        <div className="flex gap-2">
          <input
            id="bible-search"
            type="search"
            value={draft}
            maxLength={200}
            onChange={(e) => setDraft(e.target.value)}
            // With no network, the download's verses are read while the words are typed.
            onFocus={() => warmOfflineSearch(translation)}
            placeholder={t('bible.search.placeholder')}
            aria-describedby="bible-search-hint"
            className={inputClass}
          />
          <Button type="submit">{t('bible.search.submit')}</Button>
        </div>
        <p id="bible-search-hint" className="text-xs text-slate-600">
          {t('bible.search.hint')}
        </p>
        {parallel ? (
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              className="size-4 accent-brand-700"
              checked={withParallel}
              onChange={(e) => setWithParallel(e.target.checked)}
            />
            {t('bible.parallel.searchShow', { code: parallel })}
          </label>
        ) : null}
        {isPremium ? (
          <div className="grid grid-cols-2 gap-2">
            <label className="grid gap-1 text-sm text-slate-800">
              {t('bible.search.testament')}
              <select
                className={inputClass}
                value={testament}
                onChange={(e) => setTestament(e.target.value)}
              >
                <option value="">{t('bible.search.allBooks')}</option>
                <option value="OT">{t('bible.oldTestament')}</option>
                <option value="NT">{t('bible.newTestament')}</option>
              </select>
            </label>
            <label className="grid gap-1 text-sm text-slate-800">
              {t('bible.search.bookFilter')}
              <select className={inputClass} value={book} onChange={(e) => setBook(e.target.value)}>
                <option value="">{t('bible.search.allBooks')}</option>
                {BOOKS.map((b) => (
                  <option key={b.osis} value={b.osis}>
                    {b[language]}
                  </option>
                ))}
              </select>
            </label>
          </div>
        ) : (
          <Link
            to="/subscription"
            className="flex w-fit items-center gap-1.5 text-xs text-slate-600 underline-offset-2 hover:underline"
          >
            <Crown className="size-3.5 text-gold-500" aria-hidden />
            {t('bible.search.filtersPremium')}
          </Link>
        )}
      </form>
      <div aria-live="polite" className="grid gap-2">
        {results.isFetching ? (
          <p className="text-sm text-slate-600">{t('common.loading')}</p>
        ) : null}
        {results.isError ? (
          <p className="text-sm text-red-700">{errorMessage(results.error, t)}</p>
        ) : null}
        {results.data ? (
          <>
            <p className="text-sm font-medium text-slate-700">
              {results.data.total === 0
                ? t('bible.search.none')
                : t('bible.search.results', { count: results.data.total })}
            </p>
            {results.data.onDevice ? (
              <p className="rounded-xl bg-gold-300/30 px-3 py-2 text-xs text-brand-950">
                {t('bible.search.onDevice')}
              </p>
            ) : null}
            <ol className="grid gap-2">
              {results.data.results.map((hit) => (
                <li key={hit.osis}>
                  <button
                    type="button"
                    aria-label={t('bible.search.open', { reference: hit.reference })}
                    onClick={() =>
                      navigate(
                        `/bible?t=${translation}&b=${hit.book}&c=${hit.chapter}&v=${hit.verse}`,
                      )
                    }
                    className="grid w-full gap-1 rounded-xl border border-slate-200 p-3 text-left hover:border-brand-300 hover:bg-brand-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
                  >
                    <span className="text-sm font-semibold text-brand-800">{hit.reference}</span>
                    <span className="font-serif text-slate-800">
                      {hit.segments.map((s, i) =>
                        s.match ? (
                          <mark key={i} className="rounded bg-gold-300/70 px-0.5 text-slate-900">
                            {s.text}
                          </mark>
                        ) : (
                          <span key={i}>{s.text}</span>
                        ),
                      )}
                    </span>
                    {hit.parallel?.length ? (
                      <span
                        lang={translationLanguage(results.data?.parallelTranslation ?? '')}
                        className="border-l-2 border-brand-100 pl-2 font-serif text-sm text-slate-600"
                      >
                        {hit.parallel
                          .map((v) =>
                            v.chapter === hit.chapter
                              ? `${v.verse} ${v.text}`
                              : `${v.chapter}:${v.verse} ${v.text}`,
                          )
                          .join(' ')}{' '}
                        ({results.data?.parallelTranslation})
                      </span>
                    ) : null}
                  </button>
                </li>
              ))}
            </ol>
            {pages > 1 && query ? (
              <div className="flex items-center justify-between gap-2">
                <Button
                  size="sm"
                  variant="outline"
                  disabled={query.page <= 1}
                  onClick={() => setQuery({ ...query, page: query.page - 1 })}
                >
                  <ChevronLeft className="size-4" aria-hidden /> {t('study.list.previous')}
                </Button>
                <span className="text-xs text-slate-600">
                  {t('study.list.page', { page: query.page, pages })}
                </span>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={query.page >= pages}
                  onClick={() => setQuery({ ...query, page: query.page + 1 })}
                >
                  {t('study.list.next')} <ChevronRight className="size-4" aria-hidden />
                </Button>
              </div>
            ) : null}
          </>
        ) : null}
      </div>
    </Card>
  );
}
