import { Suspense, type ReactNode } from 'react';
import { counterpartOf } from '#shared/values/bible.ts';
import { useAuth } from '../../hooks/useAuth.ts';
import { useScriptureInBoth } from './preference.ts';
import { readyLazy } from '#delivery/app/ready-lazy.tsx';

const PassageInBoth = readyLazy('PassageInBoth', () => import('./PassageInBoth.tsx'));

/**
 * A passage as the page shows it (`children`), or, when the member chose "show in both
 * languages", the same passage verse by verse with the other language's translation (issue 26).
 * The pairing code loads only for members who use it; until it is there the passage stays.
 */
export function InBoth({
  reference,
  translation,
  large,
  captioned,
  children,
}: {
  /** The reference as shown (either language: the server reads both). */
  reference: string;
  translation: string;
  large?: boolean | undefined;
  /** Name both references under it (default); off where a heading names the passage. */
  captioned?: boolean;
  children: ReactNode;
}) {
  const both = useScriptureInBoth();
  if (!both.on) return children;
  return (
    <Suspense fallback={children}>
      <PassageInBoth
        reference={reference}
        translation={translation}
        large={large}
        captioned={captioned}
      >
        {children}
      </PassageInBoth>
    </Suspense>
  );
}

/** The translations a passage is shown in: "KJV", or "KJV · RV1909" in both languages. */
export function useShownTranslations(translation: string): string {
  const both = useScriptureInBoth();
  const { user } = useAuth();
  return both.on
    ? `${translation} · ${counterpartOf(translation, user?.preferences.bibleTranslation ?? 'KJV', user?.preferences.spanishBible)}`
    : translation;
}
