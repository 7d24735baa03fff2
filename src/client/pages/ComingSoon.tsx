import { Hammer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, matchPath, useLocation } from 'react-router';
import { Button } from '../components/ui/Button.tsx';
import { UPCOMING_MEMBER_ROUTES } from '../paths.ts';

/** A translated "being prepared" page for routes whose feature lands with a later issue. */
export default function ComingSoon() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const entry = Object.entries(UPCOMING_MEMBER_ROUTES).find(([path]) => matchPath(path, pathname));
  const feature = t(entry?.[1] ?? 'app.name');
  return (
    <div className="mx-auto grid max-w-xl justify-items-center gap-4 px-4 py-16 text-center">
      <div className="flex size-16 items-center justify-center rounded-3xl bg-gold-400/25 text-brand-800">
        <Hammer className="size-8" aria-hidden />
      </div>
      <h1 className="font-serif text-3xl text-brand-950">{t('comingSoon.title', { feature })}</h1>
      <p className="text-slate-600">{t('comingSoon.body')}</p>
      <Button asChild variant="outline">
        <Link to="/">{t('comingSoon.back')}</Link>
      </Button>
    </div>
  );
}
