import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminUserDetail } from '#shared/schemas/admin.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { inputClass } from '../../components/ui/Field.tsx';
import { useAuth } from '../../hooks/useAuth.ts';
import { errorMessage } from '../../lib/queryClient.ts';
import { useDeleteMember, useSendPasswordReset, useUpdateMember } from './api.ts';

type Pending = 'removeAdmin' | 'lock' | 'reset' | 'delete' | null;

/** What an admin can do to a member; every destructive action asks first. */
export function MemberActions({
  member,
  onDeleted,
}: {
  member: AdminUserDetail;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const id = useId();
  const isSelf = user?.id === member.id;
  const name = `${member.firstName} ${member.lastName}`.trim() || member.email;
  const [confirming, setConfirming] = useState<Pending>(null);
  const [typed, setTyped] = useState('');
  const update = useUpdateMember();
  const reset = useSendPasswordReset();
  const remove = useDeleteMember();
  const busy = update.isPending || reset.isPending || remove.isPending;
  const change = (c: Parameters<typeof update.mutate>[0]['change']) =>
    update.mutate({ id: member.id, name, change: c }, { onSettled: () => setConfirming(null) });
  const close = () => {
    setConfirming(null);
    setTyped('');
    remove.reset();
  };
  const typedMatches = typed.trim().toLowerCase() === member.email.toLowerCase();

  return (
    <section className="grid gap-3">
      <h3 className="font-semibold text-brand-950">{t('admin.member.actions')}</h3>
      {isSelf ? <p className="text-sm text-slate-600">{t('admin.member.youNote')}</p> : null}
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant={member.isPremium ? 'outline' : 'secondary'}
          disabled={busy}
          onClick={() => change({ isPremium: !member.isPremium })}
        >
          {member.isPremium ? t('admin.revokePremium') : t('admin.grantPremium')}
        </Button>
        {member.role === 'admin' ? (
          <Button
            size="sm"
            variant="outline"
            disabled={busy || isSelf}
            onClick={() => setConfirming('removeAdmin')}
          >
            {t('admin.member.removeAdmin')}
          </Button>
        ) : (
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            onClick={() => change({ role: 'admin' })}
          >
            {t('admin.member.makeAdmin')}
          </Button>
        )}
        {member.locked ? (
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            onClick={() => change({ locked: false })}
          >
            {t('admin.member.unlock')}
          </Button>
        ) : (
          <Button
            size="sm"
            variant="outline"
            disabled={busy || isSelf}
            onClick={() => setConfirming('lock')}
          >
            {t('admin.member.lock')}
          </Button>
        )}
        <Button size="sm" variant="outline" disabled={busy} onClick={() => setConfirming('reset')}>
          {t('admin.member.sendReset')}
        </Button>
        <Button
          size="sm"
          variant="danger"
          disabled={busy || isSelf}
          onClick={() => setConfirming('delete')}
        >
          {t('admin.member.delete')}
        </Button>
      </div>

      <ConfirmDialog
        open={confirming === 'removeAdmin'}
        onOpenChange={(open) => !open && close()}
        title={t('admin.confirm.removeAdminTitle')}
        description={t('admin.confirm.removeAdminBody', { name })}
        confirmLabel={t('admin.member.removeAdmin')}
        pending={busy}
        onConfirm={() => change({ role: 'member' })}
      />
      <ConfirmDialog
        open={confirming === 'lock'}
        onOpenChange={(open) => !open && close()}
        title={t('admin.confirm.lockTitle')}
        description={t('admin.confirm.lockBody', { name })}
        confirmLabel={t('admin.member.lock')}
        pending={busy}
        onConfirm={() => change({ locked: true })}
      />
      <ConfirmDialog
        open={confirming === 'reset'}
        onOpenChange={(open) => !open && close()}
        title={t('admin.confirm.resetTitle')}
        description={t('admin.confirm.resetBody', { name })}
        confirmLabel={t('admin.member.sendReset')}
        pending={busy}
        onConfirm={() =>
          reset.mutate({ id: member.id, email: member.email }, { onSettled: () => close() })
        }
      />
      <ConfirmDialog
        open={confirming === 'delete'}
        onOpenChange={(open) => !open && close()}
        title={t('admin.confirm.deleteTitle')}
        description={t('admin.confirm.deleteBody', { name })}
        confirmLabel={t('admin.member.delete')}
        pending={busy || !typedMatches}
        onConfirm={() =>
          remove.mutate(
            { id: member.id, name, confirmEmail: typed },
            {
              onSuccess: () => {
                close();
                onDeleted();
              },
            },
          )
        }
      >
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-confirm`} className="text-sm font-medium text-slate-800">
            {t('admin.confirm.typeEmail', { email: member.email })}
          </label>
          <input
            id={`${id}-confirm`}
            className={inputClass}
            autoComplete="off"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
          {remove.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {errorMessage(remove.error, t)}
            </p>
          ) : null}
        </div>
      </ConfirmDialog>
    </section>
  );
}
