import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Logo } from '../components/Logo.tsx';
import { Tip } from '../components/ui/Tip.tsx';
import { SideNav } from './SideNav.tsx';

/** The member's navigation drawer on phones, loaded when first opened. */
export default function MemberDrawer({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-slate-900/40 lg:hidden" />
        <Dialog.Content className="fixed inset-y-0 left-0 z-[61] w-[min(20rem,85vw)] overflow-y-auto bg-white px-4 py-5 shadow-2xl focus:outline-none lg:hidden">
          <div className="mb-6 flex items-center justify-between px-2">
            <Dialog.Title asChild>
              <div>
                <Logo />
              </div>
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
          <SideNav onNavigate={() => onOpenChange(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
