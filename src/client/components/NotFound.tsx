import Compass from 'lucide-react/icons/compass';
import { useTranslation } from 'react-i18next';
import { Link } from '../lib/router.tsx';
import { Button } from './ui/Button.tsx';

export default function NotFound() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto grid max-w-lg justify-items-center gap-4 px-4 py-20 text-center">
      <Compass className="size-12 text-brand-700" aria-hidden />
      <h1 className="font-serif text-3xl text-brand-950">{t('notFound.title')}</h1>
      <p className="text-slate-600">{t('notFound.body')}</p>
      <Button asChild>
        <Link to="/">{t('notFound.home')}</Link>
      </Button>
    </div>
  );
}
