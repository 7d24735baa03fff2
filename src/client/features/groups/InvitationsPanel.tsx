import Copy from 'lucide-react/icons/copy';
import LinkIcon from 'lucide-react/icons/link';
import UserPlus from 'lucide-react/icons/user-plus';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreatedInvitation, Invitation } from '#shared/groups.ts';
import {
  INVITATION_DEFAULT_EXPIRY_DAYS,
  INVITATION_EXPIRY_DAYS,
  INVITATION_MAX_USES_MAX,
} from '#shared/values/groups.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { Field, inputClass } from '../../components/ui/Field.tsx';
import { toast } from '../../hooks/use-toast.ts';
import { ApiError, errorMessage, fieldErrorsOf } from '../../lib/queryClient.ts';
import { QrCode } from '../../components/QrCode.tsx';
import {
  useCreateInvitation,
  useInvitations,
  useInviteByEmail,
  useRevokeInvitation,
} from './api.ts';
import { useGroupDate } from './format.ts';

/** The link just made: shown with its QR code and a copy button (its token is shown only once). */
function NewLink({ created }: { created: CreatedInvitation }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.url);
      toast({ title: t('groups.invitations.copied') });
    } catch {
      toast({ title: t('groups.invitations.copyFailed'), variant: 'destructive' });
    }
  };
  return (
    <div className="grid justify-items-center gap-3 rounded-2xl bg-slate-50 p-4 sm:justify-items-start">
      <QrCode value={created.url} label={t('groups.invitations.qrLabel')} />
      <label className="grid w-full gap-1.5 text-sm font-medium text-slate-800">
        {t('groups.invitations.link')}
        <input
          readOnly
          value={created.url}
          className={`${inputClass} font-mono text-sm`}
          onFocus={(e) => e.target.select()}
        />
      </label>
      <Button onClick={() => void copy()}>
        <Copy className="size-4" aria-hidden /> {t('groups.invitations.copy')}
      </Button>
      <p className="text-xs text-slate-600">{t('groups.invitations.onceOnly')}</p>
    </div>
  );
}

/** Adding an existing member by e-mail: they receive an invitation and must accept. */
function InviteByEmail({ groupId }: { groupId: string }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const invite = useInviteByEmail(
    groupId,
    () => setEmail(''),
    (e) => {
      const field = fieldErrorsOf(e).email;
      if (field) setError(field);
      else if (e instanceof ApiError && e.status === 429) setError(errorMessage(e, t));
      return !!field || (e instanceof ApiError && e.status === 429);
    },
  );
  return (
    <form
      noValidate
      className="grid gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (!email.trim()) return setError(t('validation.required'));
        setError(undefined);
        invite.mutate(email.trim());
      }}
    >
      <Field
        type="email"
        autoComplete="off"
        label={t('groups.invitations.email')}
        hint={t('groups.invitations.emailHint')}
        value={email}
        error={error}
        onChange={(e) => setEmail(e.target.value)}
      />
      <Button type="submit" variant="outline" disabled={invite.isPending} className="sm:w-fit">
        <UserPlus className="size-4" aria-hidden /> {t('groups.invitations.emailSend')}
      </Button>
    </form>
  );
}

/** One link made before: its state, uses and expiry, and revoking it. */
function InvitationRow({ invitation, onRevoke }: { invitation: Invitation; onRevoke: () => void }) {
  const { t } = useTranslation();
  const date = useGroupDate();
  const open = invitation.status === 'open';
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 py-3 text-sm">
      <div className="grid gap-0.5">
        <span className="font-medium text-slate-900">
          {t(`groups.invitations.states.${invitation.status}`)}
        </span>
        <span className="text-slate-600">
          {t('groups.invitations.expires', { date: date(invitation.expiresAt) })} ·{' '}
          {invitation.maxUses === null
            ? t('groups.invitations.usesUnlimited', { count: invitation.uses })
            : t('groups.invitations.uses', { count: invitation.uses, max: invitation.maxUses })}
        </span>
      </div>
      {open ? (
        <Button variant="ghost" size="sm" className="text-red-700" onClick={onRevoke}>
          {t('groups.invitations.revoke')}
        </Button>
      ) : null}
    </li>
  );
}

/**
 * Invitation links (issue 25): a new link with its QR code, its expiry (14 days unless chosen)
 * and an optional limit of uses; the links made before, to revoke; and an invitation by e-mail.
 */
export function InvitationsPanel({ groupId }: { groupId: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [expires, setExpires] = useState<number>(INVITATION_DEFAULT_EXPIRY_DAYS);
  const [maxUses, setMaxUses] = useState('');
  const [usesError, setUsesError] = useState<string | undefined>();
  const [created, setCreated] = useState<CreatedInvitation | null>(null);
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  const list = useInvitations(groupId, true);
  const create = useCreateInvitation(groupId, setCreated);
  const revoke = useRevokeInvitation(groupId, () => {
    if (created && revoking?.id === created.invitation.id) setCreated(null);
    setRevoking(null);
  });
  const openLinks = (list.data?.items ?? []).filter((i) => i.status === 'open');
  const submit = () => {
    const uses = maxUses.trim() === '' ? null : Number(maxUses);
    if (uses !== null && (!Number.isInteger(uses) || uses < 1 || uses > INVITATION_MAX_USES_MAX)) {
      return setUsesError(t('groups.invitations.usesInvalid', { max: INVITATION_MAX_USES_MAX }));
    }
    setUsesError(undefined);
    create.mutate({ expiresInDays: expires, maxUses: uses });
  };
  return (
    <Card className="grid gap-4" id="invite">
      <h2 className="flex items-center gap-2 font-serif text-2xl text-brand-950">
        <LinkIcon className="size-5 text-brand-700" aria-hidden />
        {t('groups.invitations.title')}
      </h2>
      <p className="text-sm text-slate-600">{t('groups.invitations.hint')}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-expires`} className="text-sm font-medium text-slate-800">
            {t('groups.invitations.expiry')}
          </label>
          <select
            id={`${id}-expires`}
            className={inputClass}
            value={expires}
            onChange={(e) => setExpires(Number(e.target.value))}
          >
            {INVITATION_EXPIRY_DAYS.map((d) => (
              <option key={d} value={d}>
                {t('groups.invitations.days', { count: d })}
              </option>
            ))}
          </select>
        </div>
        <Field
          type="number"
          inputMode="numeric"
          min={1}
          max={INVITATION_MAX_USES_MAX}
          label={t('groups.invitations.maxUses')}
          hint={t('groups.invitations.maxUsesHint')}
          value={maxUses}
          error={usesError}
          onChange={(e) => setMaxUses(e.target.value)}
        />
      </div>
      <Button onClick={submit} disabled={create.isPending} className="sm:w-fit">
        {openLinks.length > 0 || created
          ? t('groups.invitations.regenerate')
          : t('groups.invitations.create')}
      </Button>
      {created ? <NewLink created={created} /> : null}
      {openLinks.length > 0 || (list.data?.items.length ?? 0) > 0 ? (
        <div>
          <h3 className="text-sm font-semibold text-slate-800">{t('groups.invitations.links')}</h3>
          <ul>
            {(list.data?.items ?? []).slice(0, 5).map((invitation) => (
              <InvitationRow
                key={invitation.id}
                invitation={invitation}
                onRevoke={() => setRevoking(invitation)}
              />
            ))}
          </ul>
        </div>
      ) : null}
      <hr className="border-slate-200" />
      <InviteByEmail groupId={groupId} />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(o) => !o && setRevoking(null)}
        title={t('groups.invitations.revokeTitle')}
        description={t('groups.invitations.revokeBody')}
        confirmLabel={t('groups.invitations.revoke')}
        pending={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking.id)}
      />
    </Card>
  );
}
