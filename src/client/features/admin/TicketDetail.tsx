import ArrowLeft from 'lucide-react/icons/arrow-left';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPPORT_MESSAGE_MAX_LENGTH, SUPPORT_MESSAGE_MIN_LENGTH } from '#shared/constants.ts';
import type { AdminTicketDetail } from '#shared/schemas/admin.ts';
import { TICKET_PRIORITIES, type TicketPriority } from '#shared/values/support.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { QueryError, Skeletons } from '../../components/QueryStates.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { inputClass } from '../../components/ui/Field.tsx';
import { errorMessage } from '../../lib/queryClient.ts';
import { StatusBadge, TicketThread } from '../support/index.ts';
import { useAddNote, useAdminTicket, useReplyTicket, useUpdateTicket } from './api.ts';
import { FilterSelect } from './Pagination.tsx';

/** A text box that checks the shared length rules before calling `onSend`. */
function Composer({
  label,
  hint,
  sendLabel,
  pending,
  error,
  extra,
  onSend,
}: {
  label: string;
  hint: string;
  sendLabel: string;
  pending: boolean;
  error: unknown;
  extra?: ReactNode;
  onSend: (body: string, done: () => void) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [body, setBody] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const message = invalid ?? (error ? errorMessage(error, t) : null);
  return (
    <form
      noValidate
      className="grid gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        const text = body.trim();
        if (text.length < SUPPORT_MESSAGE_MIN_LENGTH) {
          setInvalid(
            text.length === 0
              ? t('validation.required')
              : t('validation.min', { count: SUPPORT_MESSAGE_MIN_LENGTH }),
          );
          return;
        }
        setInvalid(null);
        onSend(text, () => setBody(''));
      }}
    >
      <label htmlFor={id} className="font-semibold text-brand-950">
        {label}
      </label>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {hint}
      </p>
      <textarea
        id={id}
        rows={4}
        maxLength={SUPPORT_MESSAGE_MAX_LENGTH}
        value={body}
        aria-invalid={message ? true : undefined}
        aria-describedby={`${id}-hint${message ? ` ${id}-error` : ''}`}
        onChange={(e) => setBody(e.target.value)}
        className={`${inputClass} resize-y`}
      />
      {message ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {message}
        </p>
      ) : null}
      <div className="flex flex-wrap items-end gap-3">
        {extra}
        <Button type="submit" size="sm" disabled={pending}>
          {sendLabel}
        </Button>
      </div>
    </form>
  );
}

function TicketBody({ ticket }: { ticket: AdminTicketDetail }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const P = 'admin.ticketsPanel';
  const [confirmClose, setConfirmClose] = useState(false);
  const [after, setAfter] = useState<'answered' | 'waiting_on_member'>('answered');
  const update = useUpdateTicket();
  const reply = useReplyTicket();
  const note = useAddNote();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const closed = ticket.status === 'closed';
  return (
    <div className="grid min-w-0 gap-4 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <div className="grid min-w-0 content-start gap-4">
        <Card className="grid gap-4">
          <TicketThread messages={ticket.messages} viewer="staff" />
        </Card>
        <Card>
          <Composer
            label={t(`${P}.reply`)}
            hint={t(`${P}.replyHint`, { language: ticket.language.toUpperCase() })}
            sendLabel={t(`${P}.sendReply`)}
            pending={reply.isPending}
            error={reply.error}
            extra={
              <FilterSelect
                id={`${id}-after`}
                label={t(`${P}.replyAs`)}
                value={after}
                options={[
                  { value: 'answered' as const, label: t(`${P}.replyAnswered`) },
                  { value: 'waiting_on_member' as const, label: t(`${P}.replyWaiting`) },
                ]}
                onChange={setAfter}
              />
            }
            onSend={(body, done) =>
              reply.mutate(
                { id: ticket.id, email: ticket.email, body, status: after },
                { onSuccess: done },
              )
            }
          />
        </Card>
        <Card>
          <Composer
            label={t(`${P}.note`)}
            hint={t(`${P}.noteHint`)}
            sendLabel={t(`${P}.addNote`)}
            pending={note.isPending}
            error={note.error}
            onSend={(body, done) => note.mutate({ id: ticket.id, body }, { onSuccess: done })}
          />
        </Card>
      </div>
      {/* On a phone the facts and controls come first, above the thread. */}
      <Card className="order-first grid content-start gap-4 lg:order-none">
        <dl className="grid gap-2 text-sm">
          <div>
            <dt className="text-slate-600">{t(`${P}.from`)}</dt>
            <dd className="break-words font-medium text-slate-900">
              {ticket.name} · {ticket.email}
            </dd>
          </div>
          {ticket.phone ? (
            <div>
              <dt className="text-slate-600">{t(`${P}.phone`)}</dt>
              <dd className="font-medium text-slate-900">{ticket.phone}</dd>
            </div>
          ) : null}
          <div>
            <dt className="text-slate-600">{t(`${P}.language`)}</dt>
            <dd className="font-medium text-slate-900">{ticket.language.toUpperCase()}</dd>
          </div>
          <div>
            <dt className="text-slate-600">{t(`${P}.subject`)}</dt>
            <dd className="font-medium text-slate-900">
              {t(`support.subjects.${ticket.subject}`)}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">{t(`${P}.status`)}</dt>
            <dd>
              <StatusBadge status={ticket.status} />
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">
              {t(`${P}.opened`, { date: date.format(new Date(ticket.createdAt)) })}
            </dt>
          </div>
        </dl>
        <FilterSelect
          id={`${id}-assignee`}
          label={t(`${P}.assignee`)}
          value={ticket.assigneeId ?? ''}
          options={[
            { value: '', label: t(`${P}.unassigned`) },
            ...ticket.admins.map((a) => ({ value: a.id, label: a.name })),
          ]}
          onChange={(v) => update.mutate({ id: ticket.id, change: { assigneeId: v || null } })}
        />
        <FilterSelect<TicketPriority>
          id={`${id}-priority`}
          label={t(`${P}.priority`)}
          value={ticket.priority}
          options={TICKET_PRIORITIES.map((p) => ({
            value: p,
            label: t(`support.priorities.${p}`),
          }))}
          onChange={(priority) => update.mutate({ id: ticket.id, change: { priority } })}
        />
        {closed ? (
          <Button
            variant="outline"
            disabled={update.isPending}
            onClick={() => update.mutate({ id: ticket.id, change: { status: 'open' } })}
          >
            {t(`${P}.reopen`)}
          </Button>
        ) : (
          <Button
            variant="outline"
            disabled={update.isPending}
            onClick={() => setConfirmClose(true)}
          >
            {t(`${P}.close`)}
          </Button>
        )}
      </Card>
      <ConfirmDialog
        open={confirmClose}
        onOpenChange={setConfirmClose}
        title={t(`${P}.closeTitle`)}
        description={t(`${P}.closeBody`)}
        confirmLabel={t(`${P}.close`)}
        pending={update.isPending}
        onConfirm={() =>
          update.mutate(
            { id: ticket.id, change: { status: 'closed' } },
            { onSettled: () => setConfirmClose(false) },
          )
        }
      />
    </div>
  );
}

/** One ticket: its thread, the reply and note boxes, assignment, priority, close/reopen. */
export function TicketDetail({ id, onBack }: { id: string; onBack: () => void }) {
  const { t } = useTranslation();
  const ticket = useAdminTicket(id);
  return (
    <div className="grid min-w-0 gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="ghost" size="sm" onClick={onBack}>
          <ArrowLeft className="size-4" aria-hidden />
          {t('admin.ticketsPanel.back')}
        </Button>
        {ticket.data ? (
          <h2 className="font-serif text-2xl text-brand-950">
            {t('support.mine.ticket', { number: ticket.data.number })}
          </h2>
        ) : null}
        {ticket.data?.overdue ? (
          <span className="rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white">
            {t('admin.ticketsPanel.overdue')}
          </span>
        ) : null}
      </div>
      {ticket.isLoading ? (
        <Skeletons count={3} height="h-24" />
      ) : ticket.isError ? (
        <QueryError error={ticket.error} onRetry={() => void ticket.refetch()} />
      ) : ticket.data ? (
        <TicketBody ticket={ticket.data} />
      ) : null}
    </div>
  );
}
