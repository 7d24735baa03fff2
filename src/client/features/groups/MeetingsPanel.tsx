import CalendarCheck from 'lucide-react/icons/calendar-check';
import Check from 'lucide-react/icons/check';
import CloudOff from 'lucide-react/icons/cloud-off';
import HandHeart from 'lucide-react/icons/hand-heart';
import Plus from 'lucide-react/icons/plus';
import Trash from 'lucide-react/icons/trash';
import X from 'lucide-react/icons/x';
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { GroupDetail, LeaderMemberRow } from '#shared/groups.ts';
import type { MeetingList, MeetingReport } from '#shared/meetings.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { lazyWhenOpen } from '../../components/lazyWhenOpen.tsx';
import { QueryError, Skeletons } from '../../components/QueryStates.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { Tip } from '../../components/ui/Tip.tsx';
import { cn } from '../../lib/cn.ts';
import { useLanguage } from '../../lib/language.tsx';
import { useQueuedWrite } from '../../lib/outbox.ts';
import { fullName, useGroupDate } from './format.ts';
import type { MeetingFormProps } from './MeetingForm.tsx';
import {
  queuedMeetingKey,
  useDeleteMeeting,
  useMeetings,
  useMemberRoster,
} from './meetings-api.ts';

const MeetingForm = lazyWhenOpen<MeetingFormProps>(() => import('./MeetingForm.tsx'));

/** Meetings in the chart's view: about three months of weekly meetings. */
const CHART_BARS = 12;
/** Reports listed in full; the earlier ones fold under a summary. */
const LISTED = 5;

// The chart's drawing, in its own units (the SVG scales to the width it has): one slot a bar.
const SLOT = 30;
const BAR = 18;
const WIDTH = SLOT * CHART_BARS;
const TOP = 16;
const BASE = 126;
const HEIGHT = 146;

/**
 * The leaders' chart: members present and visitors of the last meetings, stacked, oldest on the
 * left. Its figures are also a list for screen readers (the drawing is one image to them).
 */
function AttendanceChart({ reports }: { reports: MeetingReport[] }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const date = useGroupDate();
  const short = new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: 'numeric',
    timeZone: 'UTC',
  });
  const shown = reports.slice(0, CHART_BARS).reverse();
  const top = Math.max(1, ...shown.map((r) => r.present.length + r.visitors));
  const height = (n: number) => (n / top) * (BASE - TOP);
  const bars = shown.map((r) => ({
    report: r,
    label: t('groups.meetings.chartBar', {
      date: date(r.heldOn),
      present: r.present.length,
      visitors: r.visitors,
    }),
  }));
  return (
    <figure className="grid gap-2">
      <h3 className="text-sm font-semibold text-brand-950">{t('groups.meetings.chartTitle')}</h3>
      <svg
        role="img"
        aria-label={t('groups.meetings.chartTitle')}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full max-w-lg"
      >
        <line x1={0} x2={WIDTH} y1={BASE} y2={BASE} className="stroke-slate-300" strokeWidth={1} />
        {bars.map(({ report, label }, i) => {
          const x = i * SLOT + (SLOT - BAR) / 2;
          const members = height(report.present.length);
          const visitors = height(report.visitors);
          const total = report.present.length + report.visitors;
          return (
            <g key={report.id}>
              <title>{label}</title>
              <rect
                x={x}
                y={BASE - members}
                width={BAR}
                height={members}
                rx={2}
                className="fill-brand-700"
              />
              <rect
                x={x}
                y={BASE - members - visitors}
                width={BAR}
                height={visitors}
                rx={2}
                className="fill-gold-400"
              />
              <text
                x={x + BAR / 2}
                y={BASE - members - visitors - 4}
                textAnchor="middle"
                fontSize={11}
                className="fill-slate-700"
              >
                {total}
              </text>
              <text
                x={x + BAR / 2}
                y={HEIGHT - 4}
                textAnchor="middle"
                fontSize={10}
                className="fill-slate-600"
              >
                {short.format(new Date(`${report.heldOn}T00:00:00Z`))}
              </text>
            </g>
          );
        })}
      </svg>
      <ul className="sr-only">
        {bars.map(({ report, label }) => (
          <li key={report.id}>{label}</li>
        ))}
      </ul>
      <figcaption className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-700">
        <span className="inline-flex items-center gap-1.5">
          <span className="size-3 rounded-sm bg-brand-700" aria-hidden />
          {t('groups.meetings.chartLegendMembers')}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span className="size-3 rounded-sm bg-gold-400" aria-hidden />
          {t('groups.meetings.chartLegendVisitors')}
        </span>
      </figcaption>
    </figure>
  );
}

/** One report as the leaders read it, with its delete button (not while it waits to be sent). */
function ReportRow({
  report,
  memberCount,
  names,
  onDelete,
}: {
  report: MeetingReport;
  memberCount: number;
  /** The names of who came, once the member list is there. */
  names: string[] | null;
  onDelete: (report: MeetingReport) => void;
}) {
  const { t } = useTranslation();
  const date = useGroupDate();
  const waiting = useQueuedWrite(queuedMeetingKey(report.id));
  const day = date(report.heldOn);
  const visitors =
    report.visitors > 0
      ? `${t('groups.meetings.visitors', { count: report.visitors })}${
          report.visitorNames ? ` (${report.visitorNames})` : ''
        }`
      : null;
  return (
    <li
      className="grid gap-2 rounded-2xl border border-slate-200 p-3 sm:p-4"
      data-testid="meeting"
      data-meeting={report.id}
    >
      <div className="flex items-start justify-between gap-2">
        <div className="grid min-w-0 gap-1">
          <h3 className="font-semibold text-brand-950">{day}</h3>
          {waiting ? (
            <span className="inline-flex w-fit items-center gap-1 rounded-full bg-gold-300/40 px-2.5 py-0.5 text-xs font-medium text-brand-950">
              <CloudOff className="size-3.5 shrink-0" aria-hidden />
              {t('groups.meetings.queued')}
            </span>
          ) : null}
          <p className="text-sm text-slate-800">
            {t('groups.meetings.attendance', {
              present: report.present.length,
              // The group's size that day (a report kept on the phone: today's until sent).
              members: report.members || memberCount,
            })}
            {visitors ? ` · ${visitors}` : ''}
          </p>
          {report.covered ? (
            <p className="break-words text-sm text-slate-700">
              {t('groups.meetings.covered', { title: report.covered.title })}
            </p>
          ) : null}
        </div>
        {waiting ? null : (
          <Tip label={t('groups.meetings.delete', { date: day })}>
            <button
              type="button"
              data-delete=""
              aria-label={t('groups.meetings.delete', { date: day })}
              onClick={() => onDelete(report)}
              className="-mr-1 -mt-1 inline-flex size-10 shrink-0 items-center justify-center rounded-xl text-slate-600 hover:bg-slate-900/5 hover:text-red-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
            >
              <Trash className="size-4" aria-hidden />
            </button>
          </Tip>
        )}
      </div>
      {report.note ? (
        <p className="whitespace-pre-line break-words text-sm text-slate-700">{report.note}</p>
      ) : null}
      {report.prayer ? (
        <div className="grid gap-0.5 rounded-xl bg-slate-50 px-3 py-2 text-sm">
          <p className="flex items-center gap-1.5 font-medium text-brand-950">
            <HandHeart className="size-4 shrink-0 text-brand-700" aria-hidden />
            {t('groups.meetings.prayerLabel')}
          </p>
          <p className="whitespace-pre-line break-words text-slate-800">{report.prayer}</p>
        </div>
      ) : null}
      {names && names.length > 0 ? (
        <details className="text-sm">
          <summary className="w-fit cursor-pointer rounded font-medium text-brand-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500">
            {t('groups.meetings.form.whoCame')}
          </summary>
          <p className="mt-1 break-words text-slate-700">{names.join(', ')}</p>
        </details>
      ) : null}
    </li>
  );
}

/** The leaders' view: the chart, then the reports, newest first. */
function LeaderReports({
  reports,
  memberCount,
  roster,
  onDelete,
  listRef,
}: {
  reports: MeetingReport[];
  memberCount: number;
  roster: LeaderMemberRow[] | undefined;
  onDelete: (report: MeetingReport) => void;
  listRef: RefObject<HTMLDivElement | null>;
}) {
  const { t } = useTranslation();
  if (reports.length === 0) return <p className="text-slate-600">{t('groups.meetings.empty')}</p>;
  const names = (report: MeetingReport) => {
    if (!roster) return null;
    const came = new Set(report.present);
    return roster
      .filter((m) => came.has(m.memberId))
      .map((m) => fullName(m) || t('groups.meetings.form.unnamed'));
  };
  const row = (report: MeetingReport) => (
    <ReportRow
      key={report.id}
      report={report}
      memberCount={memberCount}
      names={names(report)}
      onDelete={onDelete}
    />
  );
  const earlier = reports.slice(LISTED);
  return (
    <div ref={listRef} className="grid gap-4">
      <AttendanceChart reports={reports} />
      <ul className="grid gap-3">{reports.slice(0, LISTED).map(row)}</ul>
      {earlier.length > 0 ? (
        <details>
          <summary className="w-fit cursor-pointer rounded text-sm font-medium text-brand-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500">
            {t('groups.meetings.earlier', { count: earlier.length })}
          </summary>
          <ul className="mt-3 grid gap-3">{earlier.map(row)}</ul>
        </details>
      ) : null}
    </div>
  );
}

/** A member's own attendance: how many they came to, and each meeting came or missed. */
function MyAttendance({ mine }: { mine: MeetingList['mine'] }) {
  const { t } = useTranslation();
  const date = useGroupDate();
  if (mine.length === 0) return <p className="text-slate-600">{t('groups.meetings.emptyMine')}</p>;
  const came = mine.filter((m) => m.present).length;
  return (
    <div className="grid gap-3">
      <p className="text-slate-800">
        {t('groups.meetings.mine', { count: mine.length, present: came })}
      </p>
      <ul className="flex flex-wrap gap-2">
        {mine.map((m, i) => (
          <li
            key={`${m.heldOn}-${i}`}
            data-testid="my-meeting"
            className={cn(
              'inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm',
              m.present ? 'bg-brand-50 text-brand-900' : 'bg-slate-100 text-slate-600',
            )}
          >
            {m.present ? (
              <Check className="size-3.5 shrink-0" strokeWidth={3} aria-hidden />
            ) : (
              <X className="size-3.5 shrink-0" aria-hidden />
            )}
            {date(m.heldOn)}
            <span className="sr-only">
              : {m.present ? t('groups.meetings.came') : t('groups.meetings.missed')}
            </span>
          </li>
        ))}
      </ul>
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600" aria-hidden>
        <span className="inline-flex items-center gap-1">
          <Check className="size-3.5" strokeWidth={3} />
          {t('groups.meetings.came')}
        </span>
        <span className="inline-flex items-center gap-1">
          <X className="size-3.5" />
          {t('groups.meetings.missed')}
        </span>
      </p>
    </div>
  );
}

/**
 * A group's meetings (reporte de célula, issue 38 item 3). The leader and co-leaders record each
 * meeting (who came, visitors, what was covered; offline too) and read the reports with a chart
 * of the attendance; each member reads only their own attendance.
 */
export function MeetingsPanel({ group }: { group: GroupDetail }) {
  const { t } = useTranslation();
  const date = useGroupDate();
  const list = useMeetings(group.id);
  const canRecord = list.data?.canRecord ?? false;
  // Loaded with the panel: the form, opened after the network is gone, still lists everyone.
  const roster = useMemberRoster(group.id, canRecord);
  const [form, setForm] = useState({ open: false, session: 0 });
  const [deleting, setDeleting] = useState<MeetingReport | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  // A deleted report's row (and its button) is gone: the focus goes to the panel's heading.
  const focusHeading = useRef(false);
  useLayoutEffect(() => {
    if (!focusHeading.current) return;
    focusHeading.current = false;
    heading.current?.focus();
  });
  const remove = useDeleteMeeting(group.id, () => {
    focusHeading.current = true;
    setDeleting(null);
  });
  /** The question closed without deleting: the focus goes back to the row's button. */
  const focusDeleteOf = (meetingId: string) =>
    setTimeout(() =>
      listRef.current
        ?.querySelector<HTMLElement>(`[data-meeting="${meetingId}"] [data-delete]`)
        ?.focus(),
    );

  const data = list.data;
  return (
    <Card className="grid gap-4" id="meetings">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2
          ref={heading}
          tabIndex={-1}
          className="flex items-center gap-2 font-serif text-2xl text-brand-950 focus:outline-none"
        >
          <CalendarCheck className="size-5 text-brand-700" aria-hidden />
          {t('groups.meetings.title')}
        </h2>
        {canRecord ? (
          <Button
            size="sm"
            onClick={() => setForm((f) => ({ open: true, session: f.session + 1 }))}
          >
            <Plus className="size-4" aria-hidden />
            {t('groups.meetings.record')}
          </Button>
        ) : null}
      </div>
      {canRecord ? <p className="text-sm text-slate-600">{t('groups.meetings.intro')}</p> : null}
      {/* A refetch that failed (offline) leaves what was shown. */}
      {!data && list.isError ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} />
      ) : !data ? (
        <Skeletons count={2} height="h-20" />
      ) : data.canRecord && data.reports ? (
        <LeaderReports
          reports={data.reports}
          memberCount={group.memberCount}
          roster={roster.data}
          onDelete={setDeleting}
          listRef={listRef}
        />
      ) : (
        <MyAttendance mine={data.mine} />
      )}
      {canRecord ? (
        <>
          <MeetingForm
            open={form.open}
            onOpenChange={(open) => setForm((f) => ({ ...f, open }))}
            group={group}
            session={form.session}
          />
          <ConfirmDialog
            open={deleting !== null}
            onOpenChange={(o) => {
              if (o || !deleting) return;
              focusDeleteOf(deleting.id);
              setDeleting(null);
            }}
            title={t('groups.meetings.deleteConfirm.title')}
            description={t('groups.meetings.deleteConfirm.body', {
              date: deleting ? date(deleting.heldOn) : '',
            })}
            confirmLabel={t('groups.meetings.deleteConfirm.confirm')}
            pending={remove.isPending}
            onConfirm={() => deleting && remove.mutate(deleting.id)}
          />
        </>
      ) : null}
    </Card>
  );
}
