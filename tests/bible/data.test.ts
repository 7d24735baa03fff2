import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BOOKS, TOTAL_CHAPTERS, bookByOsis } from '#shared/bible/books.ts';
import { VERSE_OF_THE_DAY } from '#shared/bible/verse-of-the-day.ts';
import { CORRECTIONS, applyCorrections } from '../../scripts/bible/corrections.ts';

/** Shape of content/bible/<code>.json.gz (built by scripts/bible/build-data.ts). */
interface BibleData {
  code: string;
  name: string;
  language: string;
  source: string;
  books: { osis: string; chapters: string[][] }[];
  gaps: string[];
  titles: Record<string, string>;
}

interface Expected {
  file: string;
  code: string;
  name: string;
  language: string;
  module: string;
  /** Verse slots in the module's versification (empty slots included). */
  verses: number;
  /** Every empty verse slot, in canonical order. */
  gaps: readonly string[];
}

/**
 * Versification gaps, i.e. verse slots that are empty in the SWORD module:
 *
 * - KJV (engKJV2006eb, KJV versification): none.
 * - WEB (engWEB2015eb, NRSVA versification; 31,104 slots = KJV's 31,102 + 3John.1.15 and
 *   Rev.12.18, which NRSVA has and the WEB leaves empty: its 3 John has 14 verses and
 *   "he stood on the sand of the sea" opens Rev 13:1):
 *   - Luke.17.36, Acts.8.37, Acts.15.34, Acts.24.7: not in the Majority Text the WEB NT
 *     follows (the WEB has them in footnotes only).
 *   - Rom.16.25-27: the WEB has the doxology after Rom 14:23 (its 14:24-26); NRSVA has no
 *     14:24, so the module holds it at the end of Rom.14.23.
 *   - 3John.1.15, Rev.12.18: see above.
 * - RV1909 (spaRV1909eb): a Spanish text fitted to KJV versification. Where its numbering
 *   differs, the module leaves slots empty and the next chapter starts early, or merges the
 *   excess into a chapter's last slot:
 *   - Num.12.16 (RV Num 13:1), Num.29.40 (RV Num 30:1), 1Sam.23.29 (RV 1 Sam 24:1),
 *     Hos.11.12 (RV Hos 12:1), Jonah.1.17 (RV Jonah 2:1);
 *   - 2Sam.20.26 (in 20:25), 2Chr.33.25 (in 33:24), Job.35.16 (in 35:15),
 *     Acts.19.41 (in 19:40), 2Cor.13.14 (in 13:13);
 *   - Job.38.39-41 (RV Job 39:1-3, so RV Job 39 runs 3 verses ahead; its last verses, KJV
 *     Job 40:1-5, are merged into Job.39.30) and Job.40.20-24 (RV Job 40:1-19 = KJV 40:6-24).
 */
const EXPECTED: readonly Expected[] = [
  {
    file: 'kjv',
    code: 'KJV',
    name: 'King James Version',
    language: 'en',
    module: 'engKJV2006eb',
    verses: 31102,
    gaps: [],
  },
  {
    file: 'web',
    code: 'WEB',
    name: 'World English Bible',
    language: 'en',
    module: 'engWEB2015eb',
    verses: 31104,
    gaps: [
      'Luke.17.36',
      'Acts.8.37',
      'Acts.15.34',
      'Acts.24.7',
      'Rom.16.25',
      'Rom.16.26',
      'Rom.16.27',
      '3John.1.15',
      'Rev.12.18',
    ],
  },
  {
    file: 'rv1909',
    code: 'RV1909',
    name: 'Reina-Valera 1909',
    language: 'es',
    module: 'spaRV1909eb',
    verses: 31102,
    gaps: [
      'Num.12.16',
      'Num.29.40',
      '1Sam.23.29',
      '2Sam.20.26',
      '2Chr.33.25',
      'Job.35.16',
      'Job.38.39',
      'Job.38.40',
      'Job.38.41',
      'Job.40.20',
      'Job.40.21',
      'Job.40.22',
      'Job.40.23',
      'Job.40.24',
      'Hos.11.12',
      'Jonah.1.17',
      'Acts.19.41',
      '2Cor.13.14',
    ],
  },
];

/**
 * Chapters whose verse numbering differs between the translations, and single verses holding
 * extra text (see the gap notes above): a verse of the day must not come from them, or the
 * three texts would not match.
 */
const MISALIGNED: ReadonlySet<string> = new Set([
  // RV1909 chapters
  'Num.12',
  'Num.13',
  'Num.29',
  'Num.30',
  '1Sam.23',
  '1Sam.24',
  '2Sam.20',
  '2Chr.33',
  'Job.35',
  'Job.38',
  'Job.39',
  'Job.40',
  'Hos.11',
  'Hos.12',
  'Jonah.1',
  'Jonah.2',
  'Acts.19',
  '2Cor.13',
  // WEB chapters and verses
  'Rom.14.23',
  'Rom.16.25',
  'Rom.16.26',
  'Rom.16.27',
  '3John.1.14',
  '3John.1.15',
  'Rev.12.17',
  'Rev.12.18',
  'Rev.13.1',
]);

/**
 * Consecutive verses with identical text that are genuinely so in the translation
 * (refrains), as "Book.C.V" of the second verse. None occur in the bundled modules.
 */
const DOCUMENTED_REPEATS: ReadonlySet<string> = new Set<string>([]);

function load(file: string): BibleData {
  const url = new URL(`../../content/bible/${file}.json.gz`, import.meta.url);
  const parsed: unknown = JSON.parse(gunzipSync(readFileSync(url)).toString('utf8'));
  if (
    typeof parsed !== 'object' ||
    parsed === null ||
    !('books' in parsed) ||
    !Array.isArray(parsed.books) ||
    !('gaps' in parsed) ||
    !Array.isArray(parsed.gaps)
  ) {
    throw new Error(`${file}.json.gz: not Bible data`);
  }
  return parsed as BibleData;
}

const DATA: ReadonlyMap<string, BibleData> = new Map(EXPECTED.map((e) => [e.file, load(e.file)]));

function data(file: string): BibleData {
  const d = DATA.get(file);
  if (!d) throw new Error(`no data for ${file}`);
  return d;
}

/** Calls fn for every verse slot in canonical order. */
function forEachVerse(
  d: BibleData,
  fn: (ref: string, text: string, prev: string | undefined) => void,
) {
  for (const book of d.books) {
    book.chapters.forEach((verses, c) => {
      verses.forEach((text, v) => {
        fn(`${book.osis}.${c + 1}.${v + 1}`, text, v > 0 ? verses[v - 1] : undefined);
      });
    });
  }
}

function verseText(d: BibleData, osis: string, chapter: number, verse: number): string | undefined {
  return d.books.find((b) => b.osis === osis)?.chapters[chapter - 1]?.[verse - 1];
}

interface ParsedRef {
  book: string;
  chapter: number;
  from: number;
  to: number;
}

/** "John.3.16" or "Rom.8.38-Rom.8.39" (same chapter) → its parts; undefined if malformed. */
function parseRef(id: string): ParsedRef | undefined {
  const m = /^([1-3]?[A-Za-z]+)\.(\d+)\.(\d+)(?:-([1-3]?[A-Za-z]+)\.(\d+)\.(\d+))?$/.exec(id);
  if (!m) return undefined;
  const [, book = '', c = '', v = '', book2, c2, v2] = m;
  const chapter = Number(c);
  const from = Number(v);
  if (book2 === undefined) return { book, chapter, from, to: from };
  if (book2 !== book || Number(c2) !== chapter) return undefined;
  return { book, chapter, from, to: Number(v2) };
}

describe('BOOKS', () => {
  it('lists the 66 books with 1,189 chapters', () => {
    expect(BOOKS).toHaveLength(66);
    expect(BOOKS.filter((b) => b.testament === 'OT')).toHaveLength(39);
    expect(BOOKS.reduce((n, b) => n + b.chapters, 0)).toBe(TOTAL_CHAPTERS);
    expect(TOTAL_CHAPTERS).toBe(1189);
    expect(new Set(BOOKS.map((b) => b.osis)).size).toBe(66);
    expect(bookByOsis('1Sam')?.es).toBe('1 Samuel');
    expect(bookByOsis('Song')?.es).toBe('Cantares');
    expect(bookByOsis('Jas')?.es).toBe('Santiago');
    expect(bookByOsis('Nope')).toBeUndefined();
  });
});

describe.each(EXPECTED)('$code bundled text', (expected) => {
  const d = data(expected.file);

  it('has the expected metadata', () => {
    expect(d.code).toBe(expected.code);
    expect(d.name).toBe(expected.name);
    expect(d.language).toBe(expected.language);
    expect(d.source).toBe(`SWORD module ${expected.module} (public domain)`);
  });

  it('has the 66 books in canonical order with the canonical chapter counts', () => {
    expect(d.books.map((b) => b.osis)).toEqual(BOOKS.map((b) => b.osis));
    d.books.forEach((book, i) => {
      expect(book.chapters.length, book.osis).toBe(BOOKS[i]?.chapters);
      for (const verses of book.chapters) expect(verses.length).toBeGreaterThan(0);
    });
    expect(d.books.reduce((n, b) => n + b.chapters.length, 0)).toBe(1189);
  });

  it('has the expected number of verse slots', () => {
    let verses = 0;
    forEachVerse(d, () => verses++);
    expect(verses).toBe(expected.verses);
  });

  it('has no empty verse except the documented versification gaps', () => {
    const empty: string[] = [];
    const notStrings: string[] = [];
    forEachVerse(d, (ref, text) => {
      if (typeof text !== 'string') notStrings.push(ref);
      else if (text.trim() === '') empty.push(ref);
    });
    expect(notStrings).toEqual([]);
    expect(empty).toEqual(expected.gaps);
    expect(d.gaps).toEqual(expected.gaps);
  });

  it('has no verse duplicated into the next slot', () => {
    const repeats: string[] = [];
    forEachVerse(d, (ref, text, prev) => {
      if (text !== '' && text === prev && !DOCUMENTED_REPEATS.has(ref)) repeats.push(ref);
    });
    expect(repeats).toEqual([]);
  });

  it('is plain text: no markup, pilcrows, Strong’s numbers, notes or stray whitespace', () => {
    const bad: string[] = [];
    const check = (ref: string, text: string) => {
      if (
        /[<>¶\\]/.test(text) ||
        /\b[HG]\d{2,5}\b/.test(text) ||
        /\bstrong:[HG]?\d/i.test(text) ||
        /(?:savlm|lemma|osisID|sID|eID)=/.test(text) ||
        /&(?:[a-z]+|#\d+);/i.test(text) ||
        /\s{2,}|^\s|\s$/.test(text) ||
        /\p{Cc}/u.test(text)
      ) {
        bad.push(`${ref}: ${text}`);
      }
    };
    forEachVerse(d, check);
    for (const [ref, title] of Object.entries(d.titles)) check(`title ${ref}`, title);
    expect(bad).toEqual([]);
  });

  it('keeps Psalm titles apart from the verse text', () => {
    const keys = Object.keys(d.titles);
    // 116 superscriptions + Psalm 119's 22 acrostic headings.
    expect(keys).toHaveLength(138);
    expect(keys.filter((k) => /^Ps\.119\./.test(k))).toHaveLength(22);
    for (const key of keys) {
      expect(key).toMatch(/^Ps\.\d+\.\d+$/);
      const [, c = '', v = ''] = key.split('.');
      const text = verseText(d, 'Ps', Number(c), Number(v));
      const title = d.titles[key] ?? '';
      expect(title, key).not.toBe('');
      expect(text, key).toBeTruthy();
      expect(text?.startsWith(title), key).toBe(false);
    }
    expect(d.titles['Ps.3.1']).toBeTruthy();
    expect(d.titles['Ps.1.1']).toBeUndefined();
    expect(d.titles['Ps.23.1']).toBeTruthy();
  });
});

describe('the three translations', () => {
  it('share the KJV versification (WEB: plus 3John.1.15 and Rev.12.18)', () => {
    const kjv = data('kjv');
    for (const other of ['web', 'rv1909']) {
      const d = data(other);
      const differences: string[] = [];
      d.books.forEach((book, b) => {
        book.chapters.forEach((verses, c) => {
          const kjvCount = kjv.books[b]?.chapters[c]?.length;
          if (verses.length !== kjvCount) {
            differences.push(`${book.osis}.${c + 1}:${verses.length}/${kjvCount ?? '-'}`);
          }
        });
      });
      expect(differences, other).toEqual(other === 'web' ? ['3John.1:15/14', 'Rev.12:18/17'] : []);
    }
  });

  it('have the same Psalm title slots', () => {
    const keys = Object.keys(data('kjv').titles);
    expect(Object.keys(data('web').titles)).toEqual(keys);
    expect(Object.keys(data('rv1909').titles)).toEqual(keys);
  });
});

describe('VERSE_OF_THE_DAY', () => {
  it('has at least 366 distinct entries in the parser’s OSIS form', () => {
    expect(new Set(VERSE_OF_THE_DAY).size).toBe(VERSE_OF_THE_DAY.length);
    expect(VERSE_OF_THE_DAY.length).toBeGreaterThanOrEqual(366);
    for (const id of VERSE_OF_THE_DAY) {
      const ref = parseRef(id);
      expect(ref, id).toBeDefined();
      if (!ref) continue;
      expect(bookByOsis(ref.book), id).toBeDefined();
      expect(ref.to, id).toBeGreaterThanOrEqual(ref.from);
      if (ref.to > ref.from) expect(ref.to - ref.from, id).toBeLessThanOrEqual(2);
      else expect(id).not.toContain('-');
      expect(MISALIGNED.has(`${ref.book}.${ref.chapter}`), id).toBe(false);
      for (let v = ref.from; v <= ref.to; v++) {
        expect(MISALIGNED.has(`${ref.book}.${ref.chapter}.${v}`), id).toBe(false);
      }
    }
  });

  it('resolves every entry to non-empty text in all three translations', () => {
    const missing: string[] = [];
    for (const id of VERSE_OF_THE_DAY) {
      const ref = parseRef(id);
      if (!ref) {
        missing.push(id);
        continue;
      }
      for (const e of EXPECTED) {
        for (let v = ref.from; v <= ref.to; v++) {
          const text = verseText(data(e.file), ref.book, ref.chapter, v);
          if (!text) missing.push(`${e.code} ${ref.book}.${ref.chapter}.${v}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('is spread across the whole Bible', () => {
    const books = new Set(VERSE_OF_THE_DAY.map((id) => id.split('.')[0]));
    expect(books.size).toBeGreaterThanOrEqual(50);
    const ot = VERSE_OF_THE_DAY.filter(
      (id) => bookByOsis(id.split('.')[0] ?? '')?.testament === 'OT',
    );
    expect(ot.length).toBeGreaterThan(VERSE_OF_THE_DAY.length / 3);
  });
});

describe('the reviewed corrections (scripts/bible/corrections.ts)', () => {
  const byCode = new Map(EXPECTED.map((e) => [e.code, data(e.file)]));

  it('are in the shipped data: the right text in place of the wrong one', () => {
    const missing: string[] = [];
    for (const c of CORRECTIONS) {
      const d = byCode.get(c.translation);
      const [book = '', chapter = '', verse = ''] = c.verse.split('.');
      const text = d && verseText(d, book, Number(chapter), Number(verse));
      if (!text?.includes(c.right) || text.includes(c.wrong))
        missing.push(`${c.translation} ${c.verse}: ${text}`);
    }
    expect(missing).toEqual([]);
    expect(verseText(data('kjv'), 'Heb', 4, 16)).toContain('come boldly unto the throne of grace');
    expect(verseText(data('rv1909'), 'Ps', 66, 19)).toContain('atendió á la voz de mi súplica');
  });

  it('never change the WEB, and each has a reason', () => {
    for (const c of CORRECTIONS) {
      expect(['KJV', 'RV1909']).toContain(c.translation);
      expect(c.reason.length, c.verse).toBeGreaterThan(20);
      expect(c.wrong).not.toBe(c.right);
    }
  });

  it('are applied once: the build insists on the wrong text, the shipped files may have the right one', () => {
    const fresh = {
      code: 'KJV',
      books: [
        {
          osis: 'Heb',
          chapters: [[], [], [], [...Array<string>(15).fill(''), 'come bold ly unto']],
        },
      ],
    };
    const hebrews = CORRECTIONS.filter((c) => c.verse === 'Heb.4.16');
    expect(applyCorrections(fresh, 'build', hebrews)).toEqual(hebrews);
    expect(fresh.books[0]!.chapters[3]![15]).toBe('come boldly unto');
    expect(applyCorrections(fresh, 'shipped', hebrews)).toEqual([]);
    expect(() => applyCorrections(fresh, 'build', hebrews)).toThrow(/"bold ly" not found/);
  });
});

/**
 * The Versión Biblia Libre (issue 39, content/bible/LICENSE-VBL.md): CC BY-SA 4.0, built from
 * eBible's edition by scripts/bible/build-vbl.ts. Numbered as the KJV, every slot; the verses it
 * leaves out (the usual critical-text omissions) empty in place, each with its note.
 */
describe('VBL bundled text', () => {
  const d = load('vbl') as BibleData & { notes: Record<string, string[]> };
  const kjv = data('kjv');
  const VBL_GAPS = [
    'Matt.17.21',
    'Matt.18.11',
    'Matt.23.14',
    'Mark.7.16',
    'Mark.9.44',
    'Mark.9.46',
    'Mark.11.26',
    'Mark.15.28',
    'Luke.17.36',
    'Luke.23.17',
    'John.5.4',
    'Acts.8.37',
    'Acts.15.34',
    'Acts.24.7',
    'Acts.28.29',
    'Rom.16.24',
  ];

  it('names itself, its language and its licence', () => {
    expect(d.code).toBe('VBL');
    expect(d.name).toBe('Versión Biblia Libre');
    expect(d.language).toBe('es');
    expect(d.source).toMatch(/CC BY-SA 4\.0/);
  });

  it('has every verse slot of the KJV, once, and text in all but the 16 it leaves out', () => {
    expect(d.books.map((b) => b.osis)).toEqual(kjv.books.map((b) => b.osis));
    d.books.forEach((book, i) => {
      expect(
        book.chapters.map((c) => c.length),
        book.osis,
      ).toEqual(kjv.books[i]!.chapters.map((c) => c.length));
    });
    const empty: string[] = [];
    let withText = 0;
    forEachVerse(d, (ref, text) => {
      if (text.trim() === '') empty.push(ref);
      else withText++;
    });
    expect(withText).toBe(31_086);
    expect(empty).toEqual(VBL_GAPS);
    expect(d.gaps).toEqual(VBL_GAPS);
    // Each verse left out says why, in a note.
    for (const gap of VBL_GAPS) expect(d.notes[gap]?.length, gap).toBeGreaterThan(0);
  });

  it('is plain text, with its headings and notes apart from the verses', () => {
    const marked: string[] = [];
    forEachVerse(d, (ref, text) => {
      if (/[<>¶]|\s{2,}|^\s|\s$/.test(text)) marked.push(ref);
    });
    expect(marked).toEqual([]);
    expect(Object.keys(d.titles)).toHaveLength(170);
    expect(Object.values(d.notes).flat()).toHaveLength(4_492);
    expect(d.titles['Ps.3.1']).toBe(
      'El Salmo de David refiriéndose a la vez que tuvo que huir de su hijo Absalón',
    );
    expect(d.titles['Song.1.2']).toBe('Mujer:');
  });

  it('reads as eBible prints it (verses checked by hand against its HTML edition)', () => {
    expect(verseText(d, 'Gen', 1, 1)).toBe('En el principio, Dios creó los cielos y la tierra.');
    expect(verseText(d, 'Ps', 23, 1)).toBe(
      'El Señor es mi pastor, y por ello tengo todo lo que necesito.',
    );
    expect(verseText(d, 'John', 3, 16)).toMatch(
      /^“Porque Dios amó al mundo, y lo hizo de esta manera/,
    );
    expect(verseText(d, 'Rev', 22, 21)).not.toBe('');
  });

  it('has every verse of the day', () => {
    const missing: string[] = [];
    for (const id of VERSE_OF_THE_DAY) {
      const ref = parseRef(id);
      for (let v = ref!.from; v <= ref!.to; v++) {
        if (!verseText(d, ref!.book, ref!.chapter, v))
          missing.push(`${ref!.book}.${ref!.chapter}.${v}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
