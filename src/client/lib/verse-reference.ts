import { referenceBookName } from '#shared/bible/books.ts';
import type { Verse } from '#shared/schemas/bible.ts';

/** "Juan 3:16-18" for a selection of verses in one chapter (or a list across chapters). */
export function selectionReference(verses: Verse[]): string {
  const first = verses[0]!;
  const last = verses.at(-1)!;
  if (first.chapter === last.chapter) {
    // The book's name came in the answer's language; one psalm is named as such ("Salmo 23:1").
    const name =
      first.book === 'Ps'
        ? referenceBookName('Ps', first.bookName === 'Salmos' ? 'es' : 'en', true)
        : first.bookName;
    return first.verse === last.verse
      ? `${name} ${first.chapter}:${first.verse}`
      : `${name} ${first.chapter}:${first.verse}-${last.verse}`;
  }
  return `${first.bookName} ${first.chapter}:${first.verse}-${last.chapter}:${last.verse}`;
}

/** "Juan 3:16-17" named in the language of the text (a pair is shown with both references). */
export function referenceIn(verses: Verse[], lang: 'en' | 'es'): string {
  const oneChapter = verses.every((v) => v.chapter === verses[0]!.chapter);
  return selectionReference(
    verses.map((v) => ({ ...v, bookName: referenceBookName(v.book, lang, oneChapter) })),
  );
}
