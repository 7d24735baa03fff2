import { useMutation, useQuery } from '@tanstack/react-query';
import {
  ChevronLeft,
  ChevronRight,
  Columns3,
  Copy,
  Crown,
  NotebookPen,
  Search,
  Sparkles,
  X,
} from 'lucide-react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { BOOKS, bookIndex } from '#shared/bible/books.ts';
import {
  INSTALLED_TRANSLATIONS,
  MAX_COMPARE,
  type Passage,
  type Verse,
} from '#shared/schemas/bible.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { inputClass } from '../../components/ui/Field.tsx';
import { toast } from '../../hooks/use-toast.ts';
import { useAuth } from '../../hooks/useAuth.ts';
import { useLanguage } from '../../lib/language.tsx';
import { apiRequest, errorMessage } from '../../lib/queryClient.ts';
import { notFoundSuggestions, passageUrl, useChapter, useSearch, useTranslations } from './api.ts';
import { PassageText, verseKey } from './PassageText.tsx';
import { VerseNotFound } from './VerseNotFound.tsx';
import { AddMemoryVerseDialog } from '../memory/index.ts';

const POSITION_KEY = 'bible-position';

function defaultTranslation(pref: string | undefined, lang: 'en' | 'es') {
  if (pref && (INSTALLED_TRANSLATIONS as readonly string[]).includes(pref)) return pref;
  return lang === 'es' ? 'RV1909' : (pref ?? 'KJV');
}

/** "Juan 3:16-18" for a selection of verses in one chapter (or a list across chapters). */
function selectionReference(verses: Verse[]): string {
  const first = verses[0]!;
  const last = verses.at(-1)!;
  if (first.chapter === last.chapter) {
    return first.verse === last.verse
      ? `${first.bookName} ${first.chapter}:${first.verse}`
      : `${first.bookName} ${first.chapter}:${first.verse}-${last.verse}`;
  }
  return `${first.bookName} ${first.chapter}:${first.verse}-${last.chapter}:${last.verse}`;
}

function SearchPanel({ translation, isPremium }: { translation: string; isPremium: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [draft, setDraft] = useState('');
  const [query, setQuery] = useState<{
    q: string;
    page: number;
    book: string;
    testament: string;
  } | null>(null);
  const [book, setBook] = useState('');
  const [testament, setTestament] = useState('');
  const url = query
    ? `/api/bible/search?q=${encodeURIComponent(query.q)}&translation=${translation}&page=${query.page}` +
      (query.book ? `&book=${query.book}` : '') +
      (query.testament ? `&testament=${query.testament}` : '')
    : null;
  const results = useSearch(url);
  const { language } = useLanguage();
  const pages = results.data ? Math.ceil(results.data.total / results.data.pageSize) : 0;
  function submit(e: FormEvent) {
    e.preventDefault();
    if (!draft.trim()) return;
    setQuery({ q: draft.trim(), page: 1, book, testament });
  }
  return (
    <Card className="grid content-start gap-4">
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
            placeholder={t('bible.search.placeholder')}
            aria-describedby="bible-search-hint"
            className={inputClass}
          />
          <Button type="submit">{t('bible.search.submit')}</Button>
        </div>
        <p id="bible-search-hint" className="text-xs text-slate-600">
          {t('bible.search.hint')}
        </p>
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
          <p className="flex items-center gap-1.5 text-xs text-slate-600">
            <Crown className="size-3.5 text-gold-500" aria-hidden />
            {t('bible.search.filtersPremium')}
          </p>
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

function ComparePanel({ reference, onClose }: { reference: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string[]>([...INSTALLED_TRANSLATIONS]);
  const compare = useQuery<{ columns: Passage[] }>({
    queryKey: [
      `/api/bible/compare?ref=${encodeURIComponent(reference)}&translations=${chosen.join(',')}`,
    ],
    enabled: chosen.length > 0,
  });
  return (
    <Card className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-serif text-xl text-brand-950">{t('bible.compare.title')}</h2>
        <Button size="sm" variant="ghost" onClick={onClose}>
          <X className="size-4" aria-hidden /> {t('bible.compare.close')}
        </Button>
      </div>
      <fieldset className="flex flex-wrap gap-3">
        <legend className="mb-2 text-sm text-slate-600">{t('bible.compare.hint')}</legend>
        {INSTALLED_TRANSLATIONS.map((code) => (
          <label key={code} className="flex items-center gap-2 text-sm font-medium text-slate-800">
            <input
              type="checkbox"
              className="size-4 accent-brand-700"
              checked={chosen.includes(code)}
              disabled={!chosen.includes(code) && chosen.length >= MAX_COMPARE}
              onChange={(e) =>
                setChosen((c) => (e.target.checked ? [...c, code] : c.filter((x) => x !== code)))
              }
            />
            {code}
          </label>
        ))}
      </fieldset>
      {compare.isError ? <p className="text-red-700">{errorMessage(compare.error, t)}</p> : null}
      <div className="grid gap-4 md:grid-cols-3">
        {compare.data?.columns.map((col) => (
          <section
            key={col.translation}
            aria-label={col.translation}
            className="rounded-2xl border border-slate-200 p-4"
          >
            <h3 className="mb-2 text-sm font-semibold uppercase tracking-wider text-brand-700">
              {col.translation}
            </h3>
            <PassageText
              compact
              verses={col.verses}
              lang={col.translation === 'RV1909' ? 'es' : 'en'}
            />
          </section>
        ))}
      </div>
    </Card>
  );
}

export default function BibleReader() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { user } = useAuth();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const isPremium = Boolean(user?.isPremium || user?.role === 'admin');
  const saved = useMemo(() => {
    try {
      return JSON.parse(localStorage.getItem(POSITION_KEY) ?? 'null') as {
        b: string;
        c: number;
      } | null;
    } catch {
      return null;
    }
  }, []);
  const translation =
    params.get('t') ?? defaultTranslation(user?.preferences.bibleTranslation, language);
  const book = bookIndex(params.get('b') ?? '') >= 0 ? params.get('b')! : (saved?.b ?? 'John');
  const info = BOOKS[bookIndex(book)]!;
  const chapter = Math.min(
    Math.max(1, Number(params.get('c') ?? saved?.c ?? 1) || 1),
    info.chapters,
  );
  const highlight = params.get('v') ? `${book}.${chapter}.${params.get('v')}` : null;
  const translations = useTranslations();
  const data = useChapter(translation, book, chapter);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [goTo, setGoTo] = useState('');
  const [comparing, setComparing] = useState(false);
  const [memorizing, setMemorizing] = useState(false);

  useEffect(() => {
    localStorage.setItem(POSITION_KEY, JSON.stringify({ b: book, c: chapter }));
  }, [book, chapter]);
  useEffect(() => {
    if (highlight && data.data)
      document.getElementById(`v-${highlight}`)?.scrollIntoView({ block: 'center' });
  }, [highlight, data.data]);

  const go = (next: { t?: string; b?: string; c?: number; v?: number }) => {
    setSelected(new Set());
    const p = new URLSearchParams({
      t: next.t ?? translation,
      b: next.b ?? book,
      c: String(next.c ?? chapter),
    });
    if (next.v) p.set('v', String(next.v));
    setParams(p);
  };

  const lookup = useMutation({
    mutationFn: async (ref: string) =>
      (await apiRequest('GET', passageUrl(ref, translation))).json() as Promise<Passage>,
    retry: 0,
    onSuccess: (passage) => {
      const first = passage.verses[0];
      if (first) go({ b: first.book, c: first.chapter, v: first.verse });
      setGoTo('');
    },
  });
  const suggestions = notFoundSuggestions(lookup.error);

  const selectedVerses = (data.data?.verses ?? []).filter((v) => selected.has(verseKey(v)));
  async function copySelection() {
    const text = `${selectedVerses.map((v) => `${v.verse} ${v.text}`).join(' ')}\n— ${selectionReference(selectedVerses)} (${data.data?.translation})`;
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: t('bible.actions.copied') });
    } catch {
      toast({
        title: t('errors.title'),
        description: t('bible.actions.copyFailed'),
        variant: 'destructive',
      });
    }
  }

  const chapters = Array.from({ length: info.chapters }, (_, i) => i + 1);
  const selectClass = `${inputClass} py-2`;
  return (
    <>
      <PageHeader
        title={t('bible.title')}
        subtitle={t('bible.subtitle')}
        actions={
          <Button variant="outline" asChild>
            <Link to="/bible-study">
              <NotebookPen className="size-4" aria-hidden /> {t('nav.bibleStudy')}
            </Link>
          </Button>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="grid content-start gap-4">
          <Card className="grid gap-3">
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-[2fr_1fr_1.4fr]">
              <label className="col-span-2 grid gap-1 text-sm font-medium text-slate-800 sm:col-span-1">
                {t('bible.book')}
                <select
                  className={selectClass}
                  value={book}
                  onChange={(e) => go({ b: e.target.value, c: 1 })}
                >
                  <optgroup label={t('bible.oldTestament')}>
                    {BOOKS.filter((b) => b.testament === 'OT').map((b) => (
                      <option key={b.osis} value={b.osis}>
                        {b[language]}
                      </option>
                    ))}
                  </optgroup>
                  <optgroup label={t('bible.newTestament')}>
                    {BOOKS.filter((b) => b.testament === 'NT').map((b) => (
                      <option key={b.osis} value={b.osis}>
                        {b[language]}
                      </option>
                    ))}
                  </optgroup>
                </select>
              </label>
              <label className="grid gap-1 text-sm font-medium text-slate-800">
                {t('bible.chapter')}
                <select
                  className={selectClass}
                  value={chapter}
                  onChange={(e) => go({ c: Number(e.target.value) })}
                >
                  {chapters.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </select>
              </label>
              <label className="grid gap-1 text-sm font-medium text-slate-800">
                {t('bible.translation')}
                <select
                  className={selectClass}
                  value={translation}
                  onChange={(e) => go({ t: e.target.value })}
                >
                  {(
                    translations.data ??
                    INSTALLED_TRANSLATIONS.map((code) => ({ code, available: true, name: code }))
                  ).map((tr) => (
                    <option key={tr.code} value={tr.code}>
                      {tr.available
                        ? `${tr.code} · ${tr.name}`
                        : t('bible.notInstalled', { code: tr.code })}
                    </option>
                  ))}
                </select>
              </label>
            </div>
            <form
              className="flex gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                if (goTo.trim()) lookup.mutate(goTo.trim());
              }}
            >
              <label htmlFor="goto" className="sr-only">
                {t('bible.goTo')}
              </label>
              <input
                id="goto"
                className={inputClass}
                placeholder={t('bible.goToPlaceholder')}
                value={goTo}
                maxLength={200}
                onChange={(e) => setGoTo(e.target.value)}
              />
              <Button type="submit" variant="outline" disabled={lookup.isPending}>
                {t('bible.go')}
              </Button>
            </form>
            {suggestions ? (
              <VerseNotFound suggestions={suggestions} onPick={(ref) => lookup.mutate(ref)} />
            ) : lookup.isError ? (
              <p role="alert" className="text-sm text-red-700">
                {errorMessage(lookup.error, t)}
              </p>
            ) : null}
          </Card>

          <Card>
            <div className="mb-4 flex items-center justify-between gap-2">
              <Button
                size="icon"
                variant="outline"
                aria-label={t('bible.previous')}
                disabled={!data.data?.previous}
                onClick={() =>
                  data.data?.previous &&
                  go({ b: data.data.previous.book, c: data.data.previous.chapter })
                }
              >
                <ChevronLeft className="size-5" aria-hidden />
              </Button>
              <h2 className="text-center font-serif text-2xl text-brand-950">
                {t('bible.chapterLabel', { book: info[language], chapter })}
                {data.data ? (
                  <span className="ml-2 text-sm font-sans text-slate-500">
                    {data.data.translation}
                  </span>
                ) : null}
              </h2>
              <Button
                size="icon"
                variant="outline"
                aria-label={t('bible.next')}
                disabled={!data.data?.next}
                onClick={() =>
                  data.data?.next && go({ b: data.data.next.book, c: data.data.next.chapter })
                }
              >
                <ChevronRight className="size-5" aria-hidden />
              </Button>
            </div>
            {data.data?.fallback ? (
              <p className="mb-4 rounded-xl bg-brand-50 px-3 py-2 text-sm text-brand-900">
                {t('bible.fallbackNote', {
                  requested: data.data.requestedTranslation,
                  shown: data.data.translation,
                })}
              </p>
            ) : null}
            {data.isLoading ? (
              <p role="status" className="text-slate-600">
                {t('bible.loadingText')}
              </p>
            ) : data.isError ? (
              <div role="alert" className="grid gap-2">
                <p className="text-red-700">{errorMessage(data.error, t)}</p>
                <Button variant="outline" className="w-fit" onClick={() => void data.refetch()}>
                  {t('common.retry')}
                </Button>
              </div>
            ) : data.data ? (
              <PassageText
                verses={data.data.verses}
                lang={data.data.translation === 'RV1909' ? 'es' : 'en'}
                selected={selected}
                highlight={highlight}
                onToggle={(v) =>
                  setSelected((s) => {
                    const next = new Set(s);
                    const key = verseKey(v);
                    if (next.has(key)) next.delete(key);
                    else next.add(key);
                    return next;
                  })
                }
              />
            ) : null}
            <div className="mt-6 flex flex-wrap gap-2 border-t border-slate-200 pt-4">
              <Button
                variant="outline"
                size="sm"
                onClick={() => (isPremium ? setComparing((c) => !c) : navigate('/subscription'))}
                title={isPremium ? undefined : t('bible.compare.premium')}
              >
                <Columns3 className="size-4" aria-hidden /> {t('bible.compare.button')}
                {isPremium ? null : (
                  <Crown className="size-4 text-gold-500" aria-label={t('common.premium')} />
                )}
              </Button>
            </div>
          </Card>
          {comparing ? (
            <ComparePanel
              reference={`${BOOKS[bookIndex(book)]!.en} ${chapter}`}
              onClose={() => setComparing(false)}
            />
          ) : null}
        </div>
        <SearchPanel translation={translation} isPremium={isPremium} />
      </div>

      {memorizing && selectedVerses.length > 0 ? (
        <AddMemoryVerseDialog
          open
          onOpenChange={setMemorizing}
          reference={selectionReference(selectedVerses)}
          translation={data.data?.translation}
        />
      ) : null}
      {selectedVerses.length > 0 ? (
        <div
          role="toolbar"
          aria-label={t('bible.actions.selected', { count: selectedVerses.length })}
          className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-2xl backdrop-blur lg:left-64"
        >
          <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-2">
            <p className="mr-auto text-sm font-medium text-slate-800">
              {selectionReference(selectedVerses)} ·{' '}
              {t('bible.actions.selected', { count: selectedVerses.length })}
            </p>
            <Button size="sm" variant="outline" onClick={() => void copySelection()}>
              <Copy className="size-4" aria-hidden /> {t('bible.actions.copy')}
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() =>
                navigate(`/journal?ref=${encodeURIComponent(selectionReference(selectedVerses))}`)
              }
            >
              <NotebookPen className="size-4" aria-hidden /> {t('bible.actions.journal')}
            </Button>
            <Button size="sm" variant="outline" onClick={() => setMemorizing(true)}>
              <Sparkles className="size-4" aria-hidden /> {t('bible.actions.memorize')}
            </Button>
            <Button
              size="sm"
              onClick={() =>
                navigate(
                  `/bible-study?ref=${encodeURIComponent(selectionReference(selectedVerses))}&t=${data.data?.translation ?? translation}`,
                )
              }
            >
              <NotebookPen className="size-4" aria-hidden /> {t('bible.actions.study')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
              <X className="size-4" aria-hidden /> {t('bible.actions.clear')}
            </Button>
          </div>
        </div>
      ) : null}
    </>
  );
}
