import { useEffect, useId, useRef, useState } from 'react';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { useDrawnForm } from '../../hooks/useDrawnForm.ts';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '#shared/constants.ts';
import type { CreateGroupInput, GroupDetail, UpdateGroupInput } from '#shared/groups.ts';
import {
  GROUP_DESCRIPTION_MAX,
  GROUP_MEETING_NOTE_MAX,
  GROUP_NAME_MAX,
} from '#shared/values/groups.ts';
import { COURSE_IDS } from '#shared/values/course.ts';
import { PLAN_DURATIONS, READING_PLAN_IDS } from '#shared/values/reading.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Field, inputClass } from '../../components/ui/Field.tsx';
import { useSubmissionErrors } from '../../hooks/useApiForm.ts';
import { withStrings } from '../../lib/i18n.ts';
import { newId } from '../../lib/ids.ts';
import { useLanguage } from '../../lib/language.tsx';
import { fieldMessage } from '../../lib/validation.ts';
import { useCreateGroup, useUpdateGroup } from './api.ts';

/** The form's own fields: the path is one choice (`course:101`, `plan:gospels`) plus its pace. */
export interface GroupFormValues {
  name: string;
  description: string;
  language: CreateGroupInput['language'];
  path: string;
  lessonsPerWeek: number;
  duration: number;
  startsOn: string;
  meetingNote: string;
}

/** The request the form's values make (`id` names the group: sent twice, still one group). */
export function toCreateInput(id: string, v: GroupFormValues): CreateGroupInput {
  const [kind, which] = v.path.split(':') as ['course' | 'plan', string];
  return {
    id,
    name: v.name,
    description: v.description,
    language: v.language,
    path:
      kind === 'course'
        ? {
            kind,
            courseId: which as (typeof COURSE_IDS)[number],
            lessonsPerWeek: v.lessonsPerWeek,
          }
        : {
            kind: 'plan',
            planId: which as (typeof READING_PLAN_IDS)[number],
            duration: v.duration,
          },
    startsOn: v.startsOn,
    meetingNote: v.meetingNote,
  };
}

/** The API's field paths as the form's fields (`path.courseId` → `path`). */
const FIELD_OF: Record<string, keyof GroupFormValues> = {
  'path.kind': 'path',
  'path.courseId': 'path',
  'path.planId': 'path',
  'path.duration': 'duration',
  'path.lessonsPerWeek': 'lessonsPerWeek',
  path: 'path',
};

/** What editing a group sends: its details, never its path (the members' progress is on it). */
export function toUpdateInput(v: GroupFormValues): UpdateGroupInput {
  return {
    name: v.name,
    description: v.description,
    language: v.language,
    startsOn: v.startsOn,
    meetingNote: v.meetingNote,
  };
}

/**
 * Checks the form with the contract's own schema (fetched with Zod on the first check, not with
 * the page: lib/lazy-resolver.ts), its errors placed on the form's fields: the creation's, or
 * when `editing` the update's.
 */
const resolverFor =
  (editing: boolean): Resolver<GroupFormValues> =>
  async (values) => {
    await import('../../lib/zod-config.ts');
    // The schema's plan-length message is a reading plans key: its strings come with it.
    const { createGroupSchema, updateGroupSchema } = await withStrings(
      ['readingPlans'],
      () => import('#shared/groups.ts'),
    )();
    const parsed = editing
      ? updateGroupSchema.safeParse(toUpdateInput(values))
      : createGroupSchema.safeParse(toCreateInput(newId(), values));
    if (parsed.success) return { values, errors: {} };
    const errors: FieldErrors<GroupFormValues> = {};
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.');
      const field = FIELD_OF[path] ?? (issue.path[0] as keyof GroupFormValues);
      errors[field] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors };
  };

/** Today in the member's device calendar (YYYY-MM-DD). */
function today(): string {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * Creating a group (issue 25): name, description, language, path, start, meeting note. With
 * `group`, its leaders edit the same details but the path (shown, not changed).
 */
export function CreateGroupForm({
  group,
  onCreated,
  onCancel,
}: {
  group?: GroupDetail;
  onCreated: (group: GroupDetail) => void;
  onCancel: () => void;
}) {
  const editing = group !== undefined;
  const { t, i18n } = useTranslation();
  const { language } = useLanguage();
  // A field's message: the shared `validation.*` keys, or another key the schema names.
  const message = (error: Parameters<typeof fieldMessage>[1]) => {
    const text = fieldMessage(t, error);
    return text && i18n.exists(text) ? t(text) : text;
  };
  const id = useId();
  const [groupId] = useState(newId);
  const [resolver] = useState(() => resolverFor(editing));
  const form = useDrawnForm<GroupFormValues>({
    resolver,
    defaultValues: group
      ? {
          name: group.name,
          description: group.description,
          language: group.language,
          path: 'course:101',
          lessonsPerWeek: 1,
          duration: 90,
          startsOn: group.startsOn,
          meetingNote: group.meetingNote,
        }
      : {
          name: '',
          description: '',
          language,
          path: 'course:101',
          lessonsPerWeek: 1,
          duration: 90,
          startsOn: today(),
          meetingNote: '',
        },
  });
  const showErrors = useSubmissionErrors(form.setError, FIELD_OF);
  const onError = (error: unknown) => {
    showErrors(error, t(editing ? 'groups.edit.failed' : 'groups.create.failed'));
    return true;
  };
  const create = useCreateGroup({ onSuccess: onCreated, onError });
  const update = useUpdateGroup(group?.id ?? '', {
    onSuccess: onCreated,
    onError,
    done: 'groups.edit.done',
  });
  const pending = create.isPending || update.isPending;
  const nameRef = useRef<HTMLInputElement | null>(null);
  useEffect(() => nameRef.current?.focus(), []);
  const { errors } = form.formState;
  const isPlan = form.watch('path').startsWith('plan:');
  const nameField = form.register('name');
  const select = (
    name: 'language' | 'path' | 'lessonsPerWeek' | 'duration',
    label: string,
    options: { value: string | number; label: string }[],
    asNumber = false,
  ) => {
    const error = message(errors[name]);
    return (
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-${name}`} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        <select
          id={`${id}-${name}`}
          className={inputClass}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-${name}-error` : undefined}
          {...form.register(name, asNumber ? { valueAsNumber: true } : {})}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        {error ? (
          <p id={`${id}-${name}-error`} role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </div>
    );
  };
  const textarea = (name: 'description' | 'meetingNote', max: number, hint: string) => {
    const error = message(errors[name]);
    return (
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-${name}`} className="text-sm font-medium text-slate-800">
          {t(`groups.create.${name}`)}
        </label>
        <textarea
          id={`${id}-${name}`}
          rows={name === 'description' ? 3 : 2}
          className={`${inputClass} resize-y`}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-${name}-hint${error ? ` ${id}-${name}-error` : ''}`}
          {...form.register(name)}
        />
        <p id={`${id}-${name}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
        {error ? (
          <p id={`${id}-${name}-error`} role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <form
      method="post"
      noValidate
      aria-busy={pending}
      aria-labelledby={`${id}-title`}
      className="grid gap-4"
      onSubmit={form.handleSubmit((values) =>
        editing
          ? update.mutate(toUpdateInput(values))
          : create.mutate(toCreateInput(groupId, values)),
      )}
    >
      <h2 id={`${id}-title`} className="font-serif text-2xl text-brand-950">
        {t(editing ? 'groups.edit.title' : 'groups.create.title')}
      </h2>
      <Field
        label={t('groups.create.name')}
        hint={t('groups.create.nameHint', { max: GROUP_NAME_MAX })}
        maxLength={GROUP_NAME_MAX}
        autoComplete="off"
        error={message(errors.name)}
        {...nameField}
        ref={(element) => {
          nameField.ref(element);
          nameRef.current = element;
        }}
      />
      {textarea(
        'description',
        GROUP_DESCRIPTION_MAX,
        t('groups.create.descriptionHint', { max: GROUP_DESCRIPTION_MAX }),
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {group ? (
          <div className="grid gap-1.5 sm:col-span-2">
            <p className="text-sm font-medium text-slate-800">{t('groups.create.path')}</p>
            <p className="text-slate-700">{group.pathTitle}</p>
            <p className="text-xs text-slate-600">{t('groups.edit.pathFixed')}</p>
          </div>
        ) : null}
        {group
          ? null
          : select('path', t('groups.create.path'), [
              ...COURSE_IDS.map((c) => ({
                value: `course:${c}`,
                label: t(`groups.paths.course${c}`),
              })),
              ...READING_PLAN_IDS.map((p) => ({
                value: `plan:${p}`,
                label: t(`groups.paths.plans.${p}`),
              })),
            ])}
        {group
          ? null
          : isPlan
            ? select(
                'duration',
                t('groups.create.duration'),
                PLAN_DURATIONS.map((d) => ({
                  value: d,
                  label: t('groups.create.days', { count: d }),
                })),
                true,
              )
            : select(
                'lessonsPerWeek',
                t('groups.create.lessonsPerWeek'),
                [1, 2, 3, 4, 5, 6, 7].map((n) => ({
                  value: n,
                  label: t('groups.create.perWeek', { count: n }),
                })),
                true,
              )}
        <Field
          type="date"
          label={t('groups.create.startsOn')}
          error={message(errors.startsOn)}
          {...form.register('startsOn')}
        />
        {select(
          'language',
          t('groups.create.language'),
          LANGUAGES.map((l) => ({ value: l, label: t(`language.${l}`) })),
        )}
      </div>
      {textarea(
        'meetingNote',
        GROUP_MEETING_NOTE_MAX,
        t('groups.create.meetingNoteHint', { max: GROUP_MEETING_NOTE_MAX }),
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={pending}>
          {editing
            ? t(pending ? 'groups.edit.submitting' : 'groups.edit.submit')
            : t(pending ? 'groups.create.submitting' : 'groups.create.submit')}
        </Button>
      </div>
    </form>
  );
}
