import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminUserDetail } from '#shared/schemas/admin.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { inputClass } from '../../components/ui/Field.tsx';
import { useAuth } from '../../hooks/useAuth.ts';
import { errorMessage } from '../../lib/queryClient.ts';
import {
  useDeleteMember,
  useRemoveSecondStep,
  useSendPasswordReset,
  useUpdateMember,
} from './api.ts';
import { SECOND_STEP_CHECKS_MIN } from '#shared/schemas/admin.ts';

type Pending = 'removeAdmin' | 'lock' | 'reset' | 'secondStep' | 'delete' | null;

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
  const secondStep = useRemoveSecondStep();
  const [checks, setChecks] = useState('');
  const busy = update.isPending || reset.isPending || remove.isPending || secondStep.isPending;
  const hasSecondStep = member.secondStep.authenticatorApp || member.secondStep.passkeys > 0;
  const change = (c: Parameters<typeof update.mutate>[0]['change']) =>
    update.mutate({ id: member.id, name, change: c }, { onSettled: () => setConfirming(null) });
  const close = () => {
    setConfirming(null);
    setTyped('');
    setChecks('');
    remove.reset();
    secondStep.reset();
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
        {hasSecondStep ? (
          <Button
            size="sm"
            variant="outline"
            disabled={busy || isSelf}
            onClick={() => setConfirming('secondStep')}
          >
            {t('admin.member.removeSecondStep')}
          </Button>
        ) : null}
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
        open={confirming === 'secondStep'}
        onOpenChange={(open) => !open && close()}
        title={t('admin.confirm.secondStepTitle', { name })}
        description={t('admin.confirm.secondStepBody')}
        confirmLabel={t('admin.member.removeSecondStep')}
        pending={busy || !typedMatches || checks.trim().length < SECOND_STEP_CHECKS_MIN}
        onConfirm={() =>
          secondStep.mutate(
            { id: member.id, name, confirmEmail: typed, checks },
            { onSuccess: () => close() },
          )
        }
      >
        <div className="grid gap-3">
          <div className="grid gap-1.5">
            <label htmlFor={`${id}-checks`} className="text-sm font-medium text-slate-800">
              {t('admin.confirm.checksLabel')}
            </label>
            <p id={`${id}-checks-hint`} className="text-sm text-slate-600">
              {t('admin.confirm.checksHint')}
            </p>
            <textarea
              id={`${id}-checks`}
              rows={3}
              aria-describedby={`${id}-checks-hint`}
              className={`${inputClass} resize-y`}
              value={checks}
              onChange={(e) => setChecks(e.target.value)}
            />
          </div>
          <div className="grid gap-1.5">
            <label htmlFor={`${id}-confirm-2`} className="text-sm font-medium text-slate-800">
              {t('admin.confirm.typeEmail', { email: member.email })}
            </label>
            <input
              id={`${id}-confirm-2`}
              className={inputClass}
              autoComplete="off"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
            />
          </div>
          {secondStep.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {errorMessage(secondStep.error, t)}
            </p>
          ) : null}
        </div>
      </ConfirmDialog>
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
