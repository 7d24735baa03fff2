import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { POPULAR_TAGS, parseTags } from '#shared/values/journal.ts';
import { Button } from '../../components/ui/Button.tsx';
import { CHIP } from '../../components/ui/Chips.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { Field, inputClass } from '../../components/ui/Field.tsx';
import { useKeepUnsaved, useKeptUnsaved } from '../../hooks/useKeepUnsaved.ts';
import { useDeviceValue } from '#delivery/app/device-value.ts';
import { newId } from '../../lib/outbox.ts';
import { useSaveEntry, type EntryStatus, type JournalDraft } from './api.ts';
import { JournalPrompt } from './JournalPrompt.tsx';
import { ScriptureAttach } from './ScriptureAttach.tsx';

export const EMPTY_DRAFT: JournalDraft = {
  id: null,
  title: '',
  content: '',
  scriptureReference: '',
  tags: '',
};

/** Writes a new entry or edits one: saved as a draft (editing goes on) or published (`onSaved`). */
export function JournalEditor({
  initial,
  onSaved,
}: {
  initial: JournalDraft;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  // Text typed and not saved when a session ended comes back after signing in again.
  const keptKey = `journal:${initial.id ?? 'new'}`;
  const unsaved = useKeptUnsaved<JournalDraft>(keptKey);
  // Kept in this tab: the page is drawn without it, and it comes back as the page opens.
  const kept = useDeviceValue(unsaved.kept, null);
  const [draft, setDraft] = useState<JournalDraft>(kept ?? initial);
  const [dirty, setDirty] = useState(kept !== null);
  const [keptShown, setKeptShown] = useState(kept);
  if (kept !== keptShown) {
    setKeptShown(kept);
    if (kept) {
      setDraft(kept);
      setDirty(true);
    }
  }
  useKeepUnsaved(keptKey, draft, dirty);
  const [scriptureError, setScriptureError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (patch: Partial<JournalDraft>) => {
    setDirty(true);
    setDraft((d) => ({ ...d, ...patch }));
  };

  // The new entry's id, chosen here: sent twice (queued offline), it is still one entry.
  const [createId] = useState(newId);
  const save = useSaveEntry({
    onSaved: () => setErrors({}),
    onStored: (entry, status) => {
      setDirty(false);
      if (status === 'published') {
        // The editor is replaced at once: what it kept must not come back in the next one.
        unsaved.forget();
        onSaved();
      } else setDraft((d) => ({ ...d, id: entry.id }));
    },
    // Kept on the device until the connection is back (the outbox holds it, not this tab's
    // unsaved text): the editor starts a new entry.
    onQueued: () => {
      setDirty(false);
      unsaved.forget();
      onSaved();
    },
    onFieldErrors: setErrors,
    onVerseNotFound: setScriptureError,
  });

  function submit(e: FormEvent, status: EntryStatus) {
    e.preventDefault();
    if (!draft.content.trim()) {
      setErrors({ content: t('validation.required') });
      return;
    }
    save.mutate({ draft, status, createId });
  }

  const tags = parseTags(draft.tags);
  return (
    <div className="grid gap-4">
      <JournalPrompt
        onUse={(prompt) =>
          set({ content: draft.content ? `${draft.content}\n\n${prompt}\n` : `${prompt}\n` })
        }
      />
      <Card>
        <form
          className="grid gap-4"
          noValidate
          data-keep-unsaved={keptKey}
          onSubmit={(e) => submit(e, 'published')}
        >
          <p className="text-sm font-medium text-slate-600">
            {draft.id ? t('journal.editing') : t('journal.newEntry')}
          </p>
          <Field
            label={t('journal.titleLabel')}
            value={draft.title}
            maxLength={150}
            error={errors.title}
            onChange={(e) => set({ title: e.target.value })}
          />
          <div className="grid gap-1.5">
            <label htmlFor="journal-content" className="text-sm font-medium text-slate-800">
              {t('journal.content')}
            </label>
            <textarea
              id="journal-content"
              rows={8}
              maxLength={50_000}
              value={draft.content}
              aria-invalid={errors.content ? true : undefined}
              aria-describedby={errors.content ? 'journal-content-error' : undefined}
              onChange={(e) => set({ content: e.target.value })}
              className={`${inputClass} resize-y leading-relaxed`}
            />
            {errors.content ? (
              <p id="journal-content-error" role="alert" className="text-sm text-red-700">
                {errors.content}
              </p>
            ) : null}
          </div>
          <ScriptureAttach
            value={draft.scriptureReference}
            onChange={(scriptureReference) => set({ scriptureReference })}
            error={scriptureError}
            onError={setScriptureError}
          />
          <div className="grid gap-2">
            <Field
              label={t('journal.tagsLabel')}
              value={draft.tags}
              maxLength={400}
              error={errors.tags}
              onChange={(e) => set({ tags: e.target.value })}
            />
            <div
              role="group"
              aria-label={t('journal.popularTags')}
              className="flex flex-wrap gap-2"
            >
              {POPULAR_TAGS.map((tag) => {
                // Typed as the member reads it; its key (`faith`) names the same tag.
                const word = t(`journal.tagNames.${tag}`);
                const same = (x: string) => x === word || x === tag;
                const on = tags.some(same);
                return (
                  <button
                    key={tag}
                    type="button"
                    aria-pressed={on}
                    onClick={() =>
                      set({
                        tags: (on ? tags.filter((x) => !same(x)) : [...tags, word]).join(', '),
                      })
                    }
                    className={CHIP}
                  >
                    #{word}
                  </button>
                );
              })}
            </div>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" disabled={save.isPending} onClick={(e) => submit(e, 'draft')}>
              {save.isPending ? t('journal.saving') : t('journal.saveDraft')}
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {t('journal.publish')}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
