import { translationLanguage } from '#shared/values/bible.ts';
import { TranslationCredit } from '../../components/TranslationCredit.tsx';
import BookOpen from 'lucide-react/icons/book-open';
import Sparkles from 'lucide-react/icons/sparkles';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Dashboard as DashboardData } from '#shared/schemas/dashboard.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { SaveFavoriteButton } from '../library/index.ts';
import { BothToggle, InBoth } from '../both/index.ts';
import { ListenButton } from '../listen/index.ts';
import { SpanishBibleChoice } from '../spanish-bible/index.ts';
import { AddMemoryVerseDialog } from '../memory/index.ts';

export function VerseOfTheDayCard({ verse }: { verse: DashboardData['verseOfTheDay'] }) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  const figure = useRef<HTMLElement>(null);
  return (
    <Card className="grid h-full content-start gap-3 border-gold-400/50 bg-gradient-to-br from-white to-gold-300/20">
      <h2 className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wider text-brand-800">
        <BookOpen className="size-4" aria-hidden /> {t('dashboard.todaysVerse')}
      </h2>
      {verse ? (
        <>
          <figure ref={figure} className="grid gap-2" lang={translationLanguage(verse.translation)}>
            <InBoth reference={verse.reference} translation={verse.translation} large>
              <blockquote className="font-serif text-xl leading-relaxed text-brand-950 sm:text-2xl">
                {verse.verses.map((v) => v.text).join(' ')}
              </blockquote>
              <figcaption className="text-sm font-semibold text-brand-800">
                {verse.reference}{' '}
                <span className="font-normal text-slate-500">({verse.translation})</span>
              </figcaption>
            </InBoth>
            <TranslationCredit code={verse.translation} />
          </figure>
          <SpanishBibleChoice className="px-3 py-2" />
          <div className="flex flex-wrap gap-1">
            <ListenButton
              className="contents"
              source={{
                kind: 'page',
                key: `votd:${verse.reference}`,
                title: `${verse.reference} · ${verse.translation}`,
                target: figure,
              }}
            />
            <Button
              size="sm"
              variant="ghost"
              className="w-fit px-2 text-brand-700"
              onClick={() => setAdding(true)}
            >
              <Sparkles className="size-4" aria-hidden /> {t('dashboard.memorize')}
            </Button>
            <BothToggle />
            <SaveFavoriteButton
              today
              reference={verse.reference}
              translation={verse.translation}
              className="w-fit px-2 text-brand-700"
            />
          </div>
          {adding ? (
            <AddMemoryVerseDialog
              open
              onOpenChange={setAdding}
              reference={verse.reference}
              translation={verse.translation}
            />
          ) : null}
        </>
      ) : (
        <p role="status" className="text-slate-600">
          {t('dashboard.verseLoading')}
        </p>
      )}
    </Card>
  );
}
