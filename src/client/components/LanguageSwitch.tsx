import Languages from 'lucide-react/icons/languages';
import { useTranslation } from 'react-i18next';
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
          aria-checked={language === lng}
          tabIndex={language === lng ? 0 : -1}
          aria-label={t(`language.${lng}`)}
          onClick={() => {
            if (lng !== language) void setLanguage(lng);
          }}
          className="rounded-lg px-2.5 py-1 text-xs font-semibold uppercase tracking-wide text-slate-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 aria-checked:bg-brand-700 aria-checked:text-white not-aria-checked:hover:bg-slate-100"
        >
          {lng}
        </button>
      ))}
    </div>
  );
}
