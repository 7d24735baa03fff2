import { translationLanguage } from '#shared/values/bible.ts';
import { TranslationCredit } from '../../components/TranslationCredit.tsx';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import Columns3 from 'lucide-react/icons/columns-3';
import Crown from 'lucide-react/icons/crown';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from '../../lib/router.tsx';
import { BOOKS, bookIndex, referenceBookName } from '#shared/bible/books.ts';
import type { Chapter, Verse } from '#shared/schemas/bible.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { Tip } from '../../components/ui/Tip.tsx';
import { useLanguage } from '../../lib/language.tsx';
import { errorMessage, isNetworkError } from '../../lib/queryClient.ts';
import { NotDownloaded } from '../offline/index.ts';
import type { ChapterQuery } from './api.ts';
import { PassageText } from '../../components/PassageText.tsx';
import type { ReaderTarget } from './ReaderControls.tsx';

type ChapterLink = Chapter['previous'];

/** The chapter's name between the buttons to the previous and next chapters. */
export function ChapterHeading({
  book,
  chapter,
  translations,
  previous,
  next,
  onGo,
}: {
  book: string;
  chapter: number;
  /** The translation (or "RV1909 · KJV") shown beside the name once loaded. */
  translations: string | undefined;
  previous: ChapterLink | undefined;
  next: ChapterLink | undefined;
  onGo: (next: ReaderTarget) => void;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const info = BOOKS[bookIndex(book)]!;
  return (
    <div className="mb-4 flex items-center justify-between gap-2">
      <Tip label={t('bible.previous')}>
        <Button
          size="icon"
          variant="outline"
          aria-label={t('bible.previous')}
          disabled={!previous}
          onClick={() => previous && onGo({ b: previous.book, c: previous.chapter })}
        >
          <ChevronLeft className="size-5" aria-hidden />
        </Button>
      </Tip>
      <h2 className="text-center font-serif text-2xl text-brand-950">
        {t('bible.chapterLabel', { book: referenceBookName(info.osis, language, true), chapter })}
        {translations ? (
          <span className="ml-2 font-sans text-sm text-slate-500">{translations}</span>
        ) : null}
      </h2>
      <Tip label={t('bible.next')}>
        <Button
          size="icon"
          variant="outline"
          aria-label={t('bible.next')}
          disabled={!next}
          onClick={() => next && onGo({ b: next.book, c: next.chapter })}
        >
          <ChevronRight className="size-5" aria-hidden />
        </Button>
      </Tip>
    </div>
  );
}

/** The chapter being read: previous/next chapter, its verses to select, and "Compare". */
export function ChapterText({
  data,
  translation,
  book,
  chapter,
  highlight,
  selected,
  onToggle,
  onGo,
  isPremium,
  onCompare,
}: {
  data: ChapterQuery;
  /** The translation asked for (what to download when the network is gone). */
  translation: string;
  book: string;
  chapter: number;
  highlight: string | null;
  selected: ReadonlySet<string>;
  onToggle: (verse: Verse) => void;
  onGo: (next: ReaderTarget) => void;
  isPremium: boolean;
  onCompare: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Card>
      <ChapterHeading
        book={book}
        chapter={chapter}
        translations={data.data?.translation}
        previous={data.data?.previous}
        next={data.data?.next}
        onGo={onGo}
      />
      {data.data?.fallback ? (
        <p className="mb-4 rounded-xl bg-brand-50 px-3 py-2 text-sm text-brand-900">
          {t('bible.fallbackNote', {
            requested: data.data.requestedTranslation,
            shown: data.data.translation,
          })}
        </p>
      ) : null}
      {data.isLoading ? (
        // About the height a chapter takes: on a phone, what follows (the search) stays below
        // the fold instead of being pushed down when the text arrives (layout shift).
        <p role="status" className="min-h-[70svh] text-slate-600">
          {t('bible.loadingText')}
        </p>
      ) : data.isError && isNetworkError(data.error) ? (
        <NotDownloaded translation={translation} />
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
          lang={translationLanguage(data.data.translation)}
          selected={selected}
          highlight={highlight}
          onToggle={onToggle}
        />
      ) : null}
      <TranslationCredit code={data.data?.translation} className="mt-4" />
      <div className="mt-6 flex flex-wrap items-center gap-x-4 gap-y-2 border-t border-slate-200 pt-4">
        <Button
          variant="outline"
          size="sm"
          onClick={() => (isPremium ? onCompare() : navigate('/subscription'))}
          title={isPremium ? undefined : t('bible.compare.premium')}
        >
          <Columns3 className="size-4" aria-hidden /> {t('bible.compare.button')}
          {isPremium ? null : (
            <Crown className="size-4 text-gold-500" aria-label={t('common.premium')} />
          )}
        </Button>
        <Link
          to="/bible-texts"
          className="text-sm text-brand-700 underline underline-offset-2 hover:text-brand-900"
        >
          {t('translations.about')}
        </Link>
      </div>
    </Card>
  );
}
