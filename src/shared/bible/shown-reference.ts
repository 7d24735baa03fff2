/**
 * The way back from `formatReference`: a reference as the app shows it ("Juan 3:16-17",
 * "Salmos 1-2", "Génesis 1:31-2:3", "Judas 3", joined with "; ") to its verse ranges, with no
 * reference parser (the service worker has none: bible-passage-reference-parser weighs ~300 KB).
 * Only the app's own forms are read: whatever does not give back the same text when formatted
 * again is refused (null), so a free-form address never reads as another place.
 */
import { BOOKS, referenceBookName } from './books.ts';
import { chapterLength, formatReference, type VerseRange } from './chapter-answer.ts';

type Language = 'en' | 'es';

/** Every name a book goes by in a reference, longest first ("1 Juan" before "Juan"). */
const NAMES = new Map<Language, { name: string; book: number }[]>();

function namesOf(lang: Language) {
  let names = NAMES.get(lang);
  if (!names) {
    names = BOOKS.flatMap((b, i) => {
      const forms = new Set([b[lang], referenceBookName(b.osis, lang, true)]);
      return [...forms].map((name) => ({ name, book: i + 1 }));
    }).sort((x, y) => y.name.length - x.name.length);
    NAMES.set(lang, names);
  }
  return names;
}

/** "Juan 3" → book 43 and "3"; null when no book's name starts the text. */
function splitName(text: string, lang: Language): { book: number; rest: string } | null {
  const found = namesOf(lang).find(({ name }) => text.startsWith(`${name} `));
  return found ? { book: found.book, rest: text.slice(found.name.length + 1) } : null;
}

function readPart(part: string, lang: Language): VerseRange | null {
  const across = /^(.+) (\d+):(\d+) - (.+) (\d+):(\d+)$/.exec(part);
  if (across) {
    const from = splitName(`${across[1]} ${across[2]}`, lang);
    const to = splitName(`${across[4]} ${across[5]}`, lang);
    if (!from || !to) return null;
    return {
      start: { book: from.book, chapter: Number(across[2]), verse: Number(across[3]) },
      end: { book: to.book, chapter: Number(across[5]), verse: Number(across[6]) },
    };
  }
  const named = splitName(part, lang);
  if (!named) return null;
  const { book, rest } = named;
  const single = BOOKS[book - 1]!.chapters === 1;
  const n = rest.split(/[:-]/).map(Number);
  if (n.some((x) => !Number.isInteger(x) || x < 1)) return null;
  const at = (chapter: number, verse: number) => ({ book, chapter, verse });
  const whole = (from: number, to: number) => ({
    start: at(from, 1),
    end: at(to, chapterLength(book, to)),
  });
  if (/^\d+$/.test(rest))
    return single ? { start: at(1, n[0]!), end: at(1, n[0]!) } : whole(n[0]!, n[0]!);
  if (/^\d+-\d+$/.test(rest)) {
    return single ? { start: at(1, n[0]!), end: at(1, n[1]!) } : whole(n[0]!, n[1]!);
  }
  if (/^\d+:\d+$/.test(rest)) return { start: at(n[0]!, n[1]!), end: at(n[0]!, n[1]!) };
  if (/^\d+:\d+-\d+$/.test(rest)) return { start: at(n[0]!, n[1]!), end: at(n[0]!, n[2]!) };
  if (/^\d+:\d+-\d+:\d+$/.test(rest)) return { start: at(n[0]!, n[1]!), end: at(n[2]!, n[3]!) };
  return null;
}

/** The ranges of a reference as `formatReference` writes it in `lang`, or null. */
export function readShownReference(text: string, lang: Language): VerseRange[] | null {
  const ranges: VerseRange[] = [];
  for (const part of text.trim().split('; ')) {
    const range = readPart(part, lang);
    if (!range) return null;
    ranges.push(range);
  }
  // Only the app's own forms: the same text back, and places that exist.
  const real = ranges.every(
    ({ start, end }) =>
      start.verse <= chapterLength(start.book, start.chapter) &&
      end.verse <= chapterLength(end.book, end.chapter),
  );
  return real && ranges.length > 0 && formatReference(ranges, lang) === text.trim() ? ranges : null;
}
