import EyeOff from 'lucide-react/icons/eye-off';
import Lock from 'lucide-react/icons/lock';
import Share2 from 'lucide-react/icons/share-2';
import UsersRound from 'lucide-react/icons/users-round';
import { useTranslation } from 'react-i18next';
import type { GroupSummary, SharedReflection } from '#shared/groups.ts';
import { Button } from '../../components/ui/Button.tsx';
import { useGroupReflections, useGroups } from './queries.ts';
import { useReflectionAudience, useShareReflection, useUnshareReflection } from './share-api.ts';

/**
 * Who reads the author's shared reflection, and the buttons that change it: widening to the
 * members is offered only while the group allows it, and always asked of the author (never done
 * for them when the leaders open reflections to members).
 */
export function ReflectionAudience({
  groupId,
  groupName,
  membersAllowed,
  reflection,
}: {
  groupId: string;
  groupName: string;
  membersAllowed: boolean;
  reflection: SharedReflection;
}) {
  const { t } = useTranslation();
  const change = useReflectionAudience(groupId);
  const name = groupName;
  const toMembers = reflection.audience === 'members';
  return (
    <>
      <p className="text-sm text-slate-700">
        {toMembers
          ? membersAllowed
            ? t('groupShare.sharedWithMembers', { name })
            : t('groupShare.sharedWithMembersClosed', { name })
          : membersAllowed
            ? t('groupShare.widenAsk', { name })
            : t('groupShare.sharedWithLeaders', { name })}
      </p>
      {membersAllowed ? (
        <Button
          variant="outline"
          size="sm"
          className="w-fit"
          disabled={change.isPending}
          onClick={() =>
            change.mutate({
              reflectionId: reflection.id,
              audience: toMembers ? 'leaders' : 'members',
            })
          }
        >
          {toMembers ? (
            <Lock className="size-4" aria-hidden />
          ) : (
            <UsersRound className="size-4" aria-hidden />
          )}
          {toMembers ? t('groupShare.narrow', { name }) : t('groupShare.widen', { name })}
        </Button>
      ) : null}
    </>
  );
}

/** Sharing this lesson's reflection with one group: with whom, and the buttons that change it. */
function ShareWithGroup({ group, lessonId }: { group: GroupSummary; lessonId: string }) {
  const { t } = useTranslation();
  const reflections = useGroupReflections(group.id, lessonId);
  const share = useShareReflection(group.id);
  const unshare = useUnshareReflection(group.id);
  const mine = reflections.data?.items.find((r) => r.mine);
  const membersAllowed = group.membersSeeReflections;
  const pending = share.isPending || unshare.isPending || !reflections.data;
  const name = group.name;
  return (
    <li className="grid gap-1.5">
      {mine ? (
        <>
          <ReflectionAudience
            groupId={group.id}
            groupName={name}
            membersAllowed={membersAllowed}
            reflection={mine}
          />
          {mine.hidden ? (
            <p className="inline-flex items-center gap-1.5 text-sm text-amber-900">
              <EyeOff className="size-4" aria-hidden /> {t('groupShare.hidden')}
            </p>
          ) : null}
          <Button
            variant="outline"
            size="sm"
            className="w-fit"
            disabled={pending}
            onClick={() => unshare.mutate(mine.id)}
          >
            {t('groupShare.unshare', { name })}
          </Button>
        </>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            className="w-fit"
            disabled={pending}
            onClick={() => share.mutate({ lessonId, audience: 'leaders' })}
          >
            <Share2 className="size-4" aria-hidden /> {t('groupShare.shareLeaders', { name })}
          </Button>
          {membersAllowed ? (
            <Button
              variant="outline"
              size="sm"
              className="w-fit"
              disabled={pending}
              onClick={() => share.mutate({ lessonId, audience: 'members' })}
            >
              <UsersRound className="size-4" aria-hidden /> {t('groupShare.shareMembers', { name })}
            </Button>
          ) : null}
        </div>
      )}
    </li>
  );
}

/**
 * Under a lesson's practice response: share it with the groups that follow this course and where
 * the member chose "Progress and chosen reflections", one group at a time; unshare at any time.
 * The group reads the response as it is now, so editing it above edits what is shared.
 */
export function ShareReflection({
  lessonId,
  courseId,
  hasResponse,
}: {
  lessonId: string;
  courseId: string;
  hasResponse: boolean;
}) {
  const { t } = useTranslation();
  const groups = useGroups();
  const eligible = (groups.data?.items ?? []).filter(
    (g) => g.path.kind === 'course' && g.path.courseId === courseId && g.level === 'reflections',
  );
  if (eligible.length === 0) return null;
  return (
    <section
      aria-labelledby="share-reflection"
      className="grid gap-2 border-t border-slate-200 pt-4"
    >
      <h3 id="share-reflection" className="font-semibold text-brand-950">
        {t('groupShare.title')}
      </h3>
      <p className="text-sm text-slate-600">{t('groupShare.hint')}</p>
      {hasResponse ? (
        <ul className="grid gap-3">
          {eligible.map((group) => (
            <ShareWithGroup key={group.id} group={group} lessonId={lessonId} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-700">{t('groupShare.writeFirst')}</p>
      )}
    </section>
  );
}
