import Languages from 'lucide-react/icons/languages';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '#shared/constants.ts';
import { useLanguage } from '../lib/language.tsx';
import { cn } from '../lib/cn.ts';

/**
 * EN | ES, a choice of one (a radio group: the arrow keys move between the two, src/delivery/
 * browser/behaviours.ts). The look follows aria-checked, so a press before the app has the page
 * shows the choice at once (src/delivery/browser/previews.ts); the app then switches the page's
 * language and remembers it (lib/language.tsx).
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { language, setLanguage } = useLanguage();
  // The choice shows at once; the page follows once the language's words have arrived.
  const [choosing, setChoosing] = useState<Language | null>(null);
  const [shownFor, setShownFor] = useState(language);
  if (shownFor !== language) {
    setShownFor(language);
    setChoosing(null);
  }
  const chosen = choosing ?? language;
  return (
    <div
      role="radiogroup"
      aria-label={t('language.label')}
      className={cn(
        'inline-flex items-center rounded-xl border border-slate-300 bg-white p-0.5',
        className,
      )}
    >
      <Languages className="mx-1.5 hidden size-4 text-slate-500 sm:block" aria-hidden />
      {(['en', 'es'] as const).map((lng) => (
        <button
          key={lng}
          type="button"
          role="radio"
          lang={lng}
          aria-checked={chosen === lng}
          tabIndex={chosen === lng ? 0 : -1}
          aria-label={t(`language.${lng}`)}
          onClick={() => {
            if (lng === chosen) return;
            setChoosing(lng);
            // Not switched after all (the words could not be fetched): back as it was.
            void setLanguage(lng).catch(() => setChoosing(null));
          }}
          className="rounded-lg px-2.5 py-1 text-xs font-semibold uppercase tracking-wide text-slate-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 aria-checked:bg-brand-700 aria-checked:text-white not-aria-checked:hover:bg-slate-100"
        >
          {lng}
        </button>
      ))}
    </div>
  );
}
