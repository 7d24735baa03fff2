import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../lib/language.tsx';
import { cn } from '../lib/cn.ts';

/** EN | ES toggle; the choice is stored locally under "language". */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { language, setLanguage } = useLanguage();
  return (
    <div
      role="group"
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
          lang={lng}
          aria-pressed={language === lng}
          aria-label={t(`language.${lng}`)}
          onClick={() => setLanguage(lng)}
          className={cn(
            'rounded-lg px-2.5 py-1 text-xs font-semibold uppercase tracking-wide focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
            language === lng ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100',
          )}
        >
          {lng}
        </button>
      ))}
    </div>
  );
}
