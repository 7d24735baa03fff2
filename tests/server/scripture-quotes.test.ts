import { describe, expect, it } from 'vitest';
import en from '#shared/i18n/en.json' with { type: 'json' };
import es from '#shared/i18n/es.json' with { type: 'json' };
import {
  OLD_SPELLING,
  checkQuotation,
  loadBibles,
  misquotations,
  readerTexts,
  tiedQuotations,
} from '#tests/helpers/scripture-quotes.ts';

const bibles = loadBibles();

/**
 * content/FORMAT.md, "Quoting Scripture": words in quotation marks next to a Bible reference are
 * the bundled text of that passage (RV1909 in Spanish, KJV or WEB in English), an ellipsis
 * marking what is left out.
 */
describe('quotations of Scripture in the content', () => {
  it('are the bundled text of the verse they cite, in both languages, in content and strings', () => {
    const { checked, problems } = misquotations(bibles);
    // The scan finds the content's quotations (about 300): an empty scan would prove nothing.
    expect(checked).toBeGreaterThan(250);
    expect(
      problems.map(
        (p) => `${p.where}: «${p.quote}» (${p.reference})\n  ${p.expected.join('\n  ')}`,
      ),
    ).toEqual([]);
  });

  it('write RV1909 words with today’s accents, as FORMAT.md says («a», «fue», not «á», «fué»)', () => {
    const found: string[] = [];
    for (const { where, text } of readerTexts('es'))
      for (const m of text.matchAll(OLD_SPELLING)) found.push(`${where}: ${m[0]}`);
    expect(found).toEqual([]);
  });

  it('include the landing page’s verse, whose reference is a string of its own', () => {
    for (const [lang, strings] of [
      ['en', en],
      ['es', es],
    ] as const) {
      const reference = strings.landing.verseRef.replace(/\s*\(.*\)$/, '');
      expect(checkQuotation(strings.landing.verse, reference, lang, bibles)).toEqual({ ok: true });
    }
  });
});

describe('tying a quotation to its reference', () => {
  it('takes the reference right after it, after a verb of saying, or right before it', () => {
    expect(
      tiedQuotations(
        '«He peleado la buena batalla» — 2 Timoteo 4:7 (RV1909). ' +
          'Jesús dijo: «Consumado es» (Juan 19:30). «Señor, dame esta agua», dice ella (Juan 4:15). ' +
          'Reina puso las palabras de Isaías 40:8: «la palabra del Dios nuestro permanece». ' +
          'He said "It is finished." (John 19:30) and "Come and see" (John 1:46; compare 1:39). ' +
          "\"Philip's answer was 'Come and see' (John 1:46), and Jesus' name...\"",
      ),
    ).toEqual([
      { quote: 'He peleado la buena batalla', reference: '2 Timoteo 4:7' },
      { quote: 'Consumado es', reference: 'Juan 19:30' },
      { quote: 'Señor, dame esta agua', reference: 'Juan 4:15' },
      { quote: 'la palabra del Dios nuestro permanece', reference: 'Isaías 40:8' },
      { quote: 'It is finished.', reference: 'John 19:30' },
      { quote: 'Come and see', reference: 'John 1:46; compare 1:39' },
      { quote: 'Come and see', reference: 'John 1:46' },
    ]);
  });

  it('leaves alone quotations with no reference next to them: a hero’s words, a creed, a word', () => {
    expect(
      tiedQuotations(
        'Lutero cantó «Castillo fuerte es nuestro Dios», y el credo dice «Dios verdadero de Dios ' +
          'verdadero». La palabra «gracia» aparece a menudo (véase el capítulo 3). "Here I stand," ' +
          'he said, before the Diet (1521). Carey preached "Expect great things" at Nottingham.',
      ),
    ).toEqual([]);
  });
});

describe('checking a quotation against the bundled text', () => {
  const ok = (quote: string, reference: string, lang: 'en' | 'es') =>
    checkQuotation(quote, reference, lang, bibles)?.ok;

  it('accepts the words of the verse, with other case, punctuation and today’s accents', () => {
    // RV1909: «…que ha dado á su Hijo unigénito…»; «Y aquel Verbo fué hecho carne…».
    expect(
      ok('De tal manera amó Dios al mundo, que ha dado a su Hijo unigénito', 'Juan 3:16', 'es'),
    ).toBe(true);
    expect(ok('aquel Verbo fue hecho carne', 'Juan 1:14', 'es')).toBe(true);
    expect(ok('Jesus wept.', 'John 11:35', 'en')).toBe(true);
    // WEB, as a whole: "Don't be afraid, only believe."
    expect(ok('Don’t be afraid, only believe', 'Mark 5:36', 'en')).toBe(true);
  });

  it('accepts an ellipsis for the words left out, and a quotation across the verses cited', () => {
    expect(
      ok(
        'Porque de tal manera amó Dios al mundo… para que todo aquel que en él cree, no se pierda',
        'Juan 3:16',
        'es',
      ),
    ).toBe(true);
    expect(ok('In the beginning was the Word... and the Word was God', 'John 1:1-2', 'en')).toBe(
      true,
    );
    expect(ok('Jehová es mi pastor; nada me faltará', 'Salmos 23', 'es')).toBe(true);
    expect(ok('Antes que Abraham fuese, yo soy', 'Juan 8:58; compara con Éxodo 3:14', 'es')).toBe(
      true,
    );
  });

  it('accepts the VBL’s words when the reference names it, and only then', () => {
    // VBL Psalm 23:1: «El Señor es mi pastor, y por ello tengo todo lo que necesito».
    expect(ok('El Señor es mi pastor', 'Salmo 23:1, VBL', 'es')).toBe(true);
    expect(ok('El Señor es mi pastor', 'Salmo 23:1 VBL', 'es')).toBe(true);
    expect(tiedQuotations('«El Señor es mi pastor» (Salmo 23:1, VBL)')).toEqual([
      { quote: 'El Señor es mi pastor', reference: 'Salmo 23:1, VBL' },
    ]);
    // Not named: the RV1909's words are expected («Jehová es mi pastor»).
    expect(ok('El Señor es mi pastor', 'Salmo 23:1', 'es')).toBe(false);
    // Named, but the RV1909's words: a quotation is the words of the text it names.
    expect(ok('Jehová es mi pastor', 'Salmo 23:1, VBL', 'es')).toBe(false);
  });

  it('refuses another translation’s wording, a word added or left out, the wrong verse', () => {
    // RVR1960 and NVI wording the RV1909 does not have.
    expect(ok('inspirada por Dios', '2 Timoteo 3:16', 'es')).toBe(false);
    expect(ok('El Señor es mi pastor, nada me falta', 'Salmo 23:1', 'es')).toBe(false);
    // NIV, not KJV or WEB.
    expect(ok('Everything comes from you', '1 Chronicles 29:14', 'en')).toBe(false);
    // A word left out without an ellipsis; words in another order; the right words, wrong verse.
    expect(ok('Jehová mi pastor', 'Salmo 23:1', 'es')).toBe(false);
    expect(ok('faltará nada me', 'Salmo 23:1', 'es')).toBe(false);
    expect(ok('Jesus wept', 'John 11:34', 'en')).toBe(false);
    // A fragment must be whole words: "wep" is not "wept".
    expect(ok('Jesus wep', 'John 11:35', 'en')).toBe(false);
  });

  it('does not mix the KJV and the WEB in one quotation', () => {
    // KJV "Be not afraid, only believe"; WEB "Don’t be afraid, only believe."
    expect(ok('Be not afraid, only believe', 'Mark 5:36', 'en')).toBe(true);
    expect(ok('Don’t be afraid… only believe', 'Mark 5:36', 'en')).toBe(true);
    expect(ok('Be not afraid… Don’t be afraid', 'Mark 5:36', 'en')).toBe(false);
  });

  it('knows the 1909 spellings that FORMAT.md says to modernise', () => {
    const old = (text: string) => [...text.matchAll(OLD_SPELLING)].map((m) => m[0]);
    expect(
      old(
        'se entregó á sí mismo; Y aquel Verbo fué hecho carne; dió, vió, uno ó dos, más que éstos',
      ),
    ).toEqual(['á', 'fué', 'dió', 'vió', 'ó', 'éstos']);
    expect(
      old('a sí mismo; fue; dio; vio; uno o dos; Jehová; había; fuéramos; esta; solo'),
    ).toEqual([]);
  });
});
