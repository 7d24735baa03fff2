import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '#shared/i18n/en.json' with { type: 'json' };
import es from '#shared/i18n/es.json' with { type: 'json' };
import { lifespan } from '#client/features/library/lifespan.ts';

describe('a hero’s dates', () => {
  it('are born–died, or each person’s for an entry on two people', async () => {
    // An instance of its own: the app's is shared by the files of this worker.
    const i18n = i18next.createInstance();
    await i18n.init({
      resources: { en: { translation: en }, es: { translation: es } },
      lng: 'es',
      interpolation: { escapeValue: false },
    });
    const t = i18n.getFixedT('es');
    expect(lifespan({ born: 'c. 1520', died: 1594, lives: null }, t)).toBe('c. 1520–1594');
    const elliot = {
      born: 1926,
      died: 2015,
      lives: [
        { name: 'Jim', born: 1927, died: 1956 },
        { name: 'Elisabeth', born: 1926, died: 2015 },
      ],
    };
    expect(lifespan(elliot, t)).toBe('Jim 1927–1956 · Elisabeth 1926–2015');
    expect(lifespan(elliot, i18n.getFixedT('en'))).toBe('Jim 1927–1956 · Elisabeth 1926–2015');
  });
});
