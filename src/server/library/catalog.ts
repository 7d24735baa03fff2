import type { Language } from '#shared/constants.ts';
import { formatReference, parseReference } from '../bible/reference.ts';
import { readLibrary, type Library } from './content.ts';

/** Lowercase, without accents: "Reforma" finds "reformá", "Tú" finds "tu". */
export const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The words of a search (folded); an empty list matches everything. */
export const searchTerms = (q: string | undefined) =>
  fold(q ?? '')
    .split(/\s+/)
    .filter(Boolean);

/** True when every term appears in one of the texts. */
export function matches(terms: string[], texts: string[]): boolean {
  if (terms.length === 0) return true;
  const haystack = fold(texts.join('\n'));
  return terms.every((term) => haystack.includes(term));
}

/** A content reference ("Psalm 23", English names) in the reader's language ("Salmos 23"). */
export function showReference(reference: string, lang: Language): string {
  const parsed = parseReference(reference, 'en');
  return parsed ? formatReference(parsed.ranges, lang) : reference;
}

type Item = { id: string };

/** The items before and after `id` in `list`, for "previous" and "next" links. */
export function neighboursOf<T extends Item>(list: T[], id: string, title: (item: T) => string) {
  const i = list.findIndex((x) => x.id === id);
  const at = (j: number) => {
    const item = list[j];
    return item ? { id: item.id, title: title(item) } : null;
  };
  return { previous: at(i - 1), next: at(i + 1) };
}

let loaded: Library | undefined;
/** The library of content/library/, read and validated once per process (it never changes). */
export const loadLibrary = (): Library => (loaded ??= readLibrary());

/** The validated library (content/library/), read once at start-up and kept in memory. */
export class LibraryCatalog {
  readonly library: Library;

  constructor(library: Library = loadLibrary()) {
    this.library = library;
  }

  sermon(id: string) {
    return this.library.sermons.find((s) => s.id === id);
  }

  hero(id: string) {
    return this.library.heroes.find((h) => h.id === id);
  }

  resource(id: string) {
    return this.library.resources.find((r) => r.id === id);
  }

  /** Whether an item a member may mark as read exists. */
  has(kind: 'sermon' | 'hero' | 'resource', id: string): boolean {
    if (kind === 'sermon') return Boolean(this.sermon(id));
    if (kind === 'hero') return Boolean(this.hero(id));
    return Boolean(this.resource(id));
  }
}
