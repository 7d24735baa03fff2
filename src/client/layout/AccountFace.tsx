import ChevronDown from 'lucide-react/icons/chevron-down';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '#shared/schemas/user.ts';
import { PREMIUM_ICON } from '../nav.ts';

export const ACCOUNT_TRIGGER_CLASS =
  'flex items-center gap-2 rounded-xl py-1 pl-1 pr-1 sm:pr-2 hover:bg-slate-900/5 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500';

/**
 * What the account menu's button shows: initials, first name, the premium mark. On a phone the
 * mark sits on the initials' corner: beside them it pushed the header's EN/ES switch over the
 * wordmark.
 */
export function AccountFace({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const initials = `${user.firstName.at(0) ?? ''}${user.lastName.at(0) ?? ''}`.toUpperCase() || '?';
  return (
    <>
      <span className="relative flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-semibold text-white">
        {initials}
        {user.isPremium ? (
          <span className="absolute -bottom-1 -right-1 flex size-[1.125rem] items-center justify-center rounded-full bg-white shadow-sm ring-1 ring-slate-200 sm:hidden">
            <PREMIUM_ICON className="size-3 text-gold-500" aria-label={t('common.premium')} />
          </span>
        ) : null}
      </span>
      <span className="hidden max-w-32 truncate text-sm font-medium text-slate-800 sm:inline">
        {user.firstName}
      </span>
      {user.isPremium ? (
        <PREMIUM_ICON
          className="hidden size-4 text-gold-500 sm:block"
          aria-label={t('common.premium')}
        />
      ) : null}
      <ChevronDown className="hidden size-4 text-slate-500 sm:block" aria-hidden />
    </>
  );
}
