import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BOOKS, bookIndex } from '#shared/bible/books.ts';
import { INSTALLED_TRANSLATIONS } from '#shared/values/bible.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { inputClass } from '../../components/ui/Field.tsx';
import { useLanguage } from '../../lib/language.tsx';
import { errorMessage } from '../../lib/queryClient.ts';
import { notFoundSuggestions, useLookupPassage, useTranslations } from './api.ts';
import { VerseNotFound } from './VerseNotFound.tsx';

/** Where the reader goes next: translation, book, chapter and verse, each defaulting to now. */
export interface ReaderTarget {
  t?: string;
  b?: string;
  c?: number;
  v?: number;
}

/** Book, chapter and translation pickers, and "go to a passage" by typed reference. */
export function ReaderControls({
  translation,
  book,
  chapter,
  onGo,
}: {
  translation: string;
  book: string;
  chapter: number;
  onGo: (next: ReaderTarget) => void;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const translations = useTranslations();
  const [goTo, setGoTo] = useState('');
  const lookup = useLookupPassage(translation, (passage) => {
    const first = passage.verses[0];
    if (first) onGo({ b: first.book, c: first.chapter, v: first.verse });
    setGoTo('');
  });
  const suggestions = notFoundSuggestions(lookup.error);
  const chapters = Array.from({ length: BOOKS[bookIndex(book)]!.chapters }, (_, i) => i + 1);
  const selectClass = `${inputClass} py-2`;
  return (
    <Card className="grid gap-3">
      {/* Book and chapter side by side, the translation on a row of its own (its names are
          long: "RV1909 · Reina-Valera 1909"); all three in a row only where they fit. */}
      <div className="grid grid-cols-[minmax(0,1fr)_6rem] gap-3 2xl:grid-cols-[minmax(0,2fr)_6rem_minmax(0,2fr)]">
        <label className="grid gap-1 text-sm font-medium text-slate-800">
          {t('bible.book')}
          <select
            className={selectClass}
            value={book}
            onChange={(e) => onGo({ b: e.target.value, c: 1 })}
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
            onChange={(e) => onGo({ c: Number(e.target.value) })}
          >
            {chapters.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
        <label className="col-span-2 grid gap-1 text-sm font-medium text-slate-800 2xl:col-span-1">
          {t('bible.translation')}
          <select
            className={selectClass}
            value={translation}
            onChange={(e) => onGo({ t: e.target.value })}
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
  );
}
