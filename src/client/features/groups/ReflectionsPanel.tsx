import EyeOff from 'lucide-react/icons/eye-off';
import Lock from 'lucide-react/icons/lock';
import MessageSquareText from 'lucide-react/icons/message-square-text';
import { useTranslation } from 'react-i18next';
import type { GroupDetail, SharedReflection } from '#shared/groups.ts';
import { QueryError, Skeletons } from '../../components/QueryStates.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { useGroupReflections, useHideReflection } from './api.ts';
import { fullName, useGroupDate } from './format.ts';
import { ReflectionAudience } from './ShareReflection.tsx';

/** One shared reflection, as written; a leader may hide it (kept for its author). */
function Reflection({
  reflection,
  canHide,
  group,
}: {
  reflection: SharedReflection;
  canHide: boolean;
  group: GroupDetail;
}) {
  const groupId = group.id;
  const { t } = useTranslation();
  const date = useGroupDate();
  const hide = useHideReflection(groupId);
  return (
    <li className="grid gap-2 rounded-2xl border border-slate-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="font-semibold text-slate-900">
          {reflection.mine ? t('groups.reflections.you') : fullName(reflection)}
        </span>
        <span className="text-slate-600">{date(reflection.updatedAt)}</span>
      </div>
      {reflection.hidden ? (
        <p className="inline-flex items-center gap-1.5 text-sm text-amber-900">
          <EyeOff className="size-4" aria-hidden /> {t('groups.reflections.hiddenNote')}
        </p>
      ) : null}
      {!reflection.mine && reflection.audience === 'leaders' && group.membersSeeReflections ? (
        <p className="inline-flex items-center gap-1.5 text-sm text-slate-700">
          <Lock className="size-4" aria-hidden /> {t('groups.reflections.leadersOnly')}
        </p>
      ) : null}
      <p className="whitespace-pre-line text-slate-800">{reflection.text}</p>
      {reflection.mine ? (
        <ReflectionAudience
          groupId={group.id}
          groupName={group.name}
          membersAllowed={group.membersSeeReflections}
          reflection={reflection}
        />
      ) : null}
      {canHide ? (
        <Button
          variant="ghost"
          size="sm"
          className="w-fit"
          disabled={hide.isPending}
          onClick={() => hide.mutate({ reflectionId: reflection.id, hidden: !reflection.hidden })}
        >
          {reflection.hidden ? t('groups.reflections.show') : t('groups.reflections.hide')}
        </Button>
      ) : null}
    </li>
  );
}

/**
 * The reflections members chose to share with the group, under each lesson of the path: for the
 * leaders, and for members when the leader lets them read them.
 */
export function ReflectionsPanel({ group }: { group: GroupDetail }) {
  const { t } = useTranslation();
  const leads = group.me.role !== 'member';
  const reflections = useGroupReflections(group.id);
  const byLesson = new Map<string, SharedReflection[]>();
  for (const r of reflections.data?.items ?? []) {
    byLesson.set(r.lesson.id, [...(byLesson.get(r.lesson.id) ?? []), r]);
  }
  const lessons = group.lessons.filter((l) => byLesson.has(l.id));
  return (
    <Card className="grid gap-4">
      <h2 className="flex items-center gap-2 font-serif text-2xl text-brand-950">
        <MessageSquareText className="size-5 text-brand-700" aria-hidden />
        {t('groups.reflections.title')}
      </h2>
      {reflections.isError ? (
        <QueryError error={reflections.error} onRetry={() => void reflections.refetch()} />
      ) : !reflections.data ? (
        <Skeletons count={2} height="h-24" />
      ) : lessons.length === 0 ? (
        <p className="text-slate-600">{t('groups.reflections.empty')}</p>
      ) : (
        lessons.map((lesson) => (
          <section key={lesson.id} aria-label={lesson.title} className="grid gap-2">
            <h3 className="font-semibold text-brand-950">{lesson.title}</h3>
            <ul className="grid gap-3">
              {byLesson.get(lesson.id)!.map((r) => (
                <Reflection key={r.id} reflection={r} canHide={leads} group={group} />
              ))}
            </ul>
          </section>
        ))
      )}
    </Card>
  );
}
