import ArrowLeft from 'lucide-react/icons/arrow-left';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import Copy from 'lucide-react/icons/copy';
import Download from 'lucide-react/icons/download';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChurchDetail, ChurchGroup, PastorInvitation, WeekReport } from '#shared/churches.ts';
import { CHURCH_NAME_MAX, CHURCH_WEEKS_BACK } from '#shared/values/churches.ts';
import { addDays } from '#shared/values/time.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { QueryError, Skeletons } from '../../components/QueryStates.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { Field, inputClass } from '../../components/ui/Field.tsx';
import { toast } from '../../hooks/use-toast.ts';
import { ApiError } from '../../lib/queryClient.ts';
import { Link, useNavigate, useParams } from '../../lib/router.tsx';
import { useGroupDate } from '../groups/index.ts';
import {
  reportCsvUrl,
  useApproveGroup,
  useChurch,
  useDeleteChurch,
  useInvitePastor,
  useLeaveChurch,
  useNewCode,
  useRemoveGroup,
  useRenameChurch,
  useWeekReport,
} from './api.ts';

async function copyText(text: string, done: string, failed: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: done });
  } catch {
    toast({ title: failed, variant: 'destructive' });
  }
}

/** A figure of the week's totals. */
function Total({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 font-serif text-3xl text-brand-950">{value}</dd>
    </div>
  );
}

const rate = (attendance: number, places: number) =>
  places > 0 ? `${Math.round((attendance / places) * 100)}%` : '—';

/** The week's roll-up: totals, then each group (a table on wide screens, cards on phones). */
function WeekView({ church }: { church: ChurchDetail }) {
  const { t } = useTranslation();
  const date = useGroupDate();
  const [week, setWeek] = useState(church.thisWeek);
  const report = useWeekReport(church.id, week);
  const oldest = addDays(church.thisWeek, -7 * CHURCH_WEEKS_BACK);
  const r: WeekReport | undefined = report.data;
  const sum = (pick: (g: WeekReport['groups'][number]) => number) =>
    (r?.groups ?? []).reduce((total, g) => total + pick(g), 0);
  const met = (r?.groups ?? []).filter((g) => g.meetings > 0).length;
  return (
    <section aria-labelledby="church-week" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="church-week" className="font-serif text-2xl text-brand-950">
          {t('churches.week.title', { start: date(week), end: date(addDays(week, 6)) })}
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={week <= oldest}
            onClick={() => setWeek(addDays(week, -7))}
          >
            <ChevronLeft className="size-4" aria-hidden /> {t('churches.week.previous')}
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={week >= church.thisWeek}
            onClick={() => setWeek(addDays(week, 7))}
          >
            {t('churches.week.next')} <ChevronRight className="size-4" aria-hidden />
          </Button>
          <a
            href={reportCsvUrl(church.id, week)}
            download
            className="inline-flex items-center gap-1.5 rounded-xl px-3 py-2 text-sm font-medium text-brand-700 underline hover:bg-brand-50"
          >
            <Download className="size-4" aria-hidden /> {t('churches.week.csv')}
          </a>
        </div>
      </div>
      <p className="flex items-start gap-2 text-sm text-slate-700">
        <ShieldCheck className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden />
        {t('churches.week.countsOnly', { aim: r?.aim ?? 4 })}
      </p>
      {report.isError ? (
        <QueryError error={report.error} onRetry={() => void report.refetch()} />
      ) : !r ? (
        <Skeletons count={2} height="h-24" />
      ) : r.groups.length === 0 ? (
        <Card>
          <p className="text-slate-700">{t('churches.week.noGroups')}</p>
        </Card>
      ) : (
        <>
          <dl
            className="grid grid-cols-2 gap-3 lg:grid-cols-4"
            aria-label={t('churches.week.totals')}
          >
            <Total
              label={t('churches.week.groupsMet')}
              value={t('churches.week.ofTotal', { count: met, total: r.groups.length })}
            />
            <Total
              label={t('churches.week.attendance')}
              value={`${sum((g) => g.attendance)} · ${rate(
                sum((g) => g.attendance),
                sum((g) => g.places),
              )}`}
            />
            <Total label={t('churches.week.visitors')} value={sum((g) => g.visitors)} />
            <Total
              label={t('churches.week.reachedAim', { aim: r.aim })}
              value={t('churches.week.ofTotal', {
                count: sum((g) => g.reachedAim),
                total: sum((g) => g.sharing),
              })}
            />
          </dl>
          <table className="hidden w-full border-separate border-spacing-0 overflow-hidden rounded-2xl border border-slate-200 bg-white text-left text-sm md:table">
            <caption className="sr-only">{t('churches.week.tableCaption')}</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                {(
                  ['group', 'meetings', 'attendance', 'visitors', 'covered', 'reachedAim'] as const
                ).map((k) => (
                  <th key={k} scope="col" className="px-4 py-3 font-semibold">
                    {t(`churches.week.columns.${k}`, { aim: r.aim })}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {r.groups.map((g) => (
                <tr key={g.groupId} className="align-top">
                  <th scope="row" className="border-t border-slate-100 px-4 py-3 font-normal">
                    <span className="block font-medium text-slate-900">{g.name}</span>
                    <span className="block text-slate-600">
                      {g.leader} · {t('churches.memberCount', { count: g.members })}
                    </span>
                  </th>
                  <td className="border-t border-slate-100 px-4 py-3">{g.meetings}</td>
                  <td className="border-t border-slate-100 px-4 py-3">
                    {g.attendance} · {rate(g.attendance, g.places)}
                  </td>
                  <td className="border-t border-slate-100 px-4 py-3">{g.visitors}</td>
                  <td className="border-t border-slate-100 px-4 py-3 text-slate-700">
                    {g.covered.length ? g.covered.join(' · ') : '—'}
                  </td>
                  <td className="border-t border-slate-100 px-4 py-3">
                    {t('churches.week.ofTotal', { count: g.reachedAim, total: g.sharing })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <ul className="grid gap-3 md:hidden">
            {r.groups.map((g) => (
              <li key={g.groupId}>
                <Card className="grid gap-2">
                  <h3 className="font-serif text-xl text-brand-950">{g.name}</h3>
                  <p className="text-sm text-slate-600">
                    {g.leader} · {t('churches.memberCount', { count: g.members })}
                  </p>
                  <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
                    <dt className="text-slate-600">{t('churches.week.columns.meetings')}</dt>
                    <dd className="text-slate-900">{g.meetings}</dd>
                    <dt className="text-slate-600">{t('churches.week.columns.attendance')}</dt>
                    <dd className="text-slate-900">
                      {g.attendance} · {rate(g.attendance, g.places)}
                    </dd>
                    <dt className="text-slate-600">{t('churches.week.columns.visitors')}</dt>
                    <dd className="text-slate-900">{g.visitors}</dd>
                    <dt className="text-slate-600">
                      {t('churches.week.columns.reachedAim', { aim: r.aim })}
                    </dt>
                    <dd className="text-slate-900">
                      {t('churches.week.ofTotal', { count: g.reachedAim, total: g.sharing })}
                    </dd>
                  </dl>
                  {g.covered.length ? (
                    <p className="text-sm text-slate-700">
                      <span className="text-slate-600">{t('churches.week.columns.covered')}: </span>
                      {g.covered.join(' · ')}
                    </p>
                  ) : null}
                </Card>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** Groups asking to join, and the groups in the church: approve, decline, take out. */
function GroupsCard({ church }: { church: ChurchDetail }) {
  const { t } = useTranslation();
  const date = useGroupDate();
  const approve = useApproveGroup(church.id);
  const decline = useRemoveGroup(church.id, 'churches.requests.declined');
  const [removing, setRemoving] = useState<ChurchGroup | null>(null);
  const remove = useRemoveGroup(church.id, 'churches.groups.removed', () => setRemoving(null));
  return (
    <Card className="grid gap-4">
      <h2 className="font-serif text-2xl text-brand-950">
        {t('churches.groups.title', { count: church.groups.length })}
      </h2>
      {church.requests.length ? (
        <section aria-labelledby="church-requests" className="grid gap-2">
          <h3 id="church-requests" className="font-semibold text-brand-950">
            {t('churches.requests.title', { count: church.requests.length })}
          </h3>
          <ul className="grid gap-2">
            {church.requests.map((g) => (
              <li
                key={g.groupId}
                className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-gold-300/20 p-3"
              >
                <span className="grid">
                  <span className="font-medium text-slate-900">{g.name}</span>
                  <span className="text-sm text-slate-700">
                    {t('churches.requests.by', { leader: g.leader, date: date(g.since) })} ·{' '}
                    {t('churches.memberCount', { count: g.members })}
                  </span>
                </span>
                <span className="flex gap-2">
                  <Button
                    size="sm"
                    disabled={approve.isPending}
                    onClick={() => approve.mutate(g.groupId)}
                    aria-label={t('churches.requests.approveNamed', { group: g.name })}
                  >
                    {t('churches.requests.approve')}
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={decline.isPending}
                    onClick={() => decline.mutate(g.groupId)}
                    aria-label={t('churches.requests.declineNamed', { group: g.name })}
                  >
                    {t('churches.requests.decline')}
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {church.groups.length === 0 ? (
        <p className="text-sm text-slate-700">{t('churches.groups.empty')}</p>
      ) : (
        <ul className="grid">
          {church.groups.map((g) => (
            <li
              key={g.groupId}
              className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 py-2"
            >
              <span className="grid">
                <span className="font-medium text-slate-900">{g.name}</span>
                <span className="text-sm text-slate-600">
                  {g.leader} · {t('churches.memberCount', { count: g.members })}
                </span>
              </span>
              <Button
                size="sm"
                variant="ghost"
                className="text-red-700"
                onClick={() => setRemoving(g)}
                aria-label={t('churches.groups.removeNamed', { group: g.name })}
              >
                {t('churches.groups.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title={t('churches.groups.removeTitle', { group: removing?.name ?? '' })}
        description={t('churches.groups.removeBody')}
        confirmLabel={t('churches.groups.remove')}
        pending={remove.isPending}
        onConfirm={() => {
          if (removing) remove.mutate(removing.groupId);
        }}
      />
    </Card>
  );
}

/** The code the pastors give the church's leaders, and replacing it. */
function CodeCard({ church }: { church: ChurchDetail }) {
  const { t } = useTranslation();
  const [renewing, setRenewing] = useState(false);
  const renew = useNewCode(church.id);
  return (
    <Card className="grid gap-3">
      <h2 className="font-serif text-2xl text-brand-950">{t('churches.code.title')}</h2>
      <p className="text-sm text-slate-700">{t('churches.code.body')}</p>
      <p className="w-fit rounded-xl bg-slate-100 px-4 py-2 font-mono text-2xl tracking-widest text-brand-950">
        {church.code}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          onClick={() =>
            void copyText(church.code, t('churches.code.copied'), t('churches.code.copyFailed'))
          }
        >
          <Copy className="size-4" aria-hidden /> {t('churches.code.copy')}
        </Button>
        <Button variant="ghost" onClick={() => setRenewing(true)}>
          {t('churches.code.renew')}
        </Button>
      </div>
      <ConfirmDialog
        open={renewing}
        onOpenChange={setRenewing}
        title={t('churches.code.renewTitle')}
        description={t('churches.code.renewBody')}
        confirmLabel={t('churches.code.renew')}
        pending={renew.isPending}
        onConfirm={() => renew.mutate(undefined, { onSettled: () => setRenewing(false) })}
      />
    </Card>
  );
}

/** The pastors: who they are, inviting another (a link shown once), leaving. */
function PastorsCard({ church }: { church: ChurchDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [made, setMade] = useState<PastorInvitation | null>(null);
  const [leaving, setLeaving] = useState(false);
  const invite = useInvitePastor(church.id, setMade);
  const leave = useLeaveChurch(church.id, () => void navigate('/churches', { replace: true }));
  const last = church.pastors.length <= 1;
  return (
    <Card className="grid gap-3">
      <h2 className="font-serif text-2xl text-brand-950">
        {t('churches.pastors.title', { count: church.pastors.length })}
      </h2>
      <ul className="flex flex-wrap gap-2">
        {church.pastors.map((p, i) => (
          <li
            key={`${p.name}-${i}`}
            className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-800"
          >
            {p.me ? t('churches.pastors.you', { name: p.name }) : p.name}
          </li>
        ))}
      </ul>
      <p className="text-sm text-slate-700">{t('churches.pastors.inviteBody')}</p>
      {made ? (
        <div className="grid gap-2 rounded-2xl bg-slate-50 p-4">
          <label className="grid gap-1.5 text-sm font-medium text-slate-800">
            {t('churches.pastors.link')}
            <input
              readOnly
              value={made.url}
              className={`${inputClass} font-mono text-sm`}
              onFocus={(e) => e.target.select()}
            />
          </label>
          <Button
            className="sm:w-fit"
            onClick={() =>
              void copyText(made.url, t('churches.pastors.copied'), t('churches.code.copyFailed'))
            }
          >
            <Copy className="size-4" aria-hidden /> {t('churches.pastors.copy')}
          </Button>
          <p className="text-xs text-slate-600">{t('churches.pastors.onceOnly')}</p>
        </div>
      ) : (
        <Button
          variant="outline"
          className="sm:w-fit"
          disabled={invite.isPending}
          onClick={() => invite.mutate(undefined)}
        >
          {t('churches.pastors.invite')}
        </Button>
      )}
      <div className="grid gap-2 border-t border-slate-200 pt-3">
        {last ? <p className="text-sm text-slate-600">{t('churches.pastors.lastHint')}</p> : null}
        <Button
          variant="ghost"
          className="text-red-700 sm:w-fit"
          disabled={last}
          onClick={() => setLeaving(true)}
        >
          {t('churches.pastors.leave')}
        </Button>
      </div>
      <ConfirmDialog
        open={leaving}
        onOpenChange={setLeaving}
        title={t('churches.pastors.leaveTitle', { church: church.name })}
        description={t('churches.pastors.leaveBody')}
        confirmLabel={t('churches.pastors.leave')}
        pending={leave.isPending}
        onConfirm={() => leave.mutate(undefined)}
      />
    </Card>
  );
}

/** The church's name, and deleting it (its name typed: it cannot be undone). */
function SettingsCard({ church }: { church: ChurchDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [name, setName] = useState(church.name);
  const [deleting, setDeleting] = useState(false);
  const [typed, setTyped] = useState('');
  const rename = useRenameChurch(church.id);
  const remove = useDeleteChurch(church.id, () => void navigate('/churches', { replace: true }));
  return (
    <Card className="grid gap-3">
      <h2 className="font-serif text-2xl text-brand-950">{t('churches.settings.title')}</h2>
      <form
        noValidate
        className="grid gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (name.trim()) rename.mutate(name.trim());
        }}
      >
        <Field
          label={t('churches.create.name')}
          value={name}
          maxLength={CHURCH_NAME_MAX}
          error={name.trim() ? undefined : t('validation.required')}
          onChange={(e) => setName(e.target.value)}
        />
        <Button
          type="submit"
          variant="outline"
          className="sm:w-fit"
          disabled={rename.isPending || !name.trim() || name.trim() === church.name}
        >
          {t('churches.rename.submit')}
        </Button>
      </form>
      <div className="grid gap-2 border-t border-slate-200 pt-3">
        <p className="text-sm text-slate-600">{t('churches.delete.hint')}</p>
        <Button variant="danger" className="sm:w-fit" onClick={() => setDeleting(true)}>
          {t('churches.delete.open')}
        </Button>
      </div>
      <ConfirmDialog
        open={deleting}
        onOpenChange={(open) => {
          setDeleting(open);
          if (!open) setTyped('');
        }}
        title={t('churches.delete.title', { church: church.name })}
        description={t('churches.delete.body')}
        confirmLabel={t('churches.delete.confirm')}
        pending={remove.isPending || typed.trim() !== church.name.trim()}
        onConfirm={() => remove.mutate(undefined)}
      >
        <Field
          label={t('churches.delete.typeName', { church: church.name })}
          value={typed}
          autoComplete="off"
          onChange={(e) => setTyped(e.target.value)}
        />
      </ConfirmDialog>
    </Card>
  );
}

/**
 * `/churches/:id` (issue 38 item 4), for the church's pastors: the week's roll-up of its groups
 * (counts only; a CSV to download), the groups asking to join, the code for leaders, the pastors.
 */
export default function ChurchPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const church = useChurch(id);
  const back = (
    <Link
      to="/churches"
      className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden /> {t('churches.back')}
    </Link>
  );
  if (church.isError) {
    const gone = church.error instanceof ApiError && church.error.status === 404;
    return (
      <>
        {back}
        {gone ? (
          <Card role="status" className="grid gap-2">
            <h1 className="font-serif text-3xl text-brand-950">{t('churches.notFound.title')}</h1>
            <p className="text-slate-700">{t('churches.notFound.body')}</p>
          </Card>
        ) : (
          <QueryError error={church.error} onRetry={() => void church.refetch()} />
        )}
      </>
    );
  }
  const c = church.data;
  if (!c) {
    return (
      <>
        {back}
        <Skeletons count={3} height="h-40" />
      </>
    );
  }
  return (
    <>
      {back}
      <header className="mb-6 grid gap-1">
        <p className="text-sm font-semibold text-brand-700">{t('churches.eyebrow')}</p>
        <h1 className="font-serif text-3xl text-brand-950 sm:text-4xl">{c.name}</h1>
      </header>
      <div className="grid gap-6">
        <WeekView church={c} />
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <GroupsCard church={c} />
          <div className="grid gap-6">
            <CodeCard church={c} />
            <PastorsCard church={c} />
            <SettingsCard key={c.name} church={c} />
          </div>
        </div>
      </div>
    </>
  );
}
