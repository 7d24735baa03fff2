import * as Dialog from '@radix-ui/react-dialog';
import { useGroupPrayers } from './prayers-api.ts';
import Check from 'lucide-react/icons/check';
import Minus from 'lucide-react/icons/minus';
import Plus from 'lucide-react/icons/plus';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { GroupDetail } from '#shared/groups.ts';
import type { CreateMeetingInput } from '#shared/meetings.ts';
// The limits without the schemas: Zod stays out of the form's code.
import {
  MEETING_DAYS_BACK,
  MEETING_NOTE_MAX,
  MEETING_PRAYER_MAX,
  MEETING_VISITOR_NAMES_MAX,
  MEETING_VISITORS_MAX,
  type CoveredKind,
} from '#shared/values/meetings.ts';
import { QueryError, Skeletons } from '../../components/QueryStates.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Field, inputClass } from '../../components/ui/Field.tsx';
import { Tip } from '../../components/ui/Tip.tsx';
import { cn } from '../../lib/cn.ts';
import { newId } from '../../lib/ids.ts';
import { ApiError, errorMessage, fieldErrorsOf } from '../../lib/queryClient.ts';
import { fullName } from './format.ts';
import { useMemberRoster, useRecordMeeting } from './meetings-api.ts';
import { DialogFooter, TextArea } from './form-parts.tsx';
import { useSheets } from './sheets-api.ts';

export interface MeetingFormProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  group: GroupDetail;
  /** A new number each time the form opens: it starts empty, with a new report's id. */
  session: number;
}

/** Today in the member's device calendar (YYYY-MM-DD). */
function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The calendar day `days` before `day` (both YYYY-MM-DD). */
function daysBefore(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/** What the covered `<select>` holds: `sheet:<id>`, `lesson:<id>`, or '' for none. */
const coveredValue = (kind: CoveredKind, id: string) => `${kind}:${id}`;

interface Errors {
  heldOn?: string;
  visitors?: string;
  visitorNames?: string;
  prayer?: string;
  note?: string;
  /** The refusal as a whole, said next to Save. */
  form?: string;
}
type FieldName = Exclude<keyof Errors, 'form'>;
const FIELDS: FieldName[] = ['heldOn', 'visitors', 'visitorNames', 'prayer', 'note'];

/** A − or + beside the visitors' number: a big target that keeps its focus at either end. */
function StepButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tip label={label}>
      <button
        type="button"
        aria-label={label}
        aria-disabled={disabled || undefined}
        onClick={() => {
          if (!disabled) onClick();
        }}
        className="inline-flex size-12 shrink-0 items-center justify-center rounded-xl border border-slate-300 bg-white text-slate-800 transition-colors hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 aria-disabled:cursor-not-allowed aria-disabled:opacity-40 aria-disabled:hover:bg-white"
      >
        {children}
      </button>
    </Tip>
  );
}

/** The form, new for each opening (its key is the session). */
function ReportForm({ group, onDone }: { group: GroupDetail; onDone: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  // This report's id: sent again (its answer lost, Save pressed again, the outbox), it is one.
  const [meetingId] = useState(newId);
  const [today] = useState(() => localToday());
  const earliest = daysBefore(today, MEETING_DAYS_BACK);
  const [heldOn, setHeldOn] = useState(today);
  const [present, setPresent] = useState<ReadonlySet<string>>(() => new Set());
  // The typed text ('' while the field is emptied to type another number).
  const [visitorsText, setVisitorsText] = useState('0');
  const [visitorNames, setVisitorNames] = useState('');
  const [covered, setCovered] = useState('');
  const [prayer, setPrayer] = useState('');
  // The requests the members shared with the group (kept from the panel's list when offline).
  const sharedPrayers = useGroupPrayers(group.id).data?.shared ?? [];
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [dirty, setDirty] = useState(false);
  // The button that opened the form: the focus goes back to it.
  const [opener] = useState(() =>
    document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );
  const dateField = useRef<HTMLInputElement>(null);

  // Loaded with the panel (so offline too, once the page has been open with a connection).
  const roster = useMemberRoster(group.id, true);
  const members = roster.data ?? [];
  const sheets = useSheets(group.id).data?.items ?? [];
  const lessons = group.path.kind === 'course' ? group.lessons : [];

  const record = useRecordMeeting(group.id, { onSaved: onDone, onRefused: (e) => refused(e) });
  const saving = record.isPending;

  const visitors = Math.min(MEETING_VISITORS_MAX, Number(visitorsText) || 0);
  const setVisitors = (n: number) => {
    setVisitorsText(String(Math.max(0, Math.min(MEETING_VISITORS_MAX, n))));
    setDirty(true);
  };
  const changed =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setDirty(true);
    };

  const toggle = (memberId: string) => {
    setPresent((now) => {
      const next = new Set(now);
      if (!next.delete(memberId)) next.add(memberId);
      return next;
    });
    setDirty(true);
  };
  const setAll = (all: boolean) => {
    setPresent(new Set(all ? members.map((m) => m.memberId) : []));
    setDirty(true);
  };

  /** The server's refusal, shown in the form with everything kept. */
  function refused(error: unknown) {
    const next: Errors = {};
    const said =
      error instanceof ApiError &&
      typeof (error.body as { message?: unknown } | null)?.message === 'string';
    next.form = said ? errorMessage(error, t) : t('groups.meetings.saveFailed');
    for (const [path, message] of Object.entries(fieldErrorsOf(error))) {
      const field = path.split('.')[0] as FieldName;
      if (FIELDS.includes(field)) next[field] = message;
      else next.form = `${next.form} ${message}`;
    }
    setErrors(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const dateError = !heldOn
      ? t('validation.required')
      : !/^\d{4}-\d{2}-\d{2}$/.test(heldOn) || heldOn > today || heldOn < earliest
        ? t('groups.meetings.form.dateRange', { days: MEETING_DAYS_BACK })
        : null;
    if (dateError) {
      setErrors({ heldOn: dateError });
      dateField.current?.focus();
      return;
    }
    setErrors({});
    const [kind, ...rest] = covered.split(':');
    const coveredId = rest.join(':');
    const chosen =
      kind === 'sheet' || kind === 'lesson' ? { kind: kind as CoveredKind, id: coveredId } : null;
    const coveredTitle = !chosen
      ? null
      : ((chosen.kind === 'sheet' ? sheets : lessons).find((c) => c.id === chosen.id)?.title ??
        null);
    const input: CreateMeetingInput & { id: string } = {
      id: meetingId,
      heldOn,
      present: members.filter((m) => present.has(m.memberId)).map((m) => m.memberId),
      visitors,
      visitorNames: visitors > 0 ? visitorNames.trim() : '',
      covered: chosen,
      prayer: prayer.trim(),
      note: note.trim(),
    };
    record.mutate({ input, coveredTitle });
  }

  const count = members.filter((m) => present.has(m.memberId)).length;

  return (
    <Dialog.Content
      // A tap beside the form does not throw away what was marked.
      onInteractOutside={(event) => {
        if (dirty) event.preventDefault();
      }}
      // Radix gives the focus back to a Dialog.Trigger, which this dialog has none of.
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        if (opener?.isConnected) opener.focus();
      }}
      className="fixed left-1/2 top-1/2 z-[85] flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden rounded-3xl bg-white shadow-2xl focus:outline-none"
    >
      <form noValidate onSubmit={submit} className="flex min-h-0 flex-1 flex-col">
        <div className="grid min-h-0 flex-1 gap-5 overflow-y-auto p-5 sm:p-6">
          <div className="grid gap-1">
            <Dialog.Title className="font-serif text-2xl text-brand-950">
              {t('groups.meetings.form.title')}
            </Dialog.Title>
            <Dialog.Description className="text-sm text-slate-600">
              {t('groups.meetings.form.description')}
            </Dialog.Description>
          </div>

          <Field
            ref={dateField}
            type="date"
            label={t('groups.meetings.form.heldOn')}
            className="w-fit min-w-48"
            value={heldOn}
            min={earliest}
            max={today}
            required
            error={errors.heldOn}
            onChange={(e) => changed(setHeldOn)(e.target.value)}
          />

          <div role="group" aria-labelledby={`${id}-who`} className="grid min-w-0 gap-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p id={`${id}-who`} className="font-semibold text-brand-950">
                {t('groups.meetings.form.whoCame')}
              </p>
              {/* Said after each tap. */}
              <p role="status" className="text-sm font-medium text-slate-700">
                {t('groups.meetings.form.presentCount', {
                  present: count,
                  members: members.length,
                })}
              </p>
            </div>
            {roster.isError && !roster.data ? (
              <QueryError error={roster.error} onRetry={() => void roster.refetch()} />
            ) : !roster.data ? (
              <Skeletons
                count={4}
                height="h-12"
                className="grid grid-cols-1 gap-2 min-[360px]:grid-cols-2 sm:grid-cols-3"
              />
            ) : (
              <>
                <div className="flex flex-wrap gap-2">
                  <Button variant="outline" size="sm" onClick={() => setAll(true)}>
                    {t('groups.meetings.form.allCame')}
                  </Button>
                  <Button variant="outline" size="sm" onClick={() => setAll(false)}>
                    {t('groups.meetings.form.noneCame')}
                  </Button>
                </div>
                <ul className="grid grid-cols-1 gap-2 min-[360px]:grid-cols-2 sm:grid-cols-3">
                  {members.map((member) => {
                    const on = present.has(member.memberId);
                    return (
                      <li key={member.memberId} className="grid">
                        <button
                          type="button"
                          aria-pressed={on}
                          data-testid="attendee"
                          onClick={() => toggle(member.memberId)}
                          className={cn(
                            'flex min-h-12 items-center gap-2.5 rounded-xl border px-3 py-2 text-left text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2',
                            on
                              ? 'border-brand-700 bg-brand-700 text-white hover:bg-brand-800'
                              : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
                          )}
                        >
                          <span
                            aria-hidden
                            className={cn(
                              'flex size-5 shrink-0 items-center justify-center rounded-full border',
                              on ? 'border-white bg-white text-brand-700' : 'border-slate-400',
                            )}
                          >
                            {on ? <Check className="size-3.5" strokeWidth={3} /> : null}
                          </span>
                          <span className="min-w-0 break-words">
                            {fullName(member) || t('groups.meetings.form.unnamed')}
                          </span>
                        </button>
                      </li>
                    );
                  })}
                </ul>
              </>
            )}
          </div>

          <div className="grid gap-1.5">
            <label htmlFor={`${id}-visitors`} className="font-semibold text-brand-950">
              {t('groups.meetings.form.visitors')}
            </label>
            <div className="flex items-center gap-2">
              <StepButton
                label={t('groups.meetings.form.fewer')}
                disabled={visitors <= 0}
                onClick={() => setVisitors(visitors - 1)}
              >
                <Minus className="size-5" aria-hidden />
              </StepButton>
              <input
                id={`${id}-visitors`}
                type="number"
                inputMode="numeric"
                min={0}
                max={MEETING_VISITORS_MAX}
                step={1}
                value={visitorsText}
                aria-invalid={errors.visitors ? true : undefined}
                aria-describedby={errors.visitors ? `${id}-visitors-error` : undefined}
                onChange={(e) => {
                  const typed = e.currentTarget.value;
                  setVisitorsText(
                    typed === ''
                      ? ''
                      : String(
                          Math.max(0, Math.min(MEETING_VISITORS_MAX, Math.trunc(+typed || 0))),
                        ),
                  );
                  setDirty(true);
                }}
                onBlur={() => setVisitorsText(String(visitors))}
                className={cn(inputClass, 'h-12 w-20 text-center tabular-nums')}
              />
              <StepButton
                label={t('groups.meetings.form.more')}
                disabled={visitors >= MEETING_VISITORS_MAX}
                onClick={() => setVisitors(visitors + 1)}
              >
                <Plus className="size-5" aria-hidden />
              </StepButton>
            </div>
            {errors.visitors ? (
              <p id={`${id}-visitors-error`} role="alert" className="text-sm text-red-700">
                {errors.visitors}
              </p>
            ) : null}
          </div>
          {visitors > 0 ? (
            <Field
              label={t('groups.meetings.form.visitorNames')}
              autoComplete="off"
              maxLength={MEETING_VISITOR_NAMES_MAX}
              value={visitorNames}
              error={errors.visitorNames}
              onChange={(e) => changed(setVisitorNames)(e.target.value)}
            />
          ) : null}

          {sheets.length + lessons.length > 0 ? (
            <div className="grid gap-1.5">
              <label htmlFor={`${id}-covered`} className="text-sm font-medium text-slate-800">
                {t('groups.meetings.form.covered')}
              </label>
              <select
                id={`${id}-covered`}
                value={covered}
                onChange={(e) => changed(setCovered)(e.currentTarget.value)}
                className={cn(inputClass, 'min-w-0')}
              >
                <option value="">{t('groups.meetings.form.coveredNone')}</option>
                {sheets.length > 0 ? (
                  <optgroup label={t('groups.meetings.form.coveredSheets')}>
                    {sheets.map((sheet) => (
                      <option key={sheet.id} value={coveredValue('sheet', sheet.id)}>
                        {sheet.title}
                      </option>
                    ))}
                  </optgroup>
                ) : null}
                {lessons.length > 0 ? (
                  <optgroup label={t('groups.meetings.form.coveredLessons')}>
                    {lessons.map((lesson) => (
                      <option key={lesson.id} value={coveredValue('lesson', lesson.id)}>
                        {lesson.title}
                      </option>
                    ))}
                  </optgroup>
                ) : null}
              </select>
            </div>
          ) : null}

          <TextArea
            label={t('groups.meetings.form.prayer')}
            hint={t('groups.meetings.form.prayerHint')}
            value={prayer}
            onChange={changed(setPrayer)}
            max={MEETING_PRAYER_MAX}
            error={errors.prayer}
          />
          {sharedPrayers.some((p) => p.status === 'active') ? (
            <div className="-mt-2 grid gap-1.5">
              <p className="text-xs font-medium text-slate-700">
                {t('groups.meetings.form.sharedPrayers')}
              </p>
              <ul className="flex flex-wrap gap-2">
                {sharedPrayers
                  .filter((p) => p.status === 'active')
                  .map((p) => {
                    const line = `${fullName(p)}: ${p.title}`;
                    const added = prayer.includes(line);
                    return (
                      <li key={p.prayerId}>
                        <button
                          type="button"
                          disabled={added}
                          aria-label={t('groups.meetings.form.addPrayer', { prayer: line })}
                          onClick={() =>
                            changed(setPrayer)(prayer.trim() ? `${prayer.trim()}\n${line}` : line)
                          }
                          className="rounded-full border border-slate-300 px-3 py-1 text-left text-sm text-slate-800 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:border-brand-200 disabled:bg-brand-50 disabled:text-brand-900"
                        >
                          {added ? '✓ ' : '+ '}
                          {line}
                        </button>
                      </li>
                    );
                  })}
              </ul>
            </div>
          ) : null}
          <TextArea
            label={t('groups.meetings.form.note')}
            value={note}
            onChange={changed(setNote)}
            max={MEETING_NOTE_MAX}
            error={errors.note}
          />
        </div>

        <DialogFooter
          error={errors.form}
          saving={saving}
          labels={{
            cancel: t('groups.meetings.form.cancel'),
            save: t('groups.meetings.form.save'),
            saving: t('groups.meetings.form.saving'),
          }}
        />
      </form>
    </Dialog.Content>
  );
}

/**
 * A leader's report of a meeting (reporte de célula): the date, who came (a tap each), visitors,
 * what was studied, the prayer needs heard and a note. A typical report (6 of 8 members, two
 * visitors, a sheet) is a dozen taps from the panel's button. Its body scrolls under a footer
 * that keeps Save and Cancel in view on a phone. Loaded when first opened (MeetingsPanel).
 */
export default function MeetingForm({ open, onOpenChange, group, session }: MeetingFormProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[80] bg-slate-900/50" />
        <ReportForm key={session} group={group} onDone={() => onOpenChange(false)} />
      </Dialog.Portal>
    </Dialog.Root>
  );
}
