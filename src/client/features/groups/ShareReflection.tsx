import EyeOff from 'lucide-react/icons/eye-off';
import Share2 from 'lucide-react/icons/share-2';
import { useTranslation } from 'react-i18next';
import type { GroupSummary } from '#shared/groups.ts';
import { Button } from '../../components/ui/Button.tsx';
import { useGroupReflections, useGroups } from './queries.ts';
import { useShareReflection, useUnshareReflection } from './share-api.ts';

/** Sharing this lesson's reflection with one group: shared or not, and the button that changes it. */
function ShareWithGroup({ group, lessonId }: { group: GroupSummary; lessonId: string }) {
  const { t } = useTranslation();
  const reflections = useGroupReflections(group.id, lessonId);
  const share = useShareReflection(group.id);
  const unshare = useUnshareReflection(group.id);
  const mine = reflections.data?.items.find((r) => r.mine);
  const pending = share.isPending || unshare.isPending || !reflections.data;
  return (
    <li className="grid gap-1.5">
      {mine ? (
        <>
          <p className="text-sm text-slate-700">
            {t('groupShare.sharedWith', { name: group.name })}
          </p>
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
            {t('groupShare.unshare', { name: group.name })}
          </Button>
        </>
      ) : (
        <Button
          variant="outline"
          size="sm"
          className="w-fit"
          disabled={pending}
          onClick={() => share.mutate(lessonId)}
        >
          <Share2 className="size-4" aria-hidden /> {t('groupShare.share', { name: group.name })}
        </Button>
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
