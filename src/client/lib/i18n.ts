import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import loaders from 'virtual:camino/strings';
import { LANGUAGE_STORAGE_KEY, LANGUAGES, type Language } from '#shared/constants.ts';
import { chosenLanguage, writeLanguageCookie } from './language-choice.ts';
import type { StringChunk } from './string-chunks.ts';

export const i18n = i18next.createInstance();

export const asLanguage = (lng: string | undefined): Language =>
  lng?.toLowerCase().startsWith('es') ? 'es' : 'en';

/**
 * The language to start in: the reader's own choice, or else the first of the browser's
 * languages that the app speaks (SPEC §3: en or es), or English. The app decides it itself, with
 * no detector library on the first screen's path (docs/decisions/0051); a guess is never stored
 * as a choice (issue 22).
 */
export function startLanguage(): Language {
  const chosen = chosenLanguage();
  if (chosen) return chosen;
  if (typeof navigator === 'undefined') return 'en'; // the build's prerender, in Node
  const browser = navigator.languages?.length ? navigator.languages : [navigator.language];
  return asLanguage(browser.find((lng) => /^(en|es)\b/i.test(lng)));
}

void i18n.use(initReactI18next).init({
  lng: startLanguage(),
  resources: {},
  partialBundledLanguages: true,
  supportedLngs: [...LANGUAGES],
  nonExplicitSupportedLngs: true,
  load: 'languageOnly',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  initAsync: false,
  react: { useSuspense: false },
});

/**
 * The strings come in chunks, per group of keys and language (docs/decisions/0029): `core` at
 * boot, then the chunks each route or lazily loaded part declares (routes.tsx, withStrings).
 * A reader downloads only their language's chunks, and those of the other once, if they switch.
 */
const wanted = new Set<StringChunk>(['core']);
const loading: Record<Language, Map<StringChunk, Promise<void>>> = { en: new Map(), es: new Map() };
/** The language being switched to, while its strings download. */
let switchingTo: Language | null = null;

function loadChunk(language: Language, chunk: StringChunk): Promise<void> {
  let done = loading[language].get(chunk);
  if (!done) {
    const load = loaders[language][chunk];
    if (!load) throw new Error(`no strings chunk ${chunk}`);
    done = load().then(({ default: strings }) => {
      i18n.addResourceBundle(language, 'translation', strings, true, false);
    });
    // A failed download (offline, a new deploy) is tried again next time.
    done.catch(() => loading[language].delete(chunk));
    loading[language].set(chunk, done);
  }
  return done;
}

/**
 * Fetches chunks of strings (once) in the reader's language, and in the language being switched
 * to; a later switch fetches them in the new language too.
 */
export async function loadStrings(chunks: readonly StringChunk[]): Promise<void> {
  for (const chunk of chunks) wanted.add(chunk);
  const languages = new Set([asLanguage(i18n.language), ...(switchingTo ? [switchingTo] : [])]);
  await Promise.all([...languages].flatMap((l) => chunks.map((c) => loadChunk(l, c))));
}

/** A lazy module's loader that also fetches the strings it needs, both at once. */
export function withStrings<T>(
  chunks: readonly StringChunk[],
  load: () => Promise<T>,
): () => Promise<T> {
  return () => Promise.all([load(), loadStrings(chunks)]).then(([module]) => module);
}

/** Fetches a language's core strings and every chunk fetched so far in the other language. */
export async function loadLanguage(language: Language) {
  await Promise.all([...wanted].map((chunk) => loadChunk(language, chunk)));
}

/**
 * Adds all of a language's strings at once, from the whole file (the prerender, which renders
 * every public page, and the client tests): nothing is fetched for it afterwards.
 */
export function addAllStrings(language: Language, strings: object) {
  i18n.addResourceBundle(language, 'translation', strings, true, true);
  for (const chunk of Object.keys(loaders[language]) as StringChunk[]) {
    loading[language].set(chunk, Promise.resolve());
  }
}

/** Remembers the choice where the browser (localStorage) and the server (a cookie) see it. */
export function rememberLanguage(language: Language) {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // storage unavailable: the cookie still tells the server
  }
  if (typeof document !== 'undefined') writeLanguageCookie(language);
}

/** The reader's choice: loads the language's strings if needed, switches, and remembers it. */
export async function switchLanguage(language: Language) {
  rememberLanguage(language);
  switchingTo = language;
  try {
    await loadLanguage(language);
    await i18n.changeLanguage(language);
  } finally {
    if (switchingTo === language) switchingTo = null;
  }
}

function syncDocument(lng: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = asLanguage(lng);
}
i18n.on('languageChanged', syncDocument);
