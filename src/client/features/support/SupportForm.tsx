import { useId, useState } from 'react';
import { useDrawnForm } from '../../hooks/useDrawnForm.ts';
import { useTranslation } from 'react-i18next';
import {
  SUPPORT_MESSAGE_MAX_LENGTH,
  SUPPORT_MESSAGE_MIN_LENGTH,
  SUPPORT_NAME_MAX_LENGTH,
  SUPPORT_PHONE_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
} from '#shared/constants.ts';
import { SUPPORT_HONEYPOT_FIELD, SUPPORT_SUBJECTS } from '#shared/values/support.ts';
import type { TicketCreated, TicketInput } from '#shared/schemas/support.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Field, inputClass } from '../../components/ui/Field.tsx';
import { useSubmissionErrors } from '../../hooks/useApiForm.ts';
import { newId } from '../../lib/ids.ts';
import { fieldMessage } from '../../lib/validation.ts';
import { useSubmitTicket } from './api.ts';
import { lazyZodResolver } from '../../lib/lazy-resolver.ts';

export interface SupportFormDefaults {
  name: string;
  email: string;
}

/** A filed ticket: its number, what became of its confirmation e-mail, the address used. */
export type SentTicket = TicketCreated & { email: string };

/** The support form (SPEC §3, §5); `onSent` gets the ticket and the address used. */
export function SupportForm({
  defaults,
  onSent,
}: {
  defaults: SupportFormDefaults;
  onSent: (sent: SentTicket) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const form = useDrawnForm<TicketInput>({
    resolver: lazyZodResolver(() =>
      import('#shared/schemas/support.ts').then((m) => m.ticketInputSchema),
    ),
    defaultValues: {
      name: defaults.name,
      email: defaults.email,
      phone: '',
      subject: '' as TicketInput['subject'],
      message: '',
      [SUPPORT_HONEYPOT_FIELD]: '',
    },
  });
  const showErrors = useSubmissionErrors(form.setError);
  const submit = useSubmitTicket();
  // This ticket's id: sent again (its answer lost, or pressed again), it is still one ticket.
  const [ticketId] = useState(newId);
  const errors = form.formState.errors;
  const subjectError = errors.subject ? t('validation.required') : undefined;
  const messageError = fieldMessage(t, errors.message);
  const pending = submit.isPending;

  return (
    <form
      method="post"
      noValidate
      className="grid gap-4"
      aria-busy={pending}
      onSubmit={form.handleSubmit((values) =>
        submit.mutate(
          { ...values, id: ticketId },
          {
            onSuccess: (created) => onSent({ ...created, email: values.email }),
            onError: (error) => showErrors(error, t('support.failed')),
          },
        ),
      )}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t('support.form.name')}
          autoComplete="name"
          maxLength={SUPPORT_NAME_MAX_LENGTH}
          error={fieldMessage(t, errors.name)}
          {...form.register('name')}
        />
        <Field
          label={t('support.form.email')}
          type="email"
          autoComplete="email"
          maxLength={EMAIL_MAX_LENGTH}
          error={fieldMessage(t, errors.email)}
          {...form.register('email')}
        />
        <Field
          label={t('support.form.phone')}
          type="tel"
          autoComplete="tel"
          maxLength={SUPPORT_PHONE_MAX_LENGTH}
          error={fieldMessage(t, errors.phone)}
          {...form.register('phone')}
        />
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-subject`} className="text-sm font-medium text-slate-800">
            {t('support.form.subject')}
          </label>
          <select
            id={`${id}-subject`}
            className={inputClass}
            aria-invalid={subjectError ? true : undefined}
            aria-describedby={subjectError ? `${id}-subject-error` : undefined}
            {...form.register('subject')}
          >
            <option value="" disabled>
              {t('support.form.subjectPlaceholder')}
            </option>
            {SUPPORT_SUBJECTS.map((s) => (
              <option key={s} value={s}>
                {t(`support.subjects.${s}`)}
              </option>
            ))}
          </select>
          {subjectError ? (
            <p id={`${id}-subject-error`} role="alert" className="text-sm text-red-700">
              {subjectError}
            </p>
          ) : null}
        </div>
      </div>
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-message`} className="text-sm font-medium text-slate-800">
          {t('support.form.message')}
        </label>
        <textarea
          id={`${id}-message`}
          rows={6}
          maxLength={SUPPORT_MESSAGE_MAX_LENGTH}
          aria-invalid={messageError ? true : undefined}
          aria-describedby={`${id}-message-hint${messageError ? ` ${id}-message-error` : ''}`}
          className={`${inputClass} resize-y`}
          {...form.register('message')}
        />
        <p id={`${id}-message-hint`} className="text-xs text-slate-600">
          {t('support.form.messageHint', {
            min: SUPPORT_MESSAGE_MIN_LENGTH,
            max: SUPPORT_MESSAGE_MAX_LENGTH,
          })}
        </p>
        {messageError ? (
          <p id={`${id}-message-error`} role="alert" className="text-sm text-red-700">
            {messageError}
          </p>
        ) : null}
      </div>
      {/* People never see or reach this field; bots that fill every input give themselves away. */}
      <div
        aria-hidden="true"
        className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden"
      >
        <label htmlFor={`${id}-hp`}>{t('support.form.honeypot')}</label>
        <input
          id={`${id}-hp`}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          {...form.register(SUPPORT_HONEYPOT_FIELD)}
        />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">{t('support.form.privacy')}</p>
        <Button type="submit" size="lg" disabled={pending} className="w-full sm:w-auto">
          {pending ? t('support.form.submitting') : t('support.form.submit')}
        </Button>
      </div>
    </form>
  );
}
