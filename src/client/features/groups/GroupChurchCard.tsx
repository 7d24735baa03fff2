import Church from 'lucide-react/icons/church';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTIVE_DAYS_AIM } from '#shared/values/churches.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Skeletons } from '../../components/QueryStates.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { Field } from '../../components/ui/Field.tsx';
import { ApiError, errorMessage, fieldErrorsOf } from '../../lib/queryClient.ts';
import { useAttachChurch, useDetachChurch, useGroupChurch } from './church-api.ts';

/**
 * The group's church (issue 38 item 4): everyone in the group sees whether it belongs to one
 * (and that its pastors see counts only); the leader asks to attach it with the church's code,
 * withdraws the request or takes it out.
 */
export function GroupChurchCard({ groupId, groupName }: { groupId: string; groupName: string }) {
  const { t } = useTranslation();
  const church = useGroupChurch(groupId);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [leaving, setLeaving] = useState(false);
  const attach = useAttachChurch(groupId, {
    onSuccess: () => setCode(''),
    onError: (e) => {
      const field = fieldErrorsOf(e).code;
      const message =
        field ?? (e instanceof ApiError && e.status !== 0 ? errorMessage(e, t) : undefined);
      setError(message);
      return message !== undefined;
    },
  });
  const detach = useDetachChurch(groupId);
  const data = church.data;
  const current = data?.church ?? null;
  return (
    <Card className="grid gap-3" id="group-church">
      <h2 className="flex items-center gap-2 font-serif text-2xl text-brand-950">
        <Church className="size-5 text-brand-700" aria-hidden /> {t('groups.church.title')}
      </h2>
      {!data ? (
        <Skeletons count={1} height="h-12" />
      ) : current ? (
        <>
          <p className="text-slate-800">
            {t(current.status === 'attached' ? 'groups.church.attached' : 'groups.church.pending', {
              church: current.name,
            })}
          </p>
          <p className="text-sm text-slate-600">
            {t('groups.church.pastorsSee', { aim: ACTIVE_DAYS_AIM })}
          </p>
          {data.canChange ? (
            <Button
              variant="outline"
              className="sm:w-fit"
              disabled={detach.isPending}
              onClick={() => setLeaving(true)}
            >
              {t(current.status === 'attached' ? 'groups.church.leave' : 'groups.church.withdraw')}
            </Button>
          ) : null}
          <ConfirmDialog
            open={leaving}
            onOpenChange={setLeaving}
            title={t(
              current.status === 'attached'
                ? 'groups.church.leaveTitle'
                : 'groups.church.withdrawTitle',
              { church: current.name, group: groupName },
            )}
            description={t('groups.church.leaveBody')}
            confirmLabel={t(
              current.status === 'attached' ? 'groups.church.leave' : 'groups.church.withdraw',
            )}
            pending={detach.isPending}
            onConfirm={() => detach.mutate(undefined, { onSettled: () => setLeaving(false) })}
          />
        </>
      ) : data.canChange ? (
        <form
          noValidate
          className="grid gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (!code.trim()) return setError(t('validation.required'));
            setError(undefined);
            attach.mutate(code.trim());
          }}
        >
          <p className="text-sm text-slate-700">
            {t('groups.church.none')} {t('groups.church.pastorsSee', { aim: ACTIVE_DAYS_AIM })}
          </p>
          <Field
            label={t('groups.church.code')}
            hint={t('groups.church.codeHint')}
            value={code}
            error={error}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            onChange={(e) => setCode(e.target.value)}
          />
          <Button type="submit" variant="outline" className="sm:w-fit" disabled={attach.isPending}>
            {t('groups.church.ask')}
          </Button>
        </form>
      ) : (
        <p className="text-sm text-slate-700">{t('groups.church.noneMember')}</p>
      )}
    </Card>
  );
}
