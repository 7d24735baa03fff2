import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import {
  LANGUAGE_COOKIE,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  type Language,
} from '#shared/constants.ts';

export const i18n = i18next.createInstance();

/**
 * Each language's strings are a chunk of their own: a reader downloads only the language they
 * read, and the other once, if they switch.
 */
const bundles: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  en: () => import('#shared/i18n/en.json'),
  es: () => import('#shared/i18n/es.json'),
};

export const asLanguage = (lng: string | undefined): Language =>
  lng?.toLowerCase().startsWith('es') ? 'es' : 'en';

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources: {},
    partialBundledLanguages: true,
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    detection: {
      order: ['localStorage', 'navigator'],
      lookupLocalStorage: LANGUAGE_STORAGE_KEY,
      caches: ['localStorage'],
      // Store and use the bare language ("es", not "es-ES"): SPEC §3 says en or es.
      convertDetectedLanguage: asLanguage,
    },
    initAsync: false,
    react: { useSuspense: false },
  });

/** Adds a language's strings (fetched once; a no-op when they are there). */
export async function loadLanguage(language: Language, strings?: Record<string, unknown>) {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  i18n.addResourceBundle(language, 'translation', strings ?? (await bundles[language]()).default);
}

/** Remembers the choice where the browser (localStorage) and the server (a cookie) see it. */
export function rememberLanguage(language: Language) {
  if (typeof localStorage !== 'undefined') localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  if (typeof document !== 'undefined') {
    document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax`;
  }
}

/** Loads the language's strings if needed, then switches to it. */
export async function switchLanguage(language: Language) {
  rememberLanguage(language);
  await loadLanguage(language);
  await i18n.changeLanguage(language);
}

function syncDocument(lng: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = asLanguage(lng);
}
i18n.on('languageChanged', syncDocument);
