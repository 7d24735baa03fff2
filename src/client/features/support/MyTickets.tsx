import ChevronDown from 'lucide-react/icons/chevron-down';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/router.tsx';
import { SUPPORT_MESSAGE_MAX_LENGTH, SUPPORT_MESSAGE_MIN_LENGTH } from '#shared/constants.ts';
import type { MyTicket } from '#shared/schemas/support.ts';
import { QueryError, Skeletons } from '../../components/QueryStates.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { inputClass } from '../../components/ui/Field.tsx';
import { newId } from '../../lib/ids.ts';
import { useMyTickets, useReplyToTicket } from './api.ts';
import { StatusBadge, TicketThread } from './TicketThread.tsx';

function ReplyBox({ ticket }: { ticket: MyTicket }) {
  const { t } = useTranslation();
  const id = useId();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  // This reply's id: sent again (its answer lost), it is still one reply.
  const [replyId, setReplyId] = useState(newId);
  const reply = useReplyToTicket();
  return (
    <form
      noValidate
      className="grid gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        const text = body.trim();
        if (text.length < SUPPORT_MESSAGE_MIN_LENGTH) {
          setError(
            text.length === 0
              ? t('validation.required')
              : t('validation.min', { count: SUPPORT_MESSAGE_MIN_LENGTH }),
          );
          return;
        }
        setError(null);
        reply.mutate(
          { id: ticket.id, body: text, replyId },
          {
            onSuccess: () => {
              setBody('');
              setReplyId(newId());
            },
          },
        );
      }}
    >
      {ticket.status === 'closed' ? (
        <p className="text-sm text-slate-600">{t('support.mine.closedNote')}</p>
      ) : null}
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {t('support.mine.reply')}
      </label>
      <textarea
        id={id}
        rows={3}
        maxLength={SUPPORT_MESSAGE_MAX_LENGTH}
        value={body}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => setBody(e.target.value)}
        className={`${inputClass} resize-y`}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <Button type="submit" size="sm" className="w-fit" disabled={reply.isPending}>
        {reply.isPending ? t('support.mine.sending') : t('support.mine.send')}
      </Button>
    </form>
  );
}

function TicketItem({ ticket, initiallyOpen }: { ticket: MyTicket; initiallyOpen: boolean }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(initiallyOpen);
  const panel = useId();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (
    <li className="rounded-2xl border border-slate-200">
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panel}
          onClick={() => setOpen((o) => !o)}
          className="flex w-full flex-wrap items-center gap-x-3 gap-y-1 rounded-2xl p-4 text-left hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        >
          <span className="font-semibold text-slate-900">
            {t('support.mine.ticket', { number: ticket.number })}
          </span>
          <span className="text-slate-700">{t(`support.subjects.${ticket.subject}`)}</span>
          <StatusBadge status={ticket.status} />
          <span className="ml-auto flex items-center gap-2 text-sm text-slate-600">
            {t('support.mine.opened', { date: date.format(new Date(ticket.createdAt)) })}
            <ChevronDown
              className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`}
              aria-hidden
            />
          </span>
        </button>
      </h3>
      {open ? (
        <div id={panel} className="grid gap-4 border-t border-slate-200 p-4">
          <TicketThread messages={ticket.messages} viewer="member" />
          <ReplyBox ticket={ticket} />
        </div>
      ) : null}
    </li>
  );
}

/** The member's tickets and their replies (account settings, Support tab). */
export function MyTickets() {
  const { t } = useTranslation();
  const tickets = useMyTickets();
  return (
    <Card className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="font-serif text-xl text-brand-950">{t('support.mine.title')}</h2>
        <Button asChild variant="outline" size="sm">
          <Link to="/support">{t('support.mine.new')}</Link>
        </Button>
      </div>
      {tickets.isLoading ? (
        <Skeletons count={2} height="h-14" />
      ) : tickets.isError ? (
        <QueryError error={tickets.error} onRetry={() => void tickets.refetch()} />
      ) : tickets.data && tickets.data.items.length > 0 ? (
        <ul className="grid gap-3">
          {tickets.data.items.map((ticket, i) => (
            <TicketItem key={ticket.id} ticket={ticket} initiallyOpen={i === 0} />
          ))}
        </ul>
      ) : (
        <p className="text-slate-600">{t('support.mine.empty')}</p>
      )}
    </Card>
  );
}
