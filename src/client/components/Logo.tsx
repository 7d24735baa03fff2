import { Link } from '../lib/router.tsx';
import { useTranslation } from 'react-i18next';

export function Logo() {
  const { t } = useTranslation();
  return (
    <Link
      to="/"
      className="flex items-center gap-2.5 rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
    >
      <img src="/favicon.svg" alt="" className="size-9" />
      <span className="grid leading-tight">
        <span className="font-serif text-xl font-semibold text-brand-900">{t('app.name')}</span>
        <span className="hidden text-[11px] uppercase tracking-wider text-slate-600 sm:block">
          {t('app.tagline')}
        </span>
      </span>
    </Link>
  );
}
