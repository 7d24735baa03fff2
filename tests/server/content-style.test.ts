import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BOOKS } from '#shared/bible/books.ts';
import { readerTexts } from '#tests/helpers/scripture-quotes.ts';

/**
 * The rules of style of content/FORMAT.md, over everything a reader sees: the courses and the
 * library, the interface's strings (src/shared/i18n) and the journal's writing prompts.
 */
const ES = readerTexts('es');
const EN = readerTexts('en');

/**
 * Spanish texts the SPEC gives verbatim, kept as it writes them (SPEC §5, §8): their capitals
 * are the SPEC's, not Spanish rules (content/FORMAT.md lists them).
 */
const SPEC_VERBATIM = new Set([
  'i18n/es.json goals.errors.validationTitle', // "Error de Validación"
  'i18n/es.json bible.errors.verseNotFound', // "Versículo No Encontrado"
  'i18n/es.json settings.profile.failedTitle', // "Actualización Fallida"
]);

/**
 * Words written with a capital in the middle of a Spanish sentence: names and titles of God
 * (not pronouns: «él», «su»), Scripture and its books, named events, and the product's names.
 */
const NAMES = new Set([
  ...BOOKS.flatMap((b) => b.es.split(' ')),
  'Salmo',
  ...['Dios', 'Señor', 'Jesús', 'Cristo', 'Jesucristo', 'Espíritu', 'Santo', 'Padre', 'Hijo'],
  ...['Salvador', 'Creador'],
  ...['Rey', 'Maestro', 'Pastor', 'Verbo', 'Emanuel', 'Jehová', 'Trinidad'],
  ...['Biblia', 'Escritura', 'Escrituras', 'Palabra', 'Evangelios', 'Antiguo', 'Nuevo'],
  ...['Testamento', 'Cena', 'Gran', 'Comisión', 'Sermón', 'Monte', 'Credo', 'Apóstoles', 'Niceno'],
  ...['Cristianismo', 'Camino', 'Premium', 'Stripe', 'Markdown', 'Google', 'Microsoft'],
  ...['Play', 'Store', 'García', 'WhatsApp'],
  'Authenticator',
  ...['King', 'James', 'Version', 'World', 'English', 'Bible', 'Reina-Valera', 'Rosa'],
  // The Versión Biblia Libre, its translators and its licence (issue 39).
  ...['Versión', 'Libre', 'Jonathan', 'Gallagher', 'Shelly', 'Barrios', 'Avila', 'Creative'],
  ...['Commons', 'BY-SA'],
  // James Strong's numbers and dictionary, and CrossWire's SWORD modules (issue 39, word study).
  ...['Strong', 'CrossWire', 'SWORD'],
  ...['América', 'Latina', 'Norte', 'Oriente', 'Medio', 'Edad', 'Media', 'Asia', 'Menor'],
]);

/** Capitalised words that are not at the start of a sentence and not names (NAMES). */
function midSentenceCapitals(text: string): string[] {
  // Time-zone names (America/Mexico_City) are identifiers, not words.
  const plain = text.replace(
    /\{\{[^}]*\}\}|<\/?[a-zA-Z]+>|\*+|`[^`]*`|\b[A-Z][a-z]+(?:\/[A-Za-z_]+)+/g,
    ' ',
  );
  const found: string[] = [];
  for (const m of plain.matchAll(/(?<![\p{L}\p{N}.'’-])\p{Lu}[\p{L}-]*/gu)) {
    const before = plain.slice(0, m.index).trimEnd();
    // A sentence, a quotation, a parenthesis, a list item, a subtitle after a colon or the next
    // label of a settings path («Ajustes › Accesibilidad») starts.
    if (
      before === '' ||
      /[.!?¿¡«“"(:—·›\n-]$/.test(before) ||
      /\n\s*$/.test(plain.slice(0, m.index))
    )
      continue;
    const word = m[0];
    if (NAMES.has(word) || (/^\p{Lu}+$/u.test(word) && word.length > 1)) continue;
    found.push(word);
  }
  return found;
}

/**
 * The texts whose capitals follow the rules: every interface string and writing prompt, and the
 * content's titles and headings (biographies, books and historic sermons are full of names and
 * are left to review).
 */
function titlesAndStrings(): { where: string; text: string }[] {
  const titleField = /\s(?:title|name|point|heading)$|\.(?:title|name|point|heading)$/;
  return ES.flatMap(({ where, text }) => {
    if (SPEC_VERBATIM.has(where)) return [];
    if (!where.startsWith('courses/') && !/^library\/(sermons|resources|gospel)/.test(where))
      return where.startsWith('i18n/') || where.startsWith('journal') ? [{ where, text }] : [];
    if (where.endsWith(' body'))
      return text
        .split('\n')
        .filter((line) => line.startsWith('#'))
        .map((line) => ({ where, text: line.replace(/^#+\s*/, '') }));
    return titleField.test(where) ? [{ where, text }] : [];
  });
}

describe('Spanish', () => {
  it('quotes with « » (“ ” only inside them), never with straight or English quotation marks', () => {
    const found: string[] = [];
    for (const { where, text } of ES) {
      // The Bible search's placeholder shows its syntax: a phrase is typed between straight quotes.
      if (where === 'i18n/es.json bible.search.placeholder') continue;
      const outer = text.replace(/«[^»]*»/g, '');
      if (/["“”]/.test(outer) || /(?<![\p{L}])['‘][^'‘’\n]+['’](?![\p{L}])/u.test(text))
        found.push(`${where}: ${text.slice(0, 80)}`);
    }
    expect(found).toEqual([]);
  });

  it('capitalises only the first word and names, in titles, headings and interface strings', () => {
    const found = titlesAndStrings().flatMap(({ where, text }) =>
      midSentenceCapitals(text).map((word) => `${where}: ${word} in "${text.slice(0, 80)}"`),
    );
    expect(found).toEqual([]);
  });

  it('keeps the texts the SPEC gives verbatim as the SPEC writes them', () => {
    const byKey = new Map(ES.map(({ where, text }) => [where, text]));
    expect([...SPEC_VERBATIM].map((key) => byKey.get(key))).toEqual([
      'Error de Validación',
      'Versículo No Encontrado',
      'Actualización Fallida',
    ]);
  });

  it('writes pronouns for God in lower case («él», «su»), in lessons and library too', () => {
    const found = ES.flatMap(({ where, text }) =>
      [
        ...text.matchAll(/(?<=[\p{Ll},;] )(?:Él|Su|Sus|Ti|Tú|Tu|Tus)(?![\p{L}])(?! Majestad)/gu),
      ].map((m) => `${where}: …${text.slice(Math.max(0, m.index - 30), m.index + 20)}…`),
    );
    expect(found).toEqual([]);
  });

  it('gets its quotation marks from the strings: the components add none of their own', () => {
    const client = fileURLToPath(new URL('../../src/client', import.meta.url));
    const found = readdirSync(client, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.tsx'))
      .filter((file) =>
        readFileSync(join(client, file), 'utf8')
          .split('\n')
          .some((line) => !/^\s*(\/\/|\*|\/\*)/.test(line) && /[“”«»]/.test(line)),
      );
    expect(found).toEqual([]);
  });

  it('names one psalm «Salmo 23» and the book or several «Salmos»', () => {
    const found = ES.flatMap(({ where, text }) =>
      [...text.matchAll(/\bSalmos \d+(?![\d:]*\s*[–-]\s*\d)/g)].map((m) => `${where}: ${m[0]}`),
    );
    expect(found).toEqual([]);
  });
});

describe('English', () => {
  /** Text outside quotation marks: a quotation keeps its source's spelling (the KJV's "honour"). */
  const unquoted = (text: string) => text.replace(/"[^"\n]*"|“[^”]*”/g, ' ');

  it('is US English: "practice" for the noun and the verb, "center", "honor", "canceled"', () => {
    const british =
      /\b(?:practis(?:e|ed|es|ing)|centr(?:e|ed|es|ing)|travell(?:ed|ing)|saviour|licence|favour|neighbour\w*|labour|honour\w*|summaris(?:e|ed|es|ing)|recognis(?:e|ed|es|ing)|offence|judgement|humour|behaviour|defence|globalisation|baptis(?:e|ed|ing)|canonis(?:e|ed|ation)|cancelled|colour\w*|organis(?:e|ed|es|ing|ation)|realis(?:e|ed|es|ing|ation)|memoris(?:e|ed|es|ing|ation)|emphasis(?:e|ed|es|ing))\b/gi;
    const found = EN.flatMap(({ where, text }) =>
      [...unquoted(text).matchAll(british)].map((m) => `${where}: ${m[0]}`),
    );
    expect(found).toEqual([]);
  });

  it('writes pronouns for God in lower case in running text ("he", "his"), as the KJV and WEB do', () => {
    const found = EN.flatMap(({ where, text }) => {
      // Headings and titles are in title case, where every such word has a capital.
      if (/\s(?:title|point|heading)$|\.(?:title|point|heading)$/.test(where)) return [];
      const running = text
        .split('\n')
        .filter((line) => !line.startsWith('#'))
        .join('\n');
      return [...running.matchAll(/(?<=[a-z,;] )(?:He|His|Him|Himself)\b(?! Majesty)/g)].map(
        (m) => `${where}: …${running.slice(Math.max(0, m.index - 30), m.index + 20)}…`,
      );
    });
    expect(found).toEqual([]);
  });
});
