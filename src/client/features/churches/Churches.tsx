import Church from 'lucide-react/icons/church';
import Plus from 'lucide-react/icons/plus';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTIVE_DAYS_AIM, CHURCH_NAME_MAX } from '#shared/values/churches.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { QueryError, Skeletons } from '../../components/QueryStates.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { Field } from '../../components/ui/Field.tsx';
import { errorMessage, fieldErrorsOf } from '../../lib/queryClient.ts';
import { Link, useNavigate, useSearchParams } from '../../lib/router.tsx';
import {
  churchPath,
  useAcceptPastorInvitation,
  useChurchInvitation,
  useChurches,
  useCreateChurch,
} from './api.ts';

/** A pastor's invitation opened from its link (`/churches?invite=<token>`): accept it or not. */
function PastorInvitationCard({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const preview = useChurchInvitation(token);
  const accept = useAcceptPastorInvitation(token, (church) => void navigate(churchPath(church.id)));
  const p = preview.data;
  return (
    <Card
      className="mb-6 grid gap-3 border-brand-200 bg-brand-50"
      role="region"
      aria-label={t('churches.invitation.title')}
    >
      <h2 className="font-serif text-2xl text-brand-950">{t('churches.invitation.title')}</h2>
      {preview.isError ? (
        <p className="text-slate-800">{errorMessage(preview.error, t)}</p>
      ) : !p ? (
        <Skeletons count={1} height="h-10" />
      ) : p.alreadyPastor ? (
        <p className="text-slate-800">
          {t('churches.invitation.already', { church: p.churchName })}
        </p>
      ) : !p.usable ? (
        <p className="text-slate-800">{t('churches.invitation.unusable')}</p>
      ) : (
        <>
          <p className="text-slate-800">
            {t('churches.invitation.body', { church: p.churchName })}
          </p>
          <p className="text-sm text-slate-700">{t('churches.invitation.what')}</p>
          <div className="flex flex-wrap gap-2">
            <Button disabled={accept.isPending} onClick={() => accept.mutate(undefined)}>
              {t('churches.invitation.accept')}
            </Button>
            <Button variant="outline" onClick={onDone}>
              {t('churches.invitation.notNow')}
            </Button>
          </div>
        </>
      )}
    </Card>
  );
}

/** A new church: its name; the one who makes it is its first pastor. */
function CreateChurch({ onCancel }: { onCancel?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  // One id per church being made: sent twice (an answer lost), it is one church.
  const id = useRef(crypto.randomUUID());
  const create = useCreateChurch((church) => void navigate(churchPath(church.id)));
  return (
    <form
      noValidate
      className="grid gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (!name.trim()) return setError(t('validation.required'));
        setError(undefined);
        create.mutate(
          { id: id.current, name: name.trim() },
          {
            onError: (e) => {
              const field = fieldErrorsOf(e).name;
              if (field) setError(field);
            },
          },
        );
      }}
    >
      <h2 className="font-serif text-2xl text-brand-950">{t('churches.create.title')}</h2>
      <p className="text-sm text-slate-700">{t('churches.create.body')}</p>
      <Field
        label={t('churches.create.name')}
        value={name}
        maxLength={CHURCH_NAME_MAX}
        error={error}
        autoComplete="organization"
        onChange={(e) => setName(e.target.value)}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={create.isPending}>
          {t('churches.create.submit')}
        </Button>
        {onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/**
 * `/churches` (issue 38 item 4): the churches the member pastors, making one, and a pastor's
 * invitation opened from its link.
 */
export default function Churches() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const invite = params.get('invite');
  const list = useChurches();
  const [creating, setCreating] = useState(false);
  const items = list.data ?? [];
  return (
    <>
      <PageHeader
        title={t('churches.title')}
        subtitle={t('churches.subtitle')}
        actions={
          items.length > 0 && !creating ? (
            <Button onClick={() => setCreating(true)}>
              <Plus className="size-4" aria-hidden /> {t('churches.create.open')}
            </Button>
          ) : null
        }
      />
      {invite ? (
        <PastorInvitationCard token={invite} onDone={() => setParams({}, { replace: true })} />
      ) : null}
      {list.isError ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <Skeletons count={2} height="h-28" className="grid gap-4 md:grid-cols-2" />
      ) : items.length === 0 ? (
        <div className="grid gap-6 lg:grid-cols-2">
          <Card className="grid content-start gap-3">
            <Church className="size-10 text-gold-500" aria-hidden />
            <h2 className="font-serif text-2xl text-brand-950">{t('churches.empty.title')}</h2>
            <p className="text-slate-700">{t('churches.empty.body', { aim: ACTIVE_DAYS_AIM })}</p>
            <p className="text-sm text-slate-600">{t('churches.empty.leaders')}</p>
            <Link to="/groups" className="w-fit text-sm font-medium text-brand-700 underline">
              {t('churches.toGroups')}
            </Link>
          </Card>
          <Card>
            <CreateChurch />
          </Card>
        </div>
      ) : (
        <div className="grid gap-6">
          {creating ? (
            <Card>
              <CreateChurch onCancel={() => setCreating(false)} />
            </Card>
          ) : null}
          <ul className="grid gap-4 md:grid-cols-2">
            {items.map((c) => (
              <li key={c.id}>
                <Card className="grid h-full content-start gap-2">
                  <h2 className="font-serif text-xl text-brand-950">
                    <Link
                      to={churchPath(c.id)}
                      className="hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
                    >
                      {c.name}
                    </Link>
                  </h2>
                  <p className="text-sm text-slate-700">
                    {t('churches.groupCount', { count: c.groups })} ·{' '}
                    {t('churches.pastorCount', { count: c.pastors })}
                  </p>
                  {c.requests > 0 ? (
                    <p className="w-fit rounded-full bg-gold-300/40 px-2.5 py-0.5 text-sm font-medium text-brand-950">
                      {t('churches.requestCount', { count: c.requests })}
                    </p>
                  ) : null}
                </Card>
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
