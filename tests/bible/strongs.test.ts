/**
 * The word-study data of content/bible/strongs/ (issue 39 item 2; built by
 * scripts/bible/build-strongs.ts): the tagged words of the KJV and the RV1909 against the
 * bundled verse texts, Strong's dictionary, the most frequent numbers and the team's Spanish
 * glosses, and how each text renders a number (src/server/bible/strongs.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { NUMBER_CORRECTIONS, NUMBER_RULES } from '../../scripts/bible/number-corrections.ts';
import { BIBLE_DIR, type BibleFile } from '#server/bible/data.ts';
import {
  STRONGS_DIR,
  STRONGS_FREQUENT_COUNT,
  compareStrongs,
  occurrences,
  readSpanishGlosses,
  readStrongsDictionary,
  readStrongsFile,
  renderings,
  strongsRows,
  unpackSpans,
  type Rendering,
  type StrongsFile,
  type StrongsFrequent,
  type StrongsScope,
} from '#server/bible/strongs.ts';

type Code = 'kjv' | 'rv1909';
const CODES: readonly Code[] = ['kjv', 'rv1909'];

function readBible(file: Code): BibleFile {
  return JSON.parse(
    gunzipSync(readFileSync(join(BIBLE_DIR, `${file}.json.gz`))).toString('utf8'),
  ) as BibleFile;
}

const BIBLES: Record<Code, BibleFile> = { kjv: readBible('kjv'), rv1909: readBible('rv1909') };
const FILES: Record<Code, StrongsFile> = {
  kjv: readStrongsFile('kjv'),
  rv1909: readStrongsFile('rv1909'),
};
const DICTIONARY = readStrongsDictionary();
const GLOSSES = readSpanishGlosses();
const FREQUENT = JSON.parse(
  readFileSync(join(STRONGS_DIR, 'frequent.json'), 'utf8'),
) as StrongsFrequent;

/** Letters, marks and digits: what a word is made of (as build-strongs.ts counts it). */
const WORD_CHAR = /[\p{L}\p{M}\p{N}]/u;

/** Tagged words per translation, as build-strongs.ts printed them (a rebuild that changes them needs a look). */
const SPANS: Record<Code, number> = { kjv: 349305, rv1909: 390633 };

describe('tagged words (content/bible/strongs/<code>.json.gz)', () => {
  for (const code of CODES) {
    it(`${code}: every span lies inside its verse (or Psalm title), in order, on whole words`, () => {
      const file = FILES[code];
      const bible = BIBLES[code];
      expect(file.books.map((b) => b.osis)).toEqual(bible.books.map((b) => b.osis));
      const problems: string[] = [];
      let spans = 0;
      const check = (
        text: string,
        packed: Parameters<typeof unpackSpans>[0],
        ref: string,
      ): void => {
        let previousEnd = 0;
        for (const [start, end, ...numbers] of unpackSpans(packed)) {
          spans++;
          const where = `${ref} [${start}, ${end})`;
          if (start < previousEnd || end <= start || end > text.length) {
            problems.push(`${where}: outside the text or overlapping (${text.length} characters)`);
            continue;
          }
          previousEnd = end;
          const word = text.slice(start, end);
          if (!WORD_CHAR.test(word) || /^\s|\s$/.test(word)) problems.push(`${where}: "${word}"`);
          const cutsWord = (i: number): boolean =>
            WORD_CHAR.test(text.charAt(i - 1)) && WORD_CHAR.test(text.charAt(i));
          if (cutsWord(start) || cutsWord(end)) {
            problems.push(`${where}: half a word "${word}" in "${text}"`);
          }
          if (numbers.length === 0 || new Set(numbers).size !== numbers.length) {
            problems.push(`${where}: numbers ${numbers.join(' ')}`);
          }
          for (const n of numbers) {
            if (!/^[GH][1-9]\d*$/.test(n)) problems.push(`${where}: number "${n}"`);
          }
        }
      };
      file.books.forEach((book, b) => {
        const chapters = bible.books[b]?.chapters ?? [];
        expect(book.chapters.map((c) => c.length)).toEqual(chapters.map((c) => c.length));
        book.chapters.forEach((verses, c) =>
          verses.forEach((packed, v) =>
            check(chapters[c]?.[v] ?? '', packed, `${book.osis}.${c + 1}.${v + 1}`),
          ),
        );
      });
      for (const [ref, packed] of Object.entries(file.titles)) {
        const title = bible.titles[ref];
        if (title === undefined) problems.push(`${ref}: spans of a title that is not there`);
        else check(title, packed, `${ref} (title)`);
      }
      expect(problems).toEqual([]);
      expect(spans).toBe(SPANS[code]);
    });
  }

  it('a known verse, John 1:1: "the Word" three times in the KJV, «el Verbo» in the RV1909', () => {
    const kjv = occurrences(FILES.kjv, BIBLES.kjv, 'G3056', { book: 'John', chapter: 1, verse: 1 });
    expect(kjv.map((o) => [o.start, o.end, o.text])).toEqual([
      [25, 29, 'Word'],
      [39, 43, 'Word'],
      [66, 70, 'Word'],
    ]);
    const rv = occurrences(FILES.rv1909, BIBLES.rv1909, 'G3056', {
      book: 'John',
      chapter: 1,
      verse: 1,
    });
    expect(rv.map((o) => o.text)).toEqual(['Verbo', 'Verbo', 'Verbo']);
    // The RV1909 tags its own words: «EN» ἐν (G1722), «el principio» ἀρχή (G746), «era» ἦν.
    const text = BIBLES.rv1909.books[42]?.chapters[0]?.[0] ?? '';
    const spans = unpackSpans(FILES.rv1909.books[42]?.chapters[0]?.[0] ?? []);
    expect(spans.slice(0, 3).map(([start, end, ...n]) => [text.slice(start, end), ...n])).toEqual([
      ['EN', 'G1722'],
      ['el principio', 'G746'],
      ['era', 'G2258'],
    ]);
  });
});

describe("Strong's dictionary (content/bible/strongs/dictionary.json.gz)", () => {
  it('has every number the texts carry, and counts its occurrences as the texts do', () => {
    const counts: Record<Code, Map<string, number>> = { kjv: new Map(), rv1909: new Map() };
    for (const code of CODES) {
      for (const row of strongsRows(FILES[code])) {
        for (const n of row.numbers) counts[code].set(n, (counts[code].get(n) ?? 0) + 1);
      }
    }
    const used = new Set([...counts.kjv.keys(), ...counts.rv1909.keys()]);
    expect([...used].filter((n) => !DICTIONARY.entries[n])).toEqual([]);
    const wrong = Object.entries(DICTIONARY.entries).filter(
      ([n, e]) => e.kjv !== (counts.kjv.get(n) ?? 0) || e.rv1909 !== (counts.rv1909.get(n) ?? 0),
    );
    expect(wrong.map(([n]) => n)).toEqual([]);
  });

  it('has all of Strong’s numbers, in order, as plain text', () => {
    const keys = Object.keys(DICTIONARY.entries);
    expect(keys.filter((k) => k.startsWith('G'))).toHaveLength(5624);
    expect(keys.filter((k) => k.startsWith('H'))).toHaveLength(8674);
    expect([...keys].sort(compareStrongs)).toEqual(keys);
    const problems = Object.entries(DICTIONARY.entries).filter(
      ([, e]) =>
        e.def === '' ||
        /[<>{}]/.test(e.def + e.lemma + e.translit + e.pron) ||
        (e.lemma === '' && e.def !== 'Not Used'),
    );
    expect(problems.map(([n]) => n)).toEqual([]);
    expect(DICTIONARY.entries.G26).toMatchObject({
      lemma: 'ἀγάπη',
      translit: 'agápē',
      pron: "ag-ah'-pay",
    });
    expect(DICTIONARY.entries.H2617).toMatchObject({ lemma: 'חסד', translit: 'chêsêd' });
    // The Hebrew source's encoding slips are put right (build-strongs.ts, fixHebrewSource).
    expect(DICTIONARY.entries.H3478?.translit).toBe("yiśrâ'êl");
    expect(DICTIONARY.entries.H834?.def).toContain('who which, what that');
  });
});

describe('the most frequent numbers and the Spanish glosses', () => {
  it(`lists the ${STRONGS_FREQUENT_COUNT} most frequent Greek and Hebrew numbers by KJV + RV1909 occurrences`, () => {
    const total = (n: string): number =>
      (DICTIONARY.entries[n]?.kjv ?? 0) + (DICTIONARY.entries[n]?.rv1909 ?? 0);
    for (const [prefix, list] of [
      ['G', FREQUENT.greek],
      ['H', FREQUENT.hebrew],
    ] as const) {
      expect(list).toHaveLength(STRONGS_FREQUENT_COUNT);
      expect(list.every(([n, count]) => n.startsWith(prefix) && count === total(n))).toBe(true);
      const all = Object.keys(DICTIONARY.entries)
        .filter((n) => n.startsWith(prefix))
        .map((n): [string, number] => [n, total(n)])
        .sort(([a, ka], [b, kb]) => kb - ka || compareStrongs(a, b));
      expect(list).toEqual(all.slice(0, STRONGS_FREQUENT_COUNT));
    }
  });

  it('states in scripts/bible/README.md the share of tagged NT and OT words the lists cover', () => {
    const share = (c: { covered: number; all: number }): string =>
      `${((100 * c.covered) / c.all).toFixed(1)}%`;
    const readme = readFileSync(
      new URL('../../scripts/bible/README.md', import.meta.url),
      'utf8',
    ).replace(/\s+/g, ' ');
    const { nt, ot } = FREQUENT.coverage;
    expect(readme).toContain(
      `Greek numbers cover ${share(nt.both)} of the New Testament's (KJV ${share(nt.kjv)}, RV1909 ${share(nt.rv1909)})`,
    );
    expect(readme).toContain(
      `Hebrew numbers cover ${share(ot.both)} of the Old Testament's (KJV ${share(ot.kjv)}, RV1909 ${share(ot.rv1909)})`,
    );
    // Recomputed from the spans: NT verses for Greek, OT verses and Psalm titles for Hebrew.
    const greek = new Set(FREQUENT.greek.map(([n]) => n));
    let covered = 0;
    let all = 0;
    for (const code of CODES) {
      const ntStart = FILES[code].books.findIndex((b) => b.osis === 'Matt');
      for (const row of strongsRows(FILES[code])) {
        const book = FILES[code].books.findIndex((b) => b.osis === row.book);
        if (book < ntStart) continue;
        for (const n of row.numbers) {
          all++;
          if (greek.has(n)) covered++;
        }
      }
    }
    expect({ covered, all }).toEqual(nt.both);
  });

  it('has a short Spanish gloss, written by the team, for each of them', () => {
    const wanted = [...FREQUENT.greek, ...FREQUENT.hebrew].map(([n]) => n);
    const keys = Object.keys(GLOSSES);
    expect(keys.filter((k) => k.startsWith('G')).length).toBeGreaterThanOrEqual(1000);
    expect(keys.filter((k) => k.startsWith('H')).length).toBeGreaterThanOrEqual(1000);
    expect(wanted.filter((n) => !GLOSSES[n])).toEqual([]);
    expect(keys.filter((k) => !DICTIONARY.entries[k])).toEqual([]);
    expect([...keys].sort(compareStrongs)).toEqual(keys);
    const notShortSpanish = Object.entries(GLOSSES).filter(([, gloss]) => {
      const words = gloss.split(/[\s;,]+/).filter((w) => w !== '');
      return (
        gloss !== gloss.trim() ||
        words.length === 0 ||
        // 1–6 words; 7 for a name with its note: «el SEÑOR (nombre propio de Dios, YHWH)».
        words.length > 7 ||
        gloss.length > 48 ||
        // Latin letters (Spanish accents), digits and Spanish punctuation only.
        !/^[\p{Script=Latin}\d ;,()¿?¡!'…-]+$/u.test(gloss) ||
        // English function words would mean an untranslated gloss.
        /\b(?:the|of|and|to|with|from|which|that|for|is)\b/i.test(gloss)
      );
    });
    expect(notShortSpanish).toEqual([]);
    expect(GLOSSES.G26).toBe('amor');
    expect(GLOSSES.H3068).toBe('el SEÑOR (nombre propio de Dios, YHWH)');
  });
});

/** Renderings as "text ×count" (forms in brackets when asked), for readable expectations. */
function show(list: Rendering[], withForms = false, top = list.length): string[] {
  return list
    .slice(0, top)
    .map(
      (r) =>
        `${r.text} ×${r.count}` +
        (withForms ? ` [${r.forms.map((f) => `${f.text} ×${f.count}`).join(', ')}]` : ''),
    );
}

function rendered(code: Code, number: string, scope: StrongsScope = {}): Rendering[] {
  return renderings(FILES[code], BIBLES[code], number, scope);
}

/**
 * Golden renderings. Counted once, independently of the build, from the modules' raw OSIS
 * (`diatheke -f internal`: the <w> elements with the number, in the chapter), and checked by
 * reading the verses: KJV 1 Corinthians 13 says "charity" nine times (verses 1, 2, 3, 4 three
 * times, 8, 13 twice), the RV1909 «caridad» nine times; John 1:1 "the Word" / «el Verbo» three
 * times; Psalm 136 ends all 26 verses with "for his mercy endureth for ever" / «porque para
 * siempre es su misericordia»; Hebrews 11 tags "faith" 24 times (the 25th "faith" of the chapter
 * is in "faithful", G4103). Whole-Bible counts are those of the same raw tagging.
 */
describe('how the KJV and the RV1909 render a number (golden)', () => {
  it('G26 agápē: "charity" in 1 Corinthians 13, love and charity overall', () => {
    const scope = { book: '1Cor', chapter: 13 };
    expect(show(rendered('kjv', 'G26', scope), true)).toEqual(['charity ×9 [charity ×9]']);
    expect(show(rendered('rv1909', 'G26', scope), true)).toEqual([
      'caridad ×9 [la caridad ×5, caridad ×3, es la caridad ×1]',
    ]);
    expect(show(rendered('kjv', 'G26'), true)).toEqual([
      'love ×85 [love ×81, the love ×4]',
      'charity ×28 [charity ×28]',
      'charitably ×1 [charitably ×1]',
      'dear ×1 [dear ×1]',
      'love’s ×1 [love’s ×1]',
      'the ×1 [the ×1]',
    ]);
    expect(show(rendered('rv1909', 'G26'))).toEqual([
      'amor ×71',
      'caridad ×43',
      'amado ×1',
      'convites ×1',
    ]);
  });

  it('G3056 lógos: "the Word" / «el Verbo» in John 1:1', () => {
    const scope = { book: 'John', chapter: 1, verse: 1 };
    expect(show(rendered('kjv', 'G3056', scope))).toEqual(['word ×3']);
    expect(show(rendered('rv1909', 'G3056', scope))).toEqual(['verbo ×3']);
    expect(show(rendered('kjv', 'G3056'), false, 3)).toEqual([
      'word ×175',
      'words ×48',
      'saying ×34',
    ]);
    expect(show(rendered('rv1909', 'G3056'), false, 3)).toEqual([
      'palabra ×212',
      'palabras ×60',
      'verbo ×7',
    ]);
  });

  it('H2617 chêsêd: "mercy" / «misericordia» in Psalm 136:1 and all through the psalm', () => {
    expect(show(rendered('kjv', 'H2617', { book: 'Ps', chapter: 136, verse: 1 }))).toEqual([
      'mercy ×1',
    ]);
    expect(show(rendered('rv1909', 'H2617', { book: 'Ps', chapter: 136, verse: 1 }), true)).toEqual(
      ['misericordia ×1 [su misericordia ×1]'],
    );
    expect(show(rendered('kjv', 'H2617', { book: 'Ps', chapter: 136 }))).toEqual(['mercy ×26']);
    expect(show(rendered('rv1909', 'H2617', { book: 'Ps', chapter: 136 }))).toEqual([
      'misericordia ×26',
    ]);
    expect(show(rendered('kjv', 'H2617'), false, 4)).toEqual([
      'mercy ×137',
      'kindness ×40',
      'lovingkindness ×26',
      'goodness ×12',
    ]);
    expect(show(rendered('rv1909', 'H2617'), false, 2)).toEqual([
      'misericordia ×202',
      'misericordias ×13',
    ]);
  });

  it('H7965 shâlôm: "give thee peace" / «ponga en ti paz» (Numbers 6:26), peace overall', () => {
    const scope = { book: 'Num', chapter: 6, verse: 26 };
    expect(show(rendered('kjv', 'H7965', scope))).toEqual(['peace ×1']);
    expect(show(rendered('rv1909', 'H7965', scope), true)).toEqual(['paz ×1 [en ti paz ×1]']);
    expect(show(rendered('kjv', 'H7965'), false, 5)).toEqual([
      'peace ×175',
      'well ×14',
      'peaceably ×9',
      'welfare ×5',
      'prosperity ×4',
    ]);
    expect(show(rendered('rv1909', 'H7965'), false, 2)).toEqual(['paz ×186', 'bien ×6']);
    expect(rendered('kjv', 'H7965').reduce((n, r) => n + r.count, 0)).toBe(229);
    expect(rendered('rv1909', 'H7965').reduce((n, r) => n + r.count, 0)).toBe(214);
  });

  it('G4102 pístis: "by faith" / «por fe» in Hebrews 11, faith overall', () => {
    const scope = { book: 'Heb', chapter: 11 };
    expect(show(rendered('kjv', 'G4102', scope))).toEqual(['faith ×24']);
    expect(show(rendered('rv1909', 'G4102', scope), true)).toEqual([
      'fe ×24 [por fe ×12, por la fe ×6, fe ×3, la fe ×2, á la fe ×1]',
    ]);
    expect(show(rendered('kjv', 'G4102'), false, 2)).toEqual(['faith ×239', 'of ×2']);
    expect(show(rendered('rv1909', 'G4102'))).toEqual([
      'fe ×238',
      'fidelidad ×1',
      'fieles ×1',
      'lealtad ×1',
      'verdad ×1',
    ]);
  });
});

/** The numbers of one verse ("Gen.39.12") in a translation, with the words carrying each. */
function verseWords(code: Code, ref: string): { text: string; numbers: string[] }[] {
  const [osis, chapter, verse] = ref.split('.');
  const b = FILES[code].books.findIndex((book) => book.osis === osis);
  const packed = FILES[code].books[b]?.chapters[Number(chapter) - 1]?.[Number(verse) - 1] ?? [];
  const text = BIBLES[code].books[b]?.chapters[Number(chapter) - 1]?.[Number(verse) - 1] ?? '';
  return unpackSpans(packed).map(([start, end, ...numbers]) => ({
    text: text.slice(start, end),
    numbers,
  }));
}

describe("the reviewed corrections of the modules' numbers (scripts/bible/number-corrections.ts)", () => {
  it('puts one number right in one verse: RV1909 Matthew 23:25 «de» is G1537, not G11537', () => {
    for (const c of NUMBER_CORRECTIONS) {
      const words = verseWords(c.translation === 'KJV' ? 'kjv' : 'rv1909', c.verse);
      expect(words.some((w) => w.numbers.includes(c.right))).toBe(true);
      expect(words.some((w) => w.numbers.includes(c.wrong))).toBe(false);
    }
  });

  it('puts right each number the RV1909 gives for a neighbouring entry, wherever the KJV confirms it, and only there', () => {
    const leftWrong: string[] = [];
    const changed = new Map<string, number>();
    FILES.rv1909.books.forEach((book, b) =>
      book.chapters.forEach((verses, c) =>
        verses.forEach((packed, v) => {
          const kjv = new Set(
            unpackSpans(FILES.kjv.books[b]?.chapters[c]?.[v] ?? []).flatMap(([, , ...n]) => n),
          );
          for (const [, , ...numbers] of unpackSpans(packed)) {
            for (const rule of NUMBER_RULES) {
              if (!kjv.has(rule.right) || kjv.has(rule.wrong)) continue;
              if (numbers.includes(rule.wrong))
                leftWrong.push(`${book.osis}.${c + 1}.${v + 1} ${rule.wrong}`);
              if (numbers.includes(rule.right))
                changed.set(rule.right, (changed.get(rule.right) ?? 0) + 1);
            }
          }
        }),
      ),
    );
    expect(leftWrong).toEqual([]);
    for (const rule of NUMBER_RULES) {
      // The right number is where the wrong one was, at least as often as the rule changed it.
      expect(changed.get(rule.right) ?? 0).toBeGreaterThanOrEqual(rule.count);
      const words = verseWords('rv1909', rule.example.verse);
      const word = words.find((w) => w.text === rule.example.word);
      expect(word?.numbers, `${rule.example.verse} «${rule.example.word}»`).toContain(rule.right);
      expect(word?.numbers).not.toContain(rule.wrong);
      // The wrong number stays where it is right: where the KJV carries it too.
      expect(DICTIONARY.entries[rule.wrong]?.rv1909).toBeGreaterThan(0);
    }
  });

  it('keeps the RV1909 number where the KJV carries it: Galatians 2:14 «como los Gentiles» is G1483', () => {
    const words = verseWords('rv1909', 'Gal.2.14');
    expect(words.find((w) => w.text === 'como los Gentiles')?.numbers).toContain('G1483');
    // And a verse that changed: «huyeron» is נוּס, to flee, as the KJV tags "fled" (Genesis 14:10).
    expect(
      verseWords('rv1909', 'Gen.14.10').filter((w) => w.numbers.includes('H5127')).length,
    ).toBe(2);
    expect(verseWords('kjv', 'Gen.14.10').some((w) => w.numbers.includes('H5127'))).toBe(true);
  });
});
