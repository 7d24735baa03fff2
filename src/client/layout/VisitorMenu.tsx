import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { Link, NavLink } from '../lib/router.tsx';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/ui/Button.tsx';
import { Tip } from '../components/ui/Tip.tsx';
import { VISITOR_NAV } from '../paths.ts';

/** The visitor's navigation drawer on phones. */
export default function VisitorMenu({
  open,
  onOpenChange,
  navLink,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  navLink: (state: { isActive: boolean }) => string;
}) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-slate-900/40" />
        <Dialog.Content className="fixed inset-y-0 right-0 z-[61] grid w-[min(20rem,85vw)] content-start gap-6 bg-white p-5 shadow-2xl focus:outline-none">
          <div className="flex items-center justify-between">
            <Dialog.Title className="font-serif text-xl text-brand-900">
              {t('app.name')}
            </Dialog.Title>
            <Tip label={t('nav.closeMenu')}>
              <Dialog.Close
                aria-label={t('nav.closeMenu')}
                className="rounded-xl p-2 text-slate-600 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
              >
                <X className="size-5" aria-hidden />
              </Dialog.Close>
            </Tip>
          </div>
          <Dialog.Description className="sr-only">{t('nav.main')}</Dialog.Description>
          <nav aria-label={t('nav.main')} className="grid gap-1">
            {VISITOR_NAV.map((item) => (
              <NavLink
                key={item.to}
                to={item.to}
                end
                className={navLink}
                onClick={() => onOpenChange(false)}
              >
                {t(item.labelKey)}
              </NavLink>
            ))}
          </nav>
          <div className="grid gap-2">
            <Button asChild variant="outline">
              <Link to="/sign-in" onClick={() => onOpenChange(false)}>
                {t('nav.signIn')}
              </Link>
            </Button>
            <Button asChild>
              <Link to="/sign-up" onClick={() => onOpenChange(false)}>
                {t('nav.signUp')}
              </Link>
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
