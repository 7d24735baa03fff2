import { describe, expect, it } from 'vitest';
import { readerTexts, tiedQuotations } from '#tests/helpers/scripture-quotes.ts';

/**
 * Scripture may be quoted only from the public-domain texts the project installs (KJV, WEB,
 * RV1909; content/FORMAT.md), and the quotation test checks what is quoted and tied to a
 * reference. Copyrighted wording slipped in unquoted, in paraphrase (issue 39 item 4: NVI John
 * 4:29, ESV Hebrews 10:24-25, RVR1960 2 Timothy 3:16…). This list holds the distinctive turns of
 * the modern translations of verses our content speaks of: none may appear in anything a reader
 * sees, quoted or not. Each entry was found in our content once, or is its verse's best-known
 * modern wording; the public-domain texts say it otherwise (noted beside each).
 */
const MODERN: Record<'en' | 'es', { phrase: RegExp; from: string }[]> = {
  en: [
    { phrase: /his one and only son/i, from: 'NIV John 3:16 (WEB: his only born Son)' },
    { phrase: /so that no one can boast/i, from: 'NIV Ephesians 2:9' },
    { phrase: /this is not (?:of )?your own doing/i, from: 'ESV Ephesians 2:8' },
    { phrase: /spur one another on/i, from: 'NIV Hebrews 10:24' },
    { phrase: /stir (?:one another|up one another) (?:up )?to love/i, from: 'ESV Hebrews 10:24' },
    { phrase: /not (?:to )?giv(?:e|ing) up meeting together/i, from: 'NIV Hebrews 10:25' },
    { phrase: /not neglecting to meet together/i, from: 'ESV Hebrews 10:25' },
    { phrase: /encourage one another daily/i, from: 'NIV Hebrews 3:13' },
    { phrase: /devoted themselves to the apostles/i, from: 'NIV/ESV Acts 2:42' },
    { phrase: /do not be anxious about anything/i, from: 'NIV/ESV Philippians 4:6' },
    { phrase: /in every situation, by prayer/i, from: 'NIV Philippians 4:6' },
    { phrase: /darkest valley/i, from: 'NIV Psalm 23:4' },
    { phrase: /there is now no condemnation for those/i, from: 'NIV Romans 8:1' },
    { phrase: /the old has gone,? the new/i, from: 'NIV 2 Corinthians 5:17' },
    { phrase: /the old has passed away/i, from: 'ESV 2 Corinthians 5:17' },
    { phrase: /his mercies never come to an end/i, from: 'ESV Lamentations 3:22' },
    { phrase: /the lord is (?:near|close) to the brokenhearted/i, from: 'ESV/NIV Psalm 34:18' },
    { phrase: /good, pleasing and perfect will/i, from: 'NIV Romans 12:2' },
    {
      phrase: /as far as it depends on (?:you|us)/i,
      from: 'NIV/ESV Romans 12:18 (WEB: as much as it is up to you)',
    },
    { phrase: /beyond what you can bear/i, from: 'NIV 1 Corinthians 10:13' },
    { phrase: /while we were still sinners, christ died/i, from: 'ESV/NIV Romans 5:8' },
    { phrase: /so one (?:friend|person) sharpens another/i, from: 'NIV Proverbs 27:17' },
    { phrase: /carry it on to completion/i, from: 'NIV Philippians 1:6 (WEB: will complete it)' },
    {
      phrase: /where two or three gather in (?:my|his) name/i,
      from: 'NIV Matthew 18:20 (KJV, WEB: are gathered together)',
    },
    {
      phrase: /never (?:to )?leave (?:you|us),? (?:nor|or) forsake/i,
      from: 'NKJV Hebrews 13:5, NIV Deuteronomy 31:6 (KJV: never leave thee, nor forsake thee)',
    },
    {
      phrase: /nothing out of selfish ambition/i,
      from: 'NIV Philippians 2:3 (WEB: through rivalry)',
    },
    { phrase: /value others above/i, from: 'NIV Philippians 2:3 (WEB: counting others better)' },
    {
      phrase: /steadfast love/i,
      from: 'ESV Psalm 51:1, Lamentations 3:22 (KJV: lovingkindness, mercies)',
    },
    { phrase: /test and approve/i, from: 'NIV Romans 12:2 (KJV: prove)' },
    {
      phrase: /in view of god['’]s merc(?:y|ies)/i,
      from: 'NIV Romans 12:1 (KJV, WEB: by the mercies)',
    },
    { phrase: /earth gives? way/i, from: 'NIV/ESV Psalm 46:2 (KJV: be removed; WEB: changes)' },
    { phrase: /roar and foam/i, from: 'NIV/ESV Psalm 46:3 (KJV, WEB: roar and be/are troubled)' },
    { phrase: /city set on a hill/i, from: 'ESV Matthew 5:14 (WEB: a city located on a hill)' },
    { phrase: /shine before others/i, from: 'NIV/ESV Matthew 5:16 (KJV, WEB: before men)' },
    { phrase: /welling up to eternal life/i, from: 'NIV/ESV John 4:14 (WEB: springing up)' },
    {
      phrase: /goodness, faithfulness, gentleness,? (?:and )?self-control/i,
      from: 'NIV/ESV Galatians 5:22-23 (WEB: goodness, faith, gentleness)',
    },
    { phrase: /living and powerful/i, from: 'NKJV Hebrews 4:12 (WEB: living and active)' },
    { phrase: /run with endurance/i, from: 'NKJV/ESV Hebrews 12:1 (KJV: with patience)' },
    {
      phrase: /fix(?:ing)? (?:our|your) eyes on jesus|eyes fixed on jesus/i,
      from: 'NIV Hebrews 12:2 (KJV: looking unto Jesus)',
    },
    { phrase: /honor one another above yourselves/i, from: 'NIV Romans 12:10 (KJV: preferring)' },
    { phrase: /serve both god and money/i, from: 'NIV Matthew 6:24 (KJV, WEB: God and mammon)' },
    {
      phrase: /house (?:are|there are|has) many rooms/i,
      from: 'NIV/ESV John 14:2 (KJV: mansions; WEB: homes)',
    },
    {
      phrase: /god has not given us a spirit of fear/i,
      from: 'NKJV 2 Timothy 1:7 (KJV: hath not given us the spirit of fear)',
    },
  ],
  es: [
    { phrase: /tanto amó dios al mundo que dio/i, from: 'NVI Juan 3:16' },
    { phrase: /para que nadie se jacte/i, from: 'NVI Efesios 2:9 (RV1909: se gloríe)' },
    { phrase: /estimularnos al amor y a las buenas obras/i, from: 'RVR1960 Hebreos 10:24' },
    { phrase: /no dejando de congregarnos/i, from: 'RVR1960 Hebreos 10:25' },
    { phrase: /anímense unos a otros cada día/i, from: 'NVI Hebreos 3:13' },
    { phrase: /no se inquieten por nada/i, from: 'NVI Filipenses 4:6' },
    { phrase: /por nada estéis afanosos, sino sean/i, from: 'RVR1960 Filipenses 4:6' },
    { phrase: /valle más oscuro/i, from: 'NVI/NTV Salmo 23:4' },
    { phrase: /el señor es mi pastor, nada me falta/i, from: 'NVI Salmo 23:1' },
    {
      phrase: /es inspirada por dios/i,
      from: 'RVR1960 2 Timoteo 3:16 (RV1909: inspirada divinamente)',
    },
    { phrase: /su poder se perfecciona en la debilidad/i, from: 'RVR1960 2 Corintios 12:9' },
    { phrase: /renovarán sus fuerzas/i, from: 'NVI/LBLA Isaías 40:31' },
    { phrase: /hierro se afila con hierro/i, from: 'NVI Proverbios 27:17' },
    { phrase: /creados en cristo jesús para buenas obras/i, from: 'RVR1960/NVI Efesios 2:10' },
    { phrase: /vengan a ver a un hombre que me dijo todo/i, from: 'NVI Juan 4:29' },
    { phrase: /dios demuestra su amor para con nosotros/i, from: 'RVR1960/NVI Romanos 5:8' },
    { phrase: /el amor es paciente(?:,| y) (?:es )?bondadoso/i, from: 'NVI 1 Corintios 13:4' },
    { phrase: /pueblo que pertenece a dios/i, from: 'NVI 1 Pedro 2:9' },
    {
      phrase: /^dichosos los|[.:«]\s*dichosos los/im,
      from: 'NVI Mateo 5 (RV1909: Bienaventurados)',
    },
    {
      phrase: /ya no hay ninguna condenación/i,
      from: 'NVI Romanos 8:1 (RV1909: ninguna condenación hay)',
    },
    {
      phrase: /sino de poder, de amor y de dominio propio/i,
      from: 'RVR1960/NVI 2 Timoteo 1:7 (RV1909: de fortaleza, y de amor, y de templanza)',
    },
    {
      phrase: /paciencia, amabilidad, bondad, fidelidad, humildad y dominio propio/i,
      from: 'NVI Gálatas 5:22-23',
    },
    {
      phrase: /fidelidad, mansedumbre,? (?:y )?dominio propio/i,
      from: 'LBLA Gálatas 5:22-23 (RV1909, VBL: fe, mansedumbre)',
    },
    {
      phrase: /paz, paciencia, benignidad, bondad, fe, mansedumbre,? (?:y )?templanza/i,
      from: 'RVR1960 Gálatas 5:22-23 (RV1909: tolerancia; VBL: dominio propio)',
    },
    { phrase: /viva y poderosa/i, from: 'NVI Hebreos 4:12 (RV1909: viva y eficaz)' },
    {
      phrase: /miembros de la familia de dios/i,
      from: 'RVR1960/NVI Efesios 2:19 (RV1909: domésticos de Dios)',
    },
    {
      phrase: /se despojó a sí mismo/i,
      from: 'RVR1960/LBLA Filipenses 2:7 (RV1909: se anonadó; VBL: se vació)',
    },
    {
      phrase: /poder de dios para (?:la )?salvación/i,
      from: 'RVR1960/NVI Romanos 1:16 (RV1909: potencia de Dios para salud)',
    },
    {
      phrase: /siempre preparados para (?:responder|dar razón|presentar defensa)/i,
      from: 'NVI/RVR1960 1 Pedro 3:15 (RV1909: siempre aparejados)',
    },
    {
      phrase: /junto a (?:tranquilas aguas|aguas tranquilas)/i,
      from: 'NVI Salmo 23:2 (RV1909: junto a aguas de reposo)',
    },
    {
      phrase: /en cuanto dependa de/i,
      from: 'RVR1960/NVI Romanos 12:18 (RV1909: cuanto está en vosotros)',
    },
    {
      phrase: /nunca (?:te|nos) dejará ni (?:te|nos) abandonará/i,
      from: 'NVI Deuteronomio 31:6 (RV1909 Hebreos 13:5: no te desampararé, ni te dejaré)',
    },
    {
      phrase: /qu[eé]d[a-zá-ú]* quietos?,? (?:y )?reconoc/i,
      from: 'NVI Salmo 46:10 (RV1909: estad quietos, y conoced)',
    },
    {
      phrase: /raíz de toda clase de males/i,
      from: 'NVI 1 Timoteo 6:10 (RV1909: la raíz de todos los males)',
    },
    {
      phrase: /discípulos a todas las naciones/i,
      from: 'RVR1960 Mateo 28:19 (RV1909: doctrinad a todos los Gentiles)',
    },
  ],
};

/**
 * The text with its quotations of the VBL left out: a quotation tied to a reference that names
 * it, «…» (Hebreos 3:13, VBL), is the VBL's words (the quotation test checks them against it),
 * which may share a turn with a copyrighted translation.
 */
function withoutVblQuotations(text: string): string {
  let out = text;
  for (const { quote, reference } of tiedQuotations(text)) {
    if (/\bVBL\b/.test(reference)) out = out.replace(quote, ' ');
  }
  return out;
}

describe('no copyrighted Bible wording in what readers see', () => {
  for (const lang of ['en', 'es'] as const) {
    it(`finds none of the modern translations' turns in the ${lang} content and strings`, () => {
      const found: string[] = [];
      for (const { where, text } of readerTexts(lang)) {
        const checked = withoutVblQuotations(text);
        for (const { phrase, from } of MODERN[lang]) {
          const hit = phrase.exec(checked);
          if (hit) found.push(`${where}: “${hit[0]}” (${from})`);
        }
      }
      expect(found).toEqual([]);
    });
  }

  it('leaves the VBL’s own words alone when quoted as the VBL, and only then', () => {
    const nvi = MODERN.es.find((m) => m.from.startsWith('NVI Hebreos 3:13'))!.phrase;
    const quoted = 'Hebreos nos pide: «Anímense unos a otros cada día» (Hebreos 3:13, VBL).';
    expect(nvi.test(withoutVblQuotations(quoted))).toBe(false);
    expect(nvi.test(withoutVblQuotations(quoted.replace(', VBL', '')))).toBe(true);
    expect(nvi.test(withoutVblQuotations('Anímense unos a otros cada día (VBL).'))).toBe(true);
  });

  it('would catch one: each phrase matches its own translation’s wording', () => {
    const samples: Record<'en' | 'es', string[]> = {
      en: [
        'For God so loved the world that he gave his one and only Son',
        'he who began a good work in you will carry it on to completion',
      ],
      es: [
        'Porque tanto amó Dios al mundo que dio a su Hijo unigénito',
        'Dichosos los pobres',
        'amor, alegría, paz, paciencia, amabilidad, bondad, fidelidad, humildad y dominio propio',
      ],
    };
    for (const lang of ['en', 'es'] as const) {
      for (const sample of samples[lang]) {
        expect(
          MODERN[lang].some(({ phrase }) => phrase.test(sample)),
          sample,
        ).toBe(true);
      }
    }
  });
});
