import Bell from 'lucide-react/icons/bell';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from '../../lib/router.tsx';
import { useTranslation } from 'react-i18next';
import { useUnreadCount } from './unread.ts';
import { Tip } from '../../components/ui/Tip.tsx';

/** The header's bell: a link to /notifications with the unread count (once past the age gate). */
export function NotificationBell({ enabled = true }: { enabled?: boolean }) {
  const { t } = useTranslation();
  const { data, refetch } = useUnreadCount(enabled);
  // No periodic refetch (SPEC §9): the count is read again as the member moves between pages,
  // so a reminder that arrived meanwhile shows on the next navigation.
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return; // the first page: the query itself loads it
    shown.current = pathname;
    if (enabled) void refetch();
  }, [pathname, refetch, enabled]);
  const unread = data?.unread ?? 0;
  const label =
    unread > 0 ? t('notify.bell.labelUnread', { count: unread }) : t('notify.bell.label');
  return (
    <Tip label={label}>
      <Link
        to="/notifications"
        aria-label={label}
        data-testid="notification-bell"
        className="relative rounded-xl p-1.5 text-slate-700 sm:p-2 hover:bg-slate-900/5 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        <Bell className="size-6" aria-hidden />
        {unread > 0 ? (
          <span
            aria-hidden
            className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] font-semibold leading-none text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </Link>
    </Tip>
  );
}
