import NotebookPen from 'lucide-react/icons/notebook-pen';
import { SpanishBibleChoice } from '../spanish-bible/index.ts';
import { defaultTranslation } from '#shared/bible/translation.ts';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from '../../lib/router.tsx';
import { BOOKS, bookIndex } from '#shared/bible/books.ts';
import { hasPremiumAccess } from '#shared/values/subscription.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { useAuth } from '../../hooks/useAuth.ts';
import { ListenButton, useListenFollow, type ChapterRef } from '../listen/index.ts';
import { OfflineDownloadButton } from '../offline/index.ts';
import { useLanguage } from '../../lib/language.tsx';
import { useChapter } from './api.ts';
import { ChapterText } from './ChapterText.tsx';
import { ComparePanel } from './ComparePanel.tsx';
import { verseKey } from '../../components/PassageText.tsx';
import { ReaderControls, type ReaderTarget } from './ReaderControls.tsx';
import { SearchPanel } from './SearchPanel.tsx';
import { SelectionToolbar } from './SelectionToolbar.tsx';
import { useParallelPreference } from './parallel/api.ts';
import { ParallelControls } from './parallel/ParallelControls.tsx';
import { ParallelReader } from './parallel/ParallelReader.tsx';
import {
  BIBLE_POSITION_COOKIE,
  readDeviceCookie,
  writeDeviceCookie,
} from '#delivery/app/device-cookies.ts';

/** The reader's last place, `<book>.<chapter>` (a cookie: the server draws /bible there too). */
function savedPosition(): { b: string; c: number } | null {
  const match = /^(.+)\.(\d+)$/.exec(readDeviceCookie(BIBLE_POSITION_COOKIE) ?? '');
  return match ? { b: match[1]!, c: Number(match[2]) } : null;
}

/** The reader: the place (translation, book, chapter, verse) lives in the URL. */
export default function BibleReader() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const isPremium = hasPremiumAccess(user);
  const saved = useMemo(() => savedPosition(), []);
  const translation =
    params.get('t') ??
    defaultTranslation(
      user?.preferences.bibleTranslation ?? 'KJV',
      language,
      user?.preferences.spanishBible,
    );
  const book = bookIndex(params.get('b') ?? '') >= 0 ? params.get('b')! : (saved?.b ?? 'John');
  const info = BOOKS[bookIndex(book)]!;
  const chapter = Math.min(
    Math.max(1, Number(params.get('c') ?? saved?.c ?? 1) || 1),
    info.chapters,
  );
  const highlight = params.get('v') ? `${book}.${chapter}.${params.get('v')}` : null;
  const parallel = useParallelPreference(translation);
  const data = useChapter(translation, book, chapter, parallel.second === null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [comparing, setComparing] = useState(false);

  useEffect(() => {
    writeDeviceCookie(BIBLE_POSITION_COOKIE, `${book}.${chapter}`);
  }, [book, chapter]);
  useEffect(() => {
    if (highlight && data.data)
      document.getElementById(`v-${highlight}`)?.scrollIntoView({ block: 'center' });
  }, [highlight, data.data]);

  const go = (next: ReaderTarget) => {
    setSelected(new Set());
    const p = new URLSearchParams({
      t: next.t ?? translation,
      b: next.b ?? book,
      c: String(next.c ?? chapter),
    });
    if (next.v) p.set('v', String(next.v));
    setParams(p);
  };

  // Listen (docs/decisions/0055): the reader follows the player into the next chapter.
  const showChapter = (c: ChapterRef) => go({ t: c.translation, b: c.book, c: c.chapter });
  useListenFollow({ translation, book, chapter }, showChapter);

  const selectedVerses = (data.data?.verses ?? []).filter((v) => selected.has(verseKey(v)));
  return (
    <>
      <PageHeader
        title={t('bible.title')}
        subtitle={t('bible.subtitle')}
        actions={
          <>
            <OfflineDownloadButton />
            <Button variant="outline" asChild>
              <Link to="/bible-study">
                <NotebookPen className="size-4" aria-hidden /> {t('nav.bibleStudy')}
              </Link>
            </Button>
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="grid content-start gap-4">
          <SpanishBibleChoice />
          <ReaderControls translation={translation} book={book} chapter={chapter} onGo={go} />
          <ListenButton
            source={{ kind: 'chapter', chapter: { translation, book, chapter } }}
            onResumeChapter={showChapter}
          />
          <ParallelControls first={translation} parallel={parallel} onFirst={(t) => go({ t })} />
          {parallel.second ? (
            <ParallelReader
              first={translation}
              second={parallel.second}
              book={book}
              chapter={chapter}
              highlight={highlight}
              onGo={go}
            />
          ) : (
            <ChapterText
              data={data}
              translation={translation}
              book={book}
              chapter={chapter}
              highlight={highlight}
              selected={selected}
              onToggle={(v) =>
                setSelected((s) => {
                  const next = new Set(s);
                  const key = verseKey(v);
                  if (next.has(key)) next.delete(key);
                  else next.add(key);
                  return next;
                })
              }
              onGo={go}
              isPremium={isPremium}
              onCompare={() => setComparing((c) => !c)}
            />
          )}
          {comparing && !parallel.second ? (
            <ComparePanel
              reference={`${BOOKS[bookIndex(book)]!.en} ${chapter}`}
              onClose={() => setComparing(false)}
            />
          ) : null}
        </div>
        <SearchPanel translation={translation} isPremium={isPremium} parallel={parallel.second} />
      </div>
      {parallel.second ? null : (
        <SelectionToolbar
          selectedVerses={selectedVerses}
          shown={data.data?.translation}
          translation={translation}
          onClear={() => setSelected(new Set())}
        />
      )}
    </>
  );
}
