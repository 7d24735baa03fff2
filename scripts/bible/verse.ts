/**
 * Prints the bundled text of a passage, verse by verse, from content/bible/<code>.json.gz:
 *
 *   node --import tsx scripts/bible/verse.ts rv1909 Juan 3:16-17
 *   node --import tsx scripts/bible/verse.ts kjv "1 Chronicles 29:14"
 */
import { bundledBibles } from '#server/bible/data.ts';
import { parseReference } from '#server/bible/reference.ts';
import { BOOKS } from '#shared/bible/books.ts';

const [, , code = '', ...words] = process.argv;
const bundled = bundledBibles().find((b) => b.file.endsWith(`/${code}.json.gz`));
const ref = bundled && parseReference(words.join(' '), bundled.read().language);
if (!bundled || !ref) {
  console.error('usage: verse.ts kjv|web|rv1909 <reference>');
  process.exit(1);
}
const bible = bundled.read();
for (const { start, end } of ref.ranges) {
  for (let b = start.book; b <= end.book; b++) {
    const chapters = bible.books[b - 1]?.chapters ?? [];
    const lastChapter = b === end.book ? end.chapter : chapters.length;
    for (let c = b === start.book ? start.chapter : 1; c <= lastChapter; c++) {
      const verses = chapters[c - 1] ?? [];
      const first = b === start.book && c === start.chapter ? start.verse : 1;
      const last = b === end.book && c === end.chapter ? end.verse : verses.length;
      for (let v = first; v <= last; v++)
        console.log(`${BOOKS[b - 1]?.en} ${c}:${v}  ${verses[v - 1]}`);
    }
  }
}
