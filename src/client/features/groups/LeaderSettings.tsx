import Pencil from 'lucide-react/icons/pencil';
import { Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router.tsx';
import type { GroupDetail } from '#shared/groups.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { Field } from '../../components/ui/Field.tsx';
import { Switch } from '../../components/ui/Switch.tsx';
import { useEndGroup, useUpdateGroup } from './api.ts';
import { readyLazy } from '#delivery/app/ready-lazy.tsx';

// The form (and its form library) is fetched when a leader opens it, not with the group's page.
const GroupForm = readyLazy('GroupForm', () =>
  import('./CreateGroupForm.tsx').then((m) => ({ default: m.CreateGroupForm })),
);

/**
 * The group's settings for its leaders: its details (name, description, language, start,
 * meeting note; not its path), whether members read the shared reflections; for the leader,
 * ending the group (asked twice: the group's name typed, as it cannot be undone).
 */
export function LeaderSettings({ group }: { group: GroupDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [ending, setEnding] = useState(false);
  const [typed, setTyped] = useState('');
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement | null>(null);
  const update = useUpdateGroup(group.id);
  const end = useEndGroup(group.id, () => void navigate('/groups', { replace: true }));
  const closeEditor = () => {
    setEditing(false);
    // Back to the button that opened it (the form is gone from under the keyboard).
    requestAnimationFrame(() => editButton.current?.focus());
  };
  if (editing) {
    return (
      <Card>
        <Suspense fallback={<p className="text-sm text-slate-600">{t('common.loading')}</p>}>
          <GroupForm group={group} onCreated={closeEditor} onCancel={closeEditor} />
        </Suspense>
      </Card>
    );
  }
  const isLeader = group.me.role === 'leader';
  return (
    <Card className="grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-serif text-2xl text-brand-950">{t('groups.settings.title')}</h2>
        <Button variant="outline" ref={editButton} onClick={() => setEditing(true)}>
          <Pencil className="size-4" aria-hidden /> {t('groups.edit.open')}
        </Button>
      </div>
      <Switch
        label={t('groups.settings.membersSeeReflections')}
        hint={t('groups.settings.membersSeeReflectionsHint')}
        checked={group.membersSeeReflections}
        disabled={update.isPending}
        onChange={(membersSeeReflections) => update.mutate({ membersSeeReflections })}
      />
      {isLeader ? (
        <div className="grid gap-2 border-t border-slate-200 pt-4">
          <p className="text-sm text-slate-600">{t('groups.end.hint')}</p>
          <Button variant="danger" className="sm:w-fit" onClick={() => setEnding(true)}>
            {t('groups.end.open')}
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        open={ending}
        onOpenChange={(open) => {
          setEnding(open);
          if (!open) setTyped('');
        }}
        title={t('groups.end.title', { name: group.name })}
        description={t('groups.end.body')}
        confirmLabel={t('groups.end.confirm')}
        pending={end.isPending || typed.trim() !== group.name.trim()}
        onConfirm={() => end.mutate(undefined)}
      >
        <Field
          label={t('groups.end.typeName', { name: group.name })}
          value={typed}
          autoComplete="off"
          onChange={(e) => setTyped(e.target.value)}
        />
      </ConfirmDialog>
    </Card>
  );
}
