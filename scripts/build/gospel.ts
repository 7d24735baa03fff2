/**
 * The gospel page's content with its Scripture text, made at build time from
 * content/library/gospel.<lang>.md and the bundled Bibles (docs/decisions/0023). A Vite plugin
 * serves it as the module `virtual:camino/gospel`, so the page renders the same text in the
 * prerendered HTML, in the browser and for a member, with no request and no layout shift.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import {
  chapterLength,
  formatReference,
  parseReference,
} from '../../src/server/bible/reference.ts';
import { splitFrontMatter } from '../../src/server/content/front-matter.ts';
import { markdownToHtml } from '../../src/server/content/markdown.ts';
import type { Language } from '../../src/shared/constants.ts';
import { gospelFileSchema } from '../../src/shared/schemas/library.ts';
import type { GospelPage } from '../../src/shared/schemas/gospel-page.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const LIBRARY = join(ROOT, 'content/library');
const BIBLES = join(ROOT, 'content/bible');

/** The bundled translation each language's page quotes: modern English, Reina-Valera in Spanish. */
const TRANSLATIONS: Record<Language, { file: string; code: string }> = {
  en: { file: 'web.json.gz', code: 'WEB' },
  es: { file: 'rv1909.json.gz', code: 'RV1909' },
};

interface BibleFile {
  name: string;
  books: { osis: string; chapters: string[][] }[];
}

function verseText(bible: BibleFile, reference: string): string {
  const parsed = parseReference(reference, 'en');
  if (!parsed) throw new Error(`gospel: "${reference}" is not a Bible reference`);
  const words: string[] = [];
  for (const { start, end } of parsed.ranges) {
    for (let c = start.chapter; c <= end.chapter; c++) {
      const chapter = bible.books[start.book - 1]?.chapters[c - 1] ?? [];
      const last = c === end.chapter ? end.verse : chapterLength(start.book, c);
      for (let v = c === start.chapter ? start.verse : 1; v <= last; v++) {
        const text = chapter[v - 1];
        if (text) words.push(text);
      }
    }
  }
  if (!words.length) throw new Error(`gospel: no text for "${reference}"`);
  return words.join(' ');
}

/** The gospel page in one language: validated content, references shown in it, verse text. */
export function gospelPage(language: Language): GospelPage {
  const { data, body } = splitFrontMatter(
    readFileSync(join(LIBRARY, `gospel.${language}.md`), 'utf8'),
  );
  const file = gospelFileSchema.parse({ ...(data as object), body });
  const { file: bibleFile, code } = TRANSLATIONS[language];
  const bible = JSON.parse(
    gunzipSync(readFileSync(join(BIBLES, bibleFile))).toString('utf8'),
  ) as BibleFile;
  return {
    language,
    title: file.title,
    description: file.description,
    introHtml: markdownToHtml(file.body),
    translation: { code, name: bible.name },
    sections: file.sections.map((s) => ({
      id: s.id,
      heading: s.heading,
      bodyHtml: markdownToHtml(s.body),
      scriptures: s.scriptures.map((reference) => ({
        reference: formatReference(parseReference(reference, 'en')!.ranges, language),
        text: verseText(bible, reference),
      })),
    })),
    prayer: file.prayer,
    nextSteps: file.nextSteps,
  };
}

const ID = 'virtual:camino/gospel';

/** `import gospel from 'virtual:camino/gospel'`: `{ en: GospelPage, es: GospelPage }`. */
export function gospelModule(): Plugin {
  return {
    name: 'camino-gospel',
    resolveId: (id) => (id === ID ? `\0${ID}` : undefined),
    load(id) {
      if (id !== `\0${ID}`) return undefined;
      for (const language of ['en', 'es'] as const)
        this.addWatchFile(join(LIBRARY, `gospel.${language}.md`));
      const pages = { en: gospelPage('en'), es: gospelPage('es') };
      return `export default ${JSON.stringify(pages)};`;
    },
  };
}
