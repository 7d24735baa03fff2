import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { QueryClientContext, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Language } from '#shared/constants.ts';
import type { CurrentUser } from '#shared/schemas/user.ts';
import { toast } from '../hooks/use-toast.ts';
import { switchLanguage } from './i18n.ts';
import { CURRENT_USER_KEY } from './auth-api.ts';
import { apiRequest, errorMessage } from './queryClient.ts';

interface LanguageContextValue {
  language: Language;
  /**
   * Shows the app in `language`, remembered on this device; for a signed-in member also saved
   * to the account, which every message sent to them (e-mails, push) follows. Resolves once
   * both are done (`saved`: the account's language changed).
   */
  setLanguage: (language: Language) => Promise<{ saved: boolean }>;
  toggleLanguage: () => void;
}

const LanguageContext = createContext<LanguageContextValue | null>(null);

const PREFERENCES_URL = '/api/user/preferences';

/**
 * A signed-in member's choice, saved to their account (issue 22: the header's switch and the
 * Preferences select alike). Before the age gate nothing can be saved (the gate covers the
 * switch; sign-up already saved the language shown). With no network the change waits in the
 * outbox (lib/outbox.ts) and is sent when the connection is back: saving a language twice is
 * harmless.
 */
async function saveOneForMember(queryClient: QueryClient, language: Language): Promise<boolean> {
  const member = queryClient.getQueryData<CurrentUser | null>(CURRENT_USER_KEY);
  if (!member?.ageVerified || member.preferences.language === language) return false;
  const body = { language };
  try {
    const res = await apiRequest('PATCH', PREFERENCES_URL, body);
    queryClient.setQueryData(CURRENT_USER_KEY, (await res.json()) as CurrentUser);
    return true;
  } catch (error) {
    const { isNetworkFailure, queueWrite } = await import('./outbox.ts');
    if (isNetworkFailure(error)) {
      await queueWrite({
        key: 'preferences:language',
        method: 'PATCH',
        url: PREFERENCES_URL,
        body,
      });
      // The account's language as it will be once the write is sent: a second switch (back,
      // still offline) replaces the queued one instead of being taken for no change at all.
      queryClient.setQueryData<CurrentUser>(CURRENT_USER_KEY, {
        ...member,
        preferences: { ...member.preferences, language },
      });
      return false;
    }
    throw error;
  }
}

/**
 * Saves run one after the other: a second switch decides "no change" from what the first left
 * (the account's language, or the one queued offline), so switching to Spanish and straight back
 * cannot leave Spanish queued while English is shown.
 */
let saving: Promise<unknown> = Promise.resolve();
function saveForMember(queryClient: QueryClient, language: Language): Promise<boolean> {
  const run = saving.then(() => saveOneForMember(queryClient, language));
  saving = run.catch(() => undefined);
  return run;
}

export function LanguageProvider({ children }: { children: ReactNode }) {
  const { i18n: instance } = useTranslation();
  const language: Language = instance.language?.startsWith('es') ? 'es' : 'en';
  // Optional: the language switch also works where no query client exists (tests, error pages).
  const queryClient = useContext(QueryClientContext);
  const setLanguage = useCallback(
    async (next: Language) => {
      const shown = switchLanguage(next).then(() =>
        // Server answers carry translated text (titles, references): load them again.
        queryClient?.invalidateQueries({
          predicate: (q) => q.queryKey[0] !== CURRENT_USER_KEY[0],
        }),
      );
      const saved = queryClient
        ? saveForMember(queryClient, next).catch((error: unknown) => {
            // In the language just chosen.
            const t = (key: string) => instance.t(key);
            toast({
              title: t('language.notSaved'),
              description: errorMessage(error, t),
              variant: 'destructive',
            });
            return false;
          })
        : Promise.resolve(false);
      await shown;
      return { saved: await saved };
    },
    [queryClient, instance],
  );
  const value = useMemo(
    () => ({
      language,
      setLanguage,
      toggleLanguage: () => void setLanguage(language === 'en' ? 'es' : 'en'),
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
