/**
 * Reviewed corrections of the bundled Bible texts: typing errors of the SWORD modules and words
 * the build split in two. Applied by the build (scripts/bible/build-data.ts) to what it reads
 * from the modules, and to the shipped files by scripts/bible/apply-corrections.ts, so that the
 * two agree; tests/bible/data.test.ts checks that every correction is in content/bible/.
 *
 * Each entry changes one exact piece of text of one verse. An entry needs a reason a reviewer
 * can check against a printed edition. The WEB is never corrected: its name is a trademark that
 * may be used only for the unchanged text (scripts/bible/README.md).
 */
/** What a correction needs of content/bible/<code>.json.gz (BibleData in build-data.ts). */
export interface BibleText {
  code: string;
  books: { osis: string; chapters: string[][] }[];
}

export interface Correction {
  /** The translation's code, as in the data file (`code`). */
  translation: 'KJV' | 'RV1909';
  /** OSIS id of the verse: "Heb.4.16". */
  verse: string;
  wrong: string;
  right: string;
  reason: string;
}

export const CORRECTIONS: readonly Correction[] = [
  {
    translation: 'KJV',
    verse: 'Heb.4.16',
    wrong: 'bold ly',
    right: 'boldly',
    reason:
      'One English word for one Greek phrase, marked up as two <w> elements that the build took for two words; the KJV prints "come boldly unto the throne of grace".',
  },
  {
    translation: 'KJV',
    verse: 'Matt.25.6',
    wrong: 'mid night',
    right: 'midnight',
    reason:
      'Split like "bold ly" (two <w> elements, one word); the KJV prints "And at midnight there was a cry made", as the module spells it in twelve other verses.',
  },
  {
    translation: 'KJV',
    verse: 'Acts.7.49',
    wrong: 'foot stool',
    right: 'footstool',
    reason:
      'Split like "bold ly"; the KJV prints "earth is my footstool", as in Isaiah 66:1 which this verse quotes.',
  },
  {
    translation: 'RV1909',
    verse: 'Ps.66.19',
    wrong: 'antendió',
    right: 'atendió',
    reason:
      'Typing error of the module ("antendió" is no Spanish word): the RV1909 prints "atendió á la voz de mi súplica".',
  },
  {
    translation: 'RV1909',
    verse: 'Deut.3.14',
    wrong: 'Gessur i',
    right: 'Gessuri',
    reason:
      'The name split in two (a stray space): "Gessuri", the Geshurites, as the module spells it in Joshua 12:5, 13:11 and 13:13.',
  },
];

function verseSlot(data: BibleText, osisVerse: string): { get(): string; set(text: string): void } {
  const [osis, c, v] = osisVerse.split('.');
  const chapter = data.books.find((b) => b.osis === osis)?.chapters[Number(c) - 1];
  const index = Number(v) - 1;
  if (!chapter || chapter[index] === undefined) {
    throw new Error(`${data.code} ${osisVerse}: no such verse`);
  }
  return {
    get: () => chapter[index] ?? '',
    set: (text) => {
      chapter[index] = text;
    },
  };
}

/**
 * Applies the corrections of `data`'s translation, in place; returns the ones it applied.
 * `build`: the text comes from the modules, so each wrong text must be there exactly once (a
 * changed module gets noticed). `shipped`: the data file may already hold a correction, which is
 * then skipped.
 */
export function applyCorrections(
  data: BibleText,
  mode: 'build' | 'shipped',
  corrections: readonly Correction[] = CORRECTIONS,
): Correction[] {
  const applied: Correction[] = [];
  for (const correction of corrections) {
    if (correction.translation !== data.code) continue;
    const slot = verseSlot(data, correction.verse);
    const text = slot.get();
    const parts = text.split(correction.wrong);
    if (parts.length === 2) {
      slot.set(parts.join(correction.right));
      applied.push(correction);
    } else if (parts.length > 2) {
      throw new Error(
        `${data.code} ${correction.verse}: "${correction.wrong}" occurs ${parts.length - 1} times in: ${text}`,
      );
    } else if (mode === 'build' || !text.includes(correction.right)) {
      throw new Error(
        `${data.code} ${correction.verse}: "${correction.wrong}" not found in: ${text}`,
      );
    }
  }
  return applied;
}
