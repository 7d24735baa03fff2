/**
 * The 66 books of the Protestant canon in canonical order.
 *
 * `osis` ids are exactly the ones produced by bible-passage-reference-parser
 * (and used as keys in the bundled Bible data under content/bible/).
 * Chapter counts follow the standard English (KJV) versification, which all
 * three bundled translations (KJV, WEB, RV1909) share at chapter level.
 *
 * Pure data: no imports, safe for both server and client.
 */

export type Testament = 'OT' | 'NT';

export interface BibleBook {
  /** OSIS book id, e.g. "Gen", "1Sam", "Ps", "Rev". */
  readonly osis: string;
  /** English name, e.g. "1 Samuel". */
  readonly en: string;
  /** Spanish name as used in Reina-Valera Bibles, e.g. "1 Samuel", "Cantares". */
  readonly es: string;
  /** Common English abbreviation, e.g. "1 Sam". */
  readonly enAbbr: string;
  /** Common Spanish abbreviation, e.g. "1 S". */
  readonly esAbbr: string;
  /** Number of chapters. */
  readonly chapters: number;
  readonly testament: Testament;
}

type Row = readonly [
  osis: string,
  en: string,
  es: string,
  enAbbr: string,
  esAbbr: string,
  chapters: number,
];

const OT: readonly Row[] = [
  ['Gen', 'Genesis', 'Génesis', 'Gen', 'Gn', 50],
  ['Exod', 'Exodus', 'Éxodo', 'Exod', 'Éx', 40],
  ['Lev', 'Leviticus', 'Levítico', 'Lev', 'Lv', 27],
  ['Num', 'Numbers', 'Números', 'Num', 'Nm', 36],
  ['Deut', 'Deuteronomy', 'Deuteronomio', 'Deut', 'Dt', 34],
  ['Josh', 'Joshua', 'Josué', 'Josh', 'Jos', 24],
  ['Judg', 'Judges', 'Jueces', 'Judg', 'Jue', 21],
  ['Ruth', 'Ruth', 'Rut', 'Ruth', 'Rt', 4],
  ['1Sam', '1 Samuel', '1 Samuel', '1 Sam', '1 S', 31],
  ['2Sam', '2 Samuel', '2 Samuel', '2 Sam', '2 S', 24],
  ['1Kgs', '1 Kings', '1 Reyes', '1 Kgs', '1 R', 22],
  ['2Kgs', '2 Kings', '2 Reyes', '2 Kgs', '2 R', 25],
  ['1Chr', '1 Chronicles', '1 Crónicas', '1 Chr', '1 Cr', 29],
  ['2Chr', '2 Chronicles', '2 Crónicas', '2 Chr', '2 Cr', 36],
  ['Ezra', 'Ezra', 'Esdras', 'Ezra', 'Esd', 10],
  ['Neh', 'Nehemiah', 'Nehemías', 'Neh', 'Neh', 13],
  ['Esth', 'Esther', 'Ester', 'Esth', 'Est', 10],
  ['Job', 'Job', 'Job', 'Job', 'Job', 42],
  ['Ps', 'Psalms', 'Salmos', 'Ps', 'Sal', 150],
  ['Prov', 'Proverbs', 'Proverbios', 'Prov', 'Pr', 31],
  ['Eccl', 'Ecclesiastes', 'Eclesiastés', 'Eccl', 'Ec', 12],
  ['Song', 'Song of Solomon', 'Cantares', 'Song', 'Cnt', 8],
  ['Isa', 'Isaiah', 'Isaías', 'Isa', 'Is', 66],
  ['Jer', 'Jeremiah', 'Jeremías', 'Jer', 'Jer', 52],
  ['Lam', 'Lamentations', 'Lamentaciones', 'Lam', 'Lm', 5],
  ['Ezek', 'Ezekiel', 'Ezequiel', 'Ezek', 'Ez', 48],
  ['Dan', 'Daniel', 'Daniel', 'Dan', 'Dn', 12],
  ['Hos', 'Hosea', 'Oseas', 'Hos', 'Os', 14],
  ['Joel', 'Joel', 'Joel', 'Joel', 'Jl', 3],
  ['Amos', 'Amos', 'Amós', 'Amos', 'Am', 9],
  ['Obad', 'Obadiah', 'Abdías', 'Obad', 'Abd', 1],
  ['Jonah', 'Jonah', 'Jonás', 'Jonah', 'Jon', 4],
  ['Mic', 'Micah', 'Miqueas', 'Mic', 'Mi', 7],
  ['Nah', 'Nahum', 'Nahúm', 'Nah', 'Nah', 3],
  ['Hab', 'Habakkuk', 'Habacuc', 'Hab', 'Hab', 3],
  ['Zeph', 'Zephaniah', 'Sofonías', 'Zeph', 'Sof', 3],
  ['Hag', 'Haggai', 'Hageo', 'Hag', 'Hag', 2],
  ['Zech', 'Zechariah', 'Zacarías', 'Zech', 'Zac', 14],
  ['Mal', 'Malachi', 'Malaquías', 'Mal', 'Mal', 4],
];

const NT: readonly Row[] = [
  ['Matt', 'Matthew', 'Mateo', 'Matt', 'Mt', 28],
  ['Mark', 'Mark', 'Marcos', 'Mark', 'Mr', 16],
  ['Luke', 'Luke', 'Lucas', 'Luke', 'Lc', 24],
  ['John', 'John', 'Juan', 'John', 'Jn', 21],
  ['Acts', 'Acts', 'Hechos', 'Acts', 'Hch', 28],
  ['Rom', 'Romans', 'Romanos', 'Rom', 'Ro', 16],
  ['1Cor', '1 Corinthians', '1 Corintios', '1 Cor', '1 Co', 16],
  ['2Cor', '2 Corinthians', '2 Corintios', '2 Cor', '2 Co', 13],
  ['Gal', 'Galatians', 'Gálatas', 'Gal', 'Gá', 6],
  ['Eph', 'Ephesians', 'Efesios', 'Eph', 'Ef', 6],
  ['Phil', 'Philippians', 'Filipenses', 'Phil', 'Fil', 4],
  ['Col', 'Colossians', 'Colosenses', 'Col', 'Col', 4],
  ['1Thess', '1 Thessalonians', '1 Tesalonicenses', '1 Thess', '1 Ts', 5],
  ['2Thess', '2 Thessalonians', '2 Tesalonicenses', '2 Thess', '2 Ts', 3],
  ['1Tim', '1 Timothy', '1 Timoteo', '1 Tim', '1 Ti', 6],
  ['2Tim', '2 Timothy', '2 Timoteo', '2 Tim', '2 Ti', 4],
  ['Titus', 'Titus', 'Tito', 'Titus', 'Tit', 3],
  ['Phlm', 'Philemon', 'Filemón', 'Phlm', 'Flm', 1],
  ['Heb', 'Hebrews', 'Hebreos', 'Heb', 'He', 13],
  ['Jas', 'James', 'Santiago', 'Jas', 'Stg', 5],
  ['1Pet', '1 Peter', '1 Pedro', '1 Pet', '1 P', 5],
  ['2Pet', '2 Peter', '2 Pedro', '2 Pet', '2 P', 3],
  ['1John', '1 John', '1 Juan', '1 John', '1 Jn', 5],
  ['2John', '2 John', '2 Juan', '2 John', '2 Jn', 1],
  ['3John', '3 John', '3 Juan', '3 John', '3 Jn', 1],
  ['Jude', 'Jude', 'Judas', 'Jude', 'Jud', 1],
  ['Rev', 'Revelation', 'Apocalipsis', 'Rev', 'Ap', 22],
];

function toBook(row: Row, testament: Testament): BibleBook {
  const [osis, en, es, enAbbr, esAbbr, chapters] = row;
  return Object.freeze({ osis, en, es, enAbbr, esAbbr, chapters, testament });
}

/** The 66 books in canonical order (39 OT + 27 NT). */
export const BOOKS: readonly BibleBook[] = Object.freeze([
  ...OT.map((row) => toBook(row, 'OT')),
  ...NT.map((row) => toBook(row, 'NT')),
]);

/** Total number of chapters in the 66-book canon. */
export const TOTAL_CHAPTERS = 1189;

const BY_OSIS: ReadonlyMap<string, BibleBook> = new Map(BOOKS.map((book) => [book.osis, book]));
const INDEX_BY_OSIS: ReadonlyMap<string, number> = new Map(
  BOOKS.map((book, index) => [book.osis, index]),
);

/** Look up a book by its OSIS id (case-sensitive, e.g. "1Sam"); undefined if unknown. */
export function bookByOsis(osis: string): BibleBook | undefined {
  return BY_OSIS.get(osis);
}

/** 0-based canonical position of a book (Gen = 0 … Rev = 65), or -1 if unknown. */
export function bookIndex(osis: string): number {
  return INDEX_BY_OSIS.get(osis) ?? -1;
}

/**
 * The book's name in a reference. A reference within one psalm names that psalm: "Psalm 23",
 * "Salmo 23:1"; the book, or a range across psalms, is "Psalms" / "Salmos" (content/FORMAT.md).
 */
export function referenceBookName(osis: string, lang: 'en' | 'es', oneChapter: boolean): string {
  if (osis === 'Ps' && oneChapter) return lang === 'es' ? 'Salmo' : 'Psalm';
  return BY_OSIS.get(osis)?.[lang] ?? '';
}
