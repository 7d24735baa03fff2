import Award from 'lucide-react/icons/award';
import BookCheck from 'lucide-react/icons/book-check';
import CalendarCheck from 'lucide-react/icons/calendar-check';
import MessageCircle from 'lucide-react/icons/message-circle';
import UserPlus from 'lucide-react/icons/user-plus';
import { useTranslation } from 'react-i18next';
import type { FeedItem } from '#shared/groups.ts';
import { QueryError, Skeletons } from '../../components/QueryStates.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { useGroupFeed } from './api.ts';
import { fullName, useGroupDate } from './format.ts';

const ICONS = {
  joined: UserPlus,
  'lesson-completed': BookCheck,
  'plan-finished': CalendarCheck,
  badge: Award,
  message: MessageCircle,
} as const;

/** An item of the feed in words: names and lessons as given, the rest in the reader's language. */
function FeedText({ item }: { item: FeedItem }) {
  const { t } = useTranslation();
  const name = fullName(item);
  switch (item.kind) {
    case 'lesson-completed':
      return <>{t('groups.feed.lesson', { name, title: item.lesson?.title ?? '' })}</>;
    case 'badge':
      return (
        <>
          {t('groups.feed.badge', {
            name,
            badge: t(`courses.badges.${item.badge}`, { defaultValue: item.badge ?? '' }),
          })}
        </>
      );
    case 'message':
      return (
        <>
          <span className="block">{t('groups.feed.message', { name })}</span>
          <span className="mt-1 block whitespace-pre-line rounded-xl bg-brand-50 px-3 py-2 text-slate-800">
            {item.message}
          </span>
        </>
      );
    default:
      return <>{t(`groups.feed.${item.kind === 'joined' ? 'joined' : 'plan'}`, { name })}</>;
  }
}

/** The group's activity: milestones of members who share their activity, and messages to all. */
export function FeedPanel({ groupId }: { groupId: string }) {
  const { t } = useTranslation();
  const date = useGroupDate();
  const feed = useGroupFeed(groupId);
  return (
    <Card className="grid gap-3">
      <h2 className="font-serif text-2xl text-brand-950">{t('groups.feed.title')}</h2>
      {feed.isError ? (
        <QueryError error={feed.error} onRetry={() => void feed.refetch()} />
      ) : !feed.data ? (
        <Skeletons count={3} height="h-10" />
      ) : feed.data.items.length === 0 ? (
        <p className="text-slate-600">{t('groups.feed.empty')}</p>
      ) : (
        <ul className="grid gap-3">
          {feed.data.items.map((item) => {
            const Icon = ICONS[item.kind];
            return (
              <li key={item.id} className="flex items-start gap-3 text-sm">
                <Icon className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden />
                <div className="min-w-0 flex-1">
                  <FeedText item={item} />
                  <span className="block text-xs text-slate-600">{date(item.at)}</span>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <p className="text-xs text-slate-600">{t('groups.feed.sharingNote')}</p>
    </Card>
  );
}
