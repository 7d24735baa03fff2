import type { TFunction } from 'i18next';
import type { HeroSummary } from './api.ts';

/**
 * A hero's dates: "1483–1546", or each person's for an entry on several people
 * ("Jim 1927–1956 · Elisabeth 1926–2015").
 */
export function lifespan(h: Pick<HeroSummary, 'born' | 'died' | 'lives'>, t: TFunction): string {
  if (!h.lives) return t('library.heroes.lived', { born: h.born, died: h.died });
  return h.lives
    .map((l) => t('library.heroes.livedNamed', { name: l.name, born: l.born, died: l.died }))
    .join(' · ');
}
