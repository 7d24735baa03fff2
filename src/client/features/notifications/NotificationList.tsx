import BookOpen from 'lucide-react/icons/book-open';
import Bell from 'lucide-react/icons/bell';
import Brain from 'lucide-react/icons/brain';
import Flame from 'lucide-react/icons/flame';
import HandHeart from 'lucide-react/icons/hand-heart';
import LifeBuoy from 'lucide-react/icons/life-buoy';
import Award from 'lucide-react/icons/award';
import BarChart3 from 'lucide-react/icons/chart-column';
import MessageCircleHeart from 'lucide-react/icons/message-circle-heart';
import UserPlus from 'lucide-react/icons/user-plus';
import UsersRound from 'lucide-react/icons/users-round';
import { Link } from '../../lib/router.tsx';
import { useTranslation } from 'react-i18next';
import type { NotificationItem, NotificationKind } from '#shared/schemas/notifications.ts';
import { Button } from '../../components/ui/Button.tsx';
import { cn } from '../../lib/cn.ts';
import { useMarkRead } from './api.ts';
import { notificationText, relativeTime } from './text.ts';

const ICONS: Record<NotificationKind, typeof Bell> = {
  dailyReading: BookOpen,
  memoryDue: Brain,
  streakAtRisk: Flame,
  prayer: HandHeart,
  weeklyProgress: BarChart3,
  badgeEarned: Award,
  supportAnswered: LifeBuoy,
  groupMessage: MessageCircleHeart,
  groupInvitation: UserPlus,
  groupNews: UsersRound,
  test: Bell,
};

function NotificationRow({ item }: { item: NotificationItem }) {
  const { t, i18n } = useTranslation();
  const markRead = useMarkRead();
  const { title, body } = notificationText(t, item, i18n.language);
  const Icon = ICONS[item.kind];
  const unread = item.readAt === null;
  return (
    <li
      className={cn(
        'flex gap-3 rounded-2xl border p-4 sm:gap-4',
        unread ? 'border-brand-200 bg-brand-50/60' : 'border-slate-200/80 bg-white',
      )}
    >
      <span
        aria-hidden
        className="flex size-10 shrink-0 items-center justify-center rounded-full bg-white text-brand-700 shadow-sm"
      >
        <Icon className="size-5" />
      </span>
      <div className="grid min-w-0 flex-1 gap-1">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <Link
            to={item.url}
            onClick={() => unread && markRead.mutate(item.id)}
            className={cn(
              'min-w-0 break-words text-brand-950 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
              unread ? 'font-semibold' : 'font-medium',
            )}
          >
            {unread ? <span className="sr-only">{t('notify.list.unread')}: </span> : null}
            {title}
          </Link>
          <time dateTime={item.createdAt} className="shrink-0 text-xs text-slate-600">
            {relativeTime(item.createdAt, i18n.language)}
          </time>
        </div>
        <p className="break-words text-sm text-slate-700">{body}</p>
        {unread ? (
          <Button
            variant="ghost"
            size="sm"
            className="-ml-3 w-fit"
            disabled={markRead.isPending}
            onClick={() => markRead.mutate(item.id)}
          >
            {t('notify.list.markRead')}
          </Button>
        ) : null}
      </div>
    </li>
  );
}

export function NotificationList({ items }: { items: NotificationItem[] }) {
  return (
    <ul className="grid gap-3">
      {items.map((item) => (
        <NotificationRow key={item.id} item={item} />
      ))}
    </ul>
  );
}
