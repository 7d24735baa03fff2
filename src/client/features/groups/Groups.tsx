import Church from 'lucide-react/icons/church';
import Crown from 'lucide-react/icons/crown';
import Mail from 'lucide-react/icons/mail';
import Plus from 'lucide-react/icons/plus';
import UsersRound from 'lucide-react/icons/users-round';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from '../../lib/router.tsx';
import type { GroupSummary } from '#shared/groups.ts';
import { GROUPS_JOINED_MAX, GROUPS_LED_MAX, groupPath } from '#shared/values/groups.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { QueryError, Skeletons } from '../../components/QueryStates.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { useAuth } from '../../hooks/useAuth.ts';
import { useGroups } from './api.ts';
import { CreateGroupForm } from './CreateGroupForm.tsx';
import { PaceLine } from './PaceLine.tsx';
import { ReceivedInvitations } from './ReceivedInvitations.tsx';

/** One group in the list: its name, path, the reader's role and pace against the group's. */
function GroupListItem({ group }: { group: GroupSummary }) {
  const { t } = useTranslation();
  return (
    <Card className="grid h-full content-start gap-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="font-serif text-xl text-brand-950">
          <Link
            to={groupPath(group.id)}
            className="hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
          >
            {group.name}
          </Link>
        </h3>
        <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-900">
          {group.role === 'member' ? null : <Crown className="size-3" aria-hidden />}
          {t(`groups.roles.${group.role}`)}
        </span>
      </div>
      <p className="text-sm text-slate-700">
        {group.pathTitle} · {t('groups.memberCount', { count: group.memberCount })}
      </p>
      <PaceLine path={group.path} pace={group.pace} progress={group.myProgress} />
    </Card>
  );
}

/** `/groups`: the groups the member leads and belongs to, invitations, and creating one. */
export default function Groups() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const list = useGroups({ enabled: !!user?.ageVerified });
  const items = list.data?.items ?? [];
  const leading = items.filter((g) => g.role !== 'member');
  const memberOf = items.filter((g) => g.role === 'member');
  const canCreate = list.data?.canCreate ?? false;
  const createButton = (
    <Button onClick={() => setCreating(true)} disabled={!canCreate || creating}>
      <Plus className="size-4" aria-hidden /> {t('groups.create.open')}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={t('groups.title')}
        subtitle={t('groups.subtitle')}
        actions={items.length > 0 ? createButton : null}
      />
      {list.data && !canCreate ? (
        <p
          role="status"
          className="mb-4 rounded-xl bg-gold-300/30 px-4 py-2 text-sm text-brand-950"
        >
          {t('groups.create.limit', { led: GROUPS_LED_MAX, joined: GROUPS_JOINED_MAX })}
        </p>
      ) : null}
      {creating ? (
        <Card className="mb-6">
          <CreateGroupForm
            onCancel={() => setCreating(false)}
            onCreated={(group) => void navigate(groupPath(group.id))}
          />
        </Card>
      ) : null}
      {list.data && list.data.pendingInvitations > 0 ? <ReceivedInvitations /> : null}
      {list.isError ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <Skeletons count={2} height="h-36" className="grid gap-4 md:grid-cols-2" />
      ) : items.length === 0 ? (
        creating ? null : (
          <Card className="grid justify-items-center gap-3 py-12 text-center">
            <UsersRound className="size-10 text-gold-500" aria-hidden />
            <h2 className="font-serif text-2xl text-brand-950">{t('groups.empty.title')}</h2>
            <p className="max-w-lg text-slate-600">{t('groups.empty.body')}</p>
            <p className="flex max-w-lg items-start gap-2 text-left text-sm text-slate-600">
              <Mail className="mt-0.5 size-4 shrink-0 text-brand-500" aria-hidden />
              {t('groups.empty.invited')}
            </p>
            {createButton}
          </Card>
        )
      ) : (
        <div className="grid gap-8">
          {[
            { key: 'leading', groups: leading },
            { key: 'memberOf', groups: memberOf },
          ].map(({ key, groups }) =>
            groups.length === 0 ? null : (
              <section key={key} aria-labelledby={`groups-${key}`} className="grid gap-3">
                <h2 id={`groups-${key}`} className="font-serif text-2xl text-brand-950">
                  {t(`groups.sections.${key}`)}
                </h2>
                <ul className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3">
                  {groups.map((group) => (
                    <li key={group.id}>
                      <GroupListItem group={group} />
                    </li>
                  ))}
                </ul>
              </section>
            ),
          )}
        </div>
      )}
      <p className="mt-8 flex items-start gap-2 text-sm text-slate-700">
        <Church className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden />
        <span>
          {t('groups.churches.body')}{' '}
          <Link to="/churches" className="font-medium text-brand-700 underline">
            {t('groups.churches.link')}
          </Link>
        </span>
      </p>
    </>
  );
}
