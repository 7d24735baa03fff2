import Send from 'lucide-react/icons/send';
import X from 'lucide-react/icons/x';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GROUP_MESSAGE_MAX, GROUP_MESSAGES_PER_DAY } from '#shared/values/groups.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { inputClass } from '../../components/ui/Field.tsx';
import { ApiError, errorMessage } from '../../lib/queryClient.ts';
import { useSendMessage } from './api.ts';
import type { Recipient } from './MembersPanel.tsx';

/**
 * A leader's word of encouragement, to one member (chosen in the member list) or to all. It
 * arrives in-app, and by e-mail or push as each one's settings say; GROUP_MESSAGES_PER_DAY a day.
 */
export function MessageComposer({
  groupId,
  recipient,
  onClearRecipient,
}: {
  groupId: string;
  recipient: Recipient | null;
  onClearRecipient: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [remaining, setRemaining] = useState<number | null>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  const send = useSendMessage(
    groupId,
    (sent) => {
      setBody('');
      setRemaining(sent.remainingToday);
      onClearRecipient();
    },
    // The day's limit (429) and any other refusal stay next to the message typed.
    (e) => {
      if (!(e instanceof ApiError) || e.status >= 500) return false;
      setError(errorMessage(e, t));
      return true;
    },
  );
  useEffect(() => {
    if (recipient) area.current?.focus();
  }, [recipient]);
  return (
    <Card className="grid gap-3" id="encourage">
      <h2 className="font-serif text-2xl text-brand-950">{t('groups.message.title')}</h2>
      <p className="text-sm text-slate-600">
        {t('groups.message.hint', { count: GROUP_MESSAGES_PER_DAY })}
      </p>
      <form
        className="grid gap-3"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!body.trim()) return setError(t('validation.required'));
          setError(null);
          send.mutate({ to: recipient?.memberId ?? 'all', body: body.trim() });
        }}
      >
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-slate-600">{t('groups.message.to')}</span>
          <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2.5 py-0.5 font-medium text-brand-900">
            {recipient ? recipient.name : t('groups.message.everyone')}
            {recipient ? (
              <button
                type="button"
                onClick={onClearRecipient}
                aria-label={t('groups.message.toEveryone')}
                className="rounded-full p-0.5 hover:bg-brand-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
              >
                <X className="size-3.5" aria-hidden />
              </button>
            ) : null}
          </span>
        </p>
        <label htmlFor={`${id}-body`} className="sr-only">
          {t('groups.message.label')}
        </label>
        <textarea
          ref={area}
          id={`${id}-body`}
          rows={3}
          maxLength={GROUP_MESSAGE_MAX}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          placeholder={t('groups.message.placeholder')}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
          className={`${inputClass} resize-y`}
        />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p id={`${id}-count`} className="text-xs text-slate-600">
            {t('groups.message.count', { count: body.length, max: GROUP_MESSAGE_MAX })}
            {remaining !== null ? ` · ${t('groups.message.remaining', { count: remaining })}` : ''}
          </p>
          <Button type="submit" disabled={send.isPending}>
            <Send className="size-4" aria-hidden /> {t('groups.message.send')}
          </Button>
        </div>
        {error ? (
          <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </form>
    </Card>
  );
}
