import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import en from '#shared/i18n/en.json';
import es from '#shared/i18n/es.json';
import { LANGUAGE_STORAGE_KEY, LANGUAGES } from '#shared/constants.ts';

export const i18n = i18next.createInstance();

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources: { en: { translation: en }, es: { translation: es } },
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
      convertDetectedLanguage: (lng: string) => (lng.toLowerCase().startsWith('es') ? 'es' : 'en'),
    },
    initAsync: false,
    react: { useSuspense: false },
  });

function syncDocument(lng: string) {
  if (typeof document !== 'undefined')
    document.documentElement.lang = lng.startsWith('es') ? 'es' : 'en';
}
syncDocument(i18n.language ?? 'en');
i18n.on('languageChanged', syncDocument);
