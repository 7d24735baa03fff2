import Crown from 'lucide-react/icons/crown';
import LinkIcon from 'lucide-react/icons/link';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from '../../lib/router.tsx';
import type { ConsentLevel } from '#shared/groups.ts';
import { groupPath, invitationPath, isPremiumPath } from '#shared/values/groups.ts';
import { QueryError, Skeletons } from '../../components/QueryStates.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { useAuth } from '../../hooks/useAuth.ts';
import { ApiError } from '../../lib/queryClient.ts';
import { keepNext } from '../../paths.ts';
import { useAcceptInvitation, useInvitationPreview } from './api.ts';
import { ConsentChoice } from './ConsentChoice.tsx';
import { GroupFacts } from './GroupFacts.tsx';

/** A link that cannot be used (expired, revoked, used up, the group full or ended, unknown). */
function Unusable({ reason }: { reason: string }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  return (
    <Card role="status" className="grid justify-items-start gap-3">
      <LinkIcon className="size-8 text-slate-500" aria-hidden />
      <h1 className="font-serif text-3xl text-brand-950">{t('groups.invitation.unusable')}</h1>
      <p className="text-slate-700">{reason}</p>
      <p className="text-sm text-slate-600">{t('groups.invitation.askLeader')}</p>
      <Button asChild variant="outline">
        <Link to={user ? '/groups' : '/'}>
          {user ? t('groups.invitation.toGroups') : t('groups.invitation.toHome')}
        </Link>
      </Button>
    </Card>
  );
}

/**
 * `/invitations/:token`, the invitation link (issue 25): anyone with it sees the group's name,
 * the leader's first name, the path and the meeting note. A visitor signs up or signs in and
 * comes back here (`?next=`), past the age gate; a member chooses what the leaders may see and
 * joins.
 */
export default function InvitationPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const { user } = useAuth();
  const preview = useInvitationPreview(token);
  const [level, setLevel] = useState<ConsentLevel | null>(null);
  const [missing, setMissing] = useState(false);
  const join = useAcceptInvitation(
    { token },
    {
      onSuccess: (joined) => void navigate(groupPath(joined.groupId), { replace: true }),
      // A link that stopped working meanwhile: the page says why (asked again), no toast.
      onError: (error) => {
        if (!(error instanceof ApiError) || error.status !== 410) return false;
        void preview.refetch();
        return true;
      },
    },
  );
  const here = invitationPath(token);

  let body;
  if (preview.isError) {
    body =
      preview.error instanceof ApiError && preview.error.status === 404 ? (
        <Unusable reason={t('groups.invitation.status.unknown')} />
      ) : (
        <QueryError error={preview.error} onRetry={() => void preview.refetch()} />
      );
  } else if (!preview.data) {
    body = <Skeletons count={1} height="h-72" />;
  } else if (preview.data.status !== 'open' || !preview.data.group) {
    // An open invitation always comes with its group; without one, the link is of no use.
    const status = preview.data.status === 'open' ? 'unknown' : preview.data.status;
    body = <Unusable reason={t(`groups.invitation.status.${status}`)} />;
  } else {
    const group = preview.data.group;
    body = (
      <Card className="grid gap-6">
        <div className="grid gap-1">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">
            {t('groups.invitation.eyebrow')}
          </p>
          <GroupFacts group={group} heading="h1" />
        </div>
        {isPremiumPath(group.path) ? (
          <p className="flex items-start gap-2 rounded-xl bg-gold-300/30 px-4 py-2 text-sm text-brand-950">
            <Crown className="mt-0.5 size-4 shrink-0" aria-hidden />
            {t('groups.premiumPath')}
          </p>
        ) : null}
        {!user ? (
          <div className="grid gap-3">
            <p className="text-slate-700">{t('groups.invitation.signUpFirst')}</p>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button asChild size="lg">
                <Link to={keepNext('/sign-up', here)}>{t('groups.invitation.signUp')}</Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link to={keepNext('/sign-in', here)}>{t('groups.invitation.signIn')}</Link>
              </Button>
            </div>
          </div>
        ) : !user.ageVerified ? (
          <p role="status" className="flex items-center gap-2 text-slate-700">
            <ShieldCheck className="size-5 shrink-0 text-brand-700" aria-hidden />
            {t('groups.invitation.ageFirst')}
          </p>
        ) : (
          <form
            noValidate
            className="grid gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              if (level) join.mutate({ level });
              setMissing(!level);
            }}
          >
            <ConsentChoice
              value={level}
              onChange={(chosen) => {
                setLevel(chosen);
                setMissing(false);
              }}
              disabled={join.isPending}
              missing={missing}
            />
            <p className="text-sm text-slate-600">{t('groups.consent.later')}</p>
            <Button type="submit" size="lg" disabled={join.isPending} className="sm:w-fit">
              {join.isPending ? t('groups.join.submitting') : t('groups.join.submit')}
            </Button>
          </form>
        )}
      </Card>
    );
  }
  return <div className="mx-auto grid w-full max-w-2xl gap-6 py-2">{body}</div>;
}
