import Mail from 'lucide-react/icons/mail';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router.tsx';
import type { ConsentLevel, ReceivedInvitation } from '#shared/groups.ts';
import { groupPath } from '#shared/values/groups.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { useAcceptInvitation, useDeclineInvitation, useReceivedInvitations } from './api.ts';
import { ConsentChoice } from './ConsentChoice.tsx';
import { GroupFacts } from './GroupFacts.tsx';

/** One invitation received by e-mail: what the group is, then the consent choice and join. */
function Received({ invitation }: { invitation: ReceivedInvitation }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [choosing, setChoosing] = useState(false);
  const [level, setLevel] = useState<ConsentLevel | null>(null);
  const [missing, setMissing] = useState(false);
  const accept = useAcceptInvitation(
    { receivedId: invitation.id },
    { onSuccess: (joined) => void navigate(groupPath(joined.groupId)) },
  );
  const decline = useDeclineInvitation();
  const open = invitation.status === 'open';
  return (
    <li>
      <Card className="grid gap-4">
        <GroupFacts group={invitation.group} heading="h3" />
        {!open ? (
          <p role="status" className="text-sm text-slate-700">
            {t(`groups.invitation.status.${invitation.status}`)}
          </p>
        ) : choosing ? (
          <>
            <ConsentChoice
              value={level}
              onChange={(chosen) => {
                setLevel(chosen);
                setMissing(false);
              }}
              disabled={accept.isPending}
              missing={missing}
            />
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={() => setChoosing(false)}>
                {t('common.cancel')}
              </Button>
              <Button
                disabled={accept.isPending}
                onClick={() => {
                  if (level) accept.mutate({ level });
                  setMissing(!level);
                }}
              >
                {t('groups.join.submit')}
              </Button>
            </div>
          </>
        ) : (
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => setChoosing(true)}>{t('groups.received.accept')}</Button>
            <Button
              variant="outline"
              disabled={decline.isPending}
              onClick={() => decline.mutate(invitation.id)}
            >
              {t('groups.received.decline')}
            </Button>
          </div>
        )}
      </Card>
    </li>
  );
}

/** Invitations a leader sent to the member's address: nobody joins a group without saying yes. */
export function ReceivedInvitations() {
  const { t } = useTranslation();
  const received = useReceivedInvitations(true);
  const items = received.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="received-invitations" className="mb-8 grid gap-3">
      <h2
        id="received-invitations"
        className="flex items-center gap-2 font-serif text-2xl text-brand-950"
      >
        <Mail className="size-5 text-brand-700" aria-hidden />
        {t('groups.received.title')}
      </h2>
      <ul className="grid gap-4 md:grid-cols-2">
        {items.map((invitation) => (
          <Received key={invitation.id} invitation={invitation} />
        ))}
      </ul>
    </section>
  );
}
