import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { QueryClientContext } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Language } from '#shared/constants.ts';
import { switchLanguage } from './i18n.ts';
import { CURRENT_USER_KEY } from './auth-api.ts';

interface LanguageContextValue {
  language: Language;
  setLanguage: (language: Language) => void;
  toggleLanguage: () => void;
}

const LanguageContext = createContext<LanguageContextValue | null>(null);

export function LanguageProvider({ children }: { children: ReactNode }) {
  const { i18n: instance } = useTranslation();
  const language: Language = instance.language?.startsWith('es') ? 'es' : 'en';
  // Optional: the language switch also works where no query client exists (tests, error pages).
  const queryClient = useContext(QueryClientContext);
  const setLanguage = useCallback(
    (next: Language) => {
      void switchLanguage(next).then(() =>
        // Server answers carry translated text (titles, references): load them again.
        queryClient?.invalidateQueries({
          predicate: (q) => q.queryKey[0] !== CURRENT_USER_KEY[0],
        }),
      );
    },
    [queryClient],
  );
  const value = useMemo(
    () => ({
      language,
      setLanguage,
      toggleLanguage: () => setLanguage(language === 'en' ? 'es' : 'en'),
    }),
    [language, setLanguage],
  );
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}

/** The current language and how to change it. Throws outside LanguageProvider (SPEC §8). */
export function useLanguage(): LanguageContextValue {
  const value = useContext(LanguageContext);
  if (!value) throw new Error('useLanguage must be used within a LanguageProvider');
  return value;
}
