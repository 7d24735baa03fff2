import en from '#shared/i18n/en.json' with { type: 'json' };
import es from '#shared/i18n/es.json' with { type: 'json' };
import type { Language } from '#shared/constants.ts';
import { parseValidationKey } from '#shared/schemas/user.ts';

type Tree = { [key: string]: string | Tree };
const resources: Record<Language, Tree> = { en, es };

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Translates a key from the shared locale files, with `{{name}}` interpolation. */
export function translate(lang: Language, key: string, vars: Record<string, string | number> = {}) {
  const text = lookup(resources[lang], key) ?? lookup(resources.en, key) ?? key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}

export function hasTranslation(key: string): boolean {
  return lookup(resources.en, key) !== undefined;
}

/** Translates a Zod message that is a `validation.*` key (with optional `:count`). */
export function translateValidation(lang: Language, message: string): string {
  const { key, count } = parseValidationKey(message);
  if (!hasTranslation(key)) return translate(lang, 'validation.invalid');
  return translate(lang, key, count === undefined ? {} : { count });
}

/** Picks en or es from an Accept-Language header (first supported language wins). */
export function languageFromHeader(header: string | undefined): Language {
  if (!header) return 'en';
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .filter((x) => x.tag && !Number.isNaN(x.q))
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    if (tag.startsWith('es')) return 'es';
    if (tag.startsWith('en')) return 'en';
  }
  return 'en';
}
