import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router.tsx';
import type { ConsentLevel, GroupDetail } from '#shared/groups.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { Switch } from '../../components/ui/Switch.tsx';
import { useLeaveGroup, useUpdateMembership } from './api.ts';
import { ConsentChoice } from './ConsentChoice.tsx';

/**
 * The reader's own place in the group: what the leaders may see (changeable any time), muting
 * the group's messages, and leaving (the leader must hand over or end the group first).
 */
export function MembershipPanel({ group }: { group: GroupDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [level, setLevel] = useState<ConsentLevel>(group.me.level);
  const [leaving, setLeaving] = useState(false);
  const update = useUpdateMembership(group.id);
  const leave = useLeaveGroup(group.id, () => void navigate('/groups', { replace: true }));
  const isLeader = group.me.role === 'leader';
  return (
    <Card className="grid gap-4" id="my-membership">
      <h2 className="font-serif text-2xl text-brand-950">{t('groups.membership.title')}</h2>
      <form
        className="grid gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          update.mutate({ level });
        }}
      >
        <ConsentChoice value={level} onChange={setLevel} disabled={update.isPending} />
        <Button
          type="submit"
          variant="outline"
          className="sm:w-fit"
          disabled={update.isPending || level === group.me.level}
        >
          {t('groups.membership.save')}
        </Button>
      </form>
      <div className="border-t border-slate-200">
        <Switch
          label={t('groups.membership.mute')}
          hint={t('groups.membership.muteHint')}
          checked={group.me.muted}
          disabled={update.isPending}
          onChange={(muted) => update.mutate({ muted })}
        />
      </div>
      <div className="grid gap-2 border-t border-slate-200 pt-4">
        {isLeader ? (
          <p className="text-sm text-slate-600">{t('groups.leave.leaderFirst')}</p>
        ) : null}
        <Button
          variant="outline"
          className="text-red-700 sm:w-fit"
          disabled={isLeader}
          onClick={() => setLeaving(true)}
        >
          {t('groups.leave.open')}
        </Button>
      </div>
      <ConfirmDialog
        open={leaving}
        onOpenChange={setLeaving}
        title={t('groups.leave.title', { name: group.name })}
        description={t('groups.leave.body')}
        confirmLabel={t('groups.leave.confirm')}
        pending={leave.isPending}
        onConfirm={() => leave.mutate(undefined)}
      />
    </Card>
  );
}
