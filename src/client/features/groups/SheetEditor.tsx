import * as Dialog from '@radix-ui/react-dialog';
import ArrowDown from 'lucide-react/icons/arrow-down';
import ArrowUp from 'lucide-react/icons/arrow-up';
import Check from 'lucide-react/icons/check';
import Globe from 'lucide-react/icons/globe';
import Lock from 'lucide-react/icons/lock';
import Plus from 'lucide-react/icons/plus';
import X from 'lucide-react/icons/x';
import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { Sheet, UpdateSheetInput } from '#shared/sheets.ts';
// The limits without the schemas: Zod stays out of the editor's code.
import {
  SHEET_AUDIENCES,
  SHEET_NOTE_MAX,
  SHEET_PASSAGES_MAX,
  SHEET_PRAYER_MAX,
  SHEET_QUESTIONS_MAX,
  SHEET_QUESTION_MAX,
  SHEET_TITLE_MAX,
  type SheetAudience,
} from '#shared/values/sheets.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Field, inputClass } from '../../components/ui/Field.tsx';
import { Tip } from '../../components/ui/Tip.tsx';
import { cn } from '../../lib/cn.ts';
import { newId } from '../../lib/ids.ts';
import { errorMessage, fieldErrorsOf } from '../../lib/queryClient.ts';
import { DialogFooter, TextArea } from './form-parts.tsx';
import { findPassage, useCreateSheet, useUpdateSheet, type FoundPassage } from './sheets-api.ts';

export interface SheetEditorProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  groupId: string;
  /** The sheet to edit, or null for a new one. */
  sheet: Sheet | null;
  /** A new number each time the editor opens: its fields start again from `sheet`. */
  session: number;
}

/** The audience choices, each with its explanation and icon. */
const AUDIENCES: Record<SheetAudience, { label: string; hint: string; icon: typeof Lock }> = {
  group: {
    label: 'groups.sheets.audience.group',
    hint: 'groups.sheets.audience.groupHint',
    icon: Lock,
  },
  public: {
    label: 'groups.sheets.audience.public',
    hint: 'groups.sheets.audience.publicHint',
    icon: Globe,
  },
};

interface Question {
  /** Stable while the list is reordered (its field keeps its focus and its error). */
  key: string;
  text: string;
}

interface Errors {
  title?: string;
  prayer?: string;
  note?: string;
  /** By question key. */
  questions?: Record<string, string>;
  /** By OSIS. */
  passages?: Record<string, string>;
  /** The refusal as a whole, said next to Save. */
  form?: string;
}

/** How a question's buttons name it: its words (the start of a long one), or its place. */
const questionItem = (text: string, label: string) => {
  const words = text.trim().replace(/\s+/g, ' ');
  if (!words) return label;
  return words.length > 60 ? `${words.slice(0, 59).trimEnd()}…` : words;
};

const moved = <T,>(list: T[], from: number, to: number): T[] => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
};

/**
 * A row's up, down and remove buttons (icons, named with the item). An end's button is only
 * `aria-disabled`: it keeps the focus when its item has just moved there.
 */
function ItemButtons({
  item,
  index,
  count,
  onMove,
  onRemove,
  focusName,
}: {
  /** How the buttons name the item ("Move up: John 10:1-18"). */
  item: string;
  index: number;
  count: number;
  onMove: (to: number) => void;
  onRemove: () => void;
  /** Names each button for the editor's focus (`<focusName>:up`). */
  focusName: string;
}) {
  const { t } = useTranslation();
  const buttons = [
    {
      action: 'up' as const,
      label: t('groups.sheets.editor.moveUp', { item }),
      icon: ArrowUp,
      disabled: index === 0,
      run: () => onMove(index - 1),
    },
    {
      action: 'down' as const,
      label: t('groups.sheets.editor.moveDown', { item }),
      icon: ArrowDown,
      disabled: index === count - 1,
      run: () => onMove(index + 1),
    },
    {
      action: 'remove' as const,
      label: t('groups.sheets.editor.remove', { item }),
      icon: X,
      disabled: false,
      run: onRemove,
    },
  ];
  return (
    <div className="flex shrink-0 items-center">
      {buttons.map(({ action, label, icon: Icon, disabled, run }) => (
        <Tip key={action} label={label}>
          <button
            type="button"
            data-focus={`${focusName}:${action}`}
            aria-label={label}
            aria-disabled={disabled || undefined}
            onClick={() => {
              if (!disabled) run();
            }}
            className={cn(
              'inline-flex size-9 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-900/5 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 aria-disabled:cursor-not-allowed aria-disabled:opacity-40 aria-disabled:hover:bg-transparent',
              action === 'remove' && 'hover:text-red-700',
            )}
          >
            <Icon className="size-4" aria-hidden />
          </button>
        </Tip>
      ))}
    </div>
  );
}

/** The form, new for each opening (its key is the session). */
function EditorForm({
  groupId,
  sheet,
  onDone,
}: {
  groupId: string;
  sheet: Sheet | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  // This new sheet's id: saved again (its answer lost, or Save pressed again), it is one sheet.
  const [sheetId] = useState(() => sheet?.id ?? newId());
  const [title, setTitle] = useState(sheet?.title ?? '');
  const [passages, setPassages] = useState<FoundPassage[]>(
    () => sheet?.passages.map(({ osis, reference }) => ({ osis, reference })) ?? [],
  );
  const [questions, setQuestions] = useState<Question[]>(
    () => sheet?.questions.map((text) => ({ key: newId(), text })) ?? [],
  );
  const [prayer, setPrayer] = useState(sheet?.prayer ?? '');
  const [note, setNote] = useState(sheet?.note ?? '');
  const [audience, setAudience] = useState<SheetAudience>(sheet?.audience ?? 'group');
  const [reference, setReference] = useState('');
  const [finding, setFinding] = useState(false);
  const [passageNotice, setPassageNotice] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [dirty, setDirty] = useState(false);
  // The button that opened the editor (New sheet, a row's Edit): the focus goes back to it.
  const [opener] = useState(() =>
    document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );

  // The list as it is now, for a lookup that ends after it changed.
  const passagesNow = useRef(passages);
  useEffect(() => {
    passagesNow.current = passages;
  }, [passages]);
  const findingNow = useRef(false);
  // What was sent, to place the server's errors (`questions.2`) on the fields they are about.
  const sent = useRef<{ questions: string[]; passages: string[] }>({ questions: [], passages: [] });

  const form = useRef<HTMLFormElement>(null);
  const titleField = useRef<HTMLInputElement>(null);
  // The control that takes the focus after a change (a row moved or removed, a question
  // added), by its `data-focus` name: the row's buttons and fields are drawn again.
  const focusNext = useRef<string | null>(null);
  useLayoutEffect(() => {
    const wanted = focusNext.current;
    if (!wanted) return;
    focusNext.current = null;
    form.current?.querySelector<HTMLElement>(`[data-focus="${wanted}"]`)?.focus();
  });

  const changed = () => setDirty(true);

  const create = useCreateSheet(groupId, { onSuccess: onDone, onError: (e) => refused(e) });
  const update = useUpdateSheet(groupId, sheetId, {
    onSuccess: onDone,
    onError: (e) => refused(e),
  });
  const saving = create.isPending || update.isPending;

  /** The server's refusal, shown in the dialog with everything typed kept. */
  function refused(error: unknown): boolean {
    const next: Errors = { form: errorMessage(error, t), questions: {}, passages: {} };
    for (const [path, message] of Object.entries(fieldErrorsOf(error))) {
      const [field, index] = path.split('.');
      const at = Number(index);
      if (field === 'title' || field === 'prayer' || field === 'note') next[field] = message;
      else if (field === 'questions' && sent.current.questions[at]) {
        next.questions![sent.current.questions[at]] = message;
      } else if (field === 'passages' && sent.current.passages[at]) {
        next.passages![sent.current.passages[at]] = message;
      } else next.form = `${next.form} ${message}`;
    }
    setErrors(next);
    return true;
  }

  /**
   * Looks the typed reference up and adds its passage: the new list, or null when it was not
   * added (not found, already there, a failure: said under the field, which keeps the text).
   * The field has the focus again, but when Save asked (`forSave`) and it was added.
   */
  async function addPassage(forSave = false): Promise<FoundPassage[] | null> {
    const typed = reference.trim();
    if (!typed) return passagesNow.current;
    if (findingNow.current) return null;
    findingNow.current = true;
    setFinding(true);
    setPassageNotice(null);
    try {
      const found = await findPassage(typed);
      const list = passagesNow.current;
      let notice: string | null = null;
      if (!found) notice = t('groups.sheets.editor.notFound', { reference: typed });
      else if (list.some((p) => p.osis === found.osis)) {
        notice = t('groups.sheets.editor.already', { reference: found.reference });
      }
      if (!found || notice) {
        setPassageNotice(notice);
        focusNext.current = 'reference';
        return null;
      }
      const next = [...list, found];
      setPassages(next);
      changed();
      // Cleared unless the leader typed something else meanwhile.
      setReference((now) => (now.trim() === typed ? '' : now));
      if (!forSave) focusNext.current = 'reference';
      return next;
    } catch (error) {
      setPassageNotice(errorMessage(error, t));
      return null;
    } finally {
      findingNow.current = false;
      setFinding(false);
    }
  }

  const onReferenceKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    // Enter adds the passage; it does not send the form.
    event.preventDefault();
    void addPassage();
  };

  const movePassage = (from: number, to: number, action: 'up' | 'down') => {
    const key = passages[from]!.osis;
    setPassages(moved(passages, from, to));
    changed();
    focusNext.current = `passage:${key}:${action}`;
  };
  const removePassage = (index: number) => {
    const next = passages.filter((_, i) => i !== index);
    setPassages(next);
    changed();
    const neighbour = next[index] ?? next[index - 1];
    focusNext.current = neighbour ? `passage:${neighbour.osis}:remove` : 'reference';
  };

  const addQuestion = () => {
    const key = newId();
    setQuestions([...questions, { key, text: '' }]);
    changed();
    focusNext.current = `question:${key}`;
  };
  const moveQuestion = (from: number, to: number, action: 'up' | 'down') => {
    const key = questions[from]!.key;
    setQuestions(moved(questions, from, to));
    changed();
    focusNext.current = `question:${key}:${action}`;
  };
  const removeQuestion = (index: number) => {
    const next = questions.filter((_, i) => i !== index);
    setQuestions(next);
    changed();
    const neighbour = next[index] ?? next[index - 1];
    focusNext.current = neighbour ? `question:${neighbour.key}:remove` : 'add-question';
  };
  const setQuestion = (key: string, text: string) => {
    setQuestions((list) => list.map((q) => (q.key === key ? { ...q, text } : q)));
    changed();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving || findingNow.current) return;
    if (!title.trim()) {
      setErrors({ title: t('validation.required') });
      titleField.current?.focus();
      return;
    }
    setErrors({});
    // A passage typed and not added yet is added first (or its problem said, and nothing sent).
    const list = await addPassage(true);
    if (!list) return;
    const kept = questions.filter((q) => q.text.trim() !== '');
    sent.current = { questions: kept.map((q) => q.key), passages: list.map((p) => p.osis) };
    const body: UpdateSheetInput = {
      title: title.trim(),
      passages: list.map((p) => p.osis),
      questions: kept.map((q) => q.text.trim()),
      prayer: prayer.trim(),
      note: note.trim(),
      audience,
    };
    if (sheet) update.mutate(body);
    else create.mutate({ id: sheetId, ...body });
  }

  const referenceDescribedBy = [`${id}-reference-hint`, passageNotice ? `${id}-notice` : null]
    .filter(Boolean)
    .join(' ');

  return (
    <Dialog.Content
      // A tap beside the dialog does not throw away what was typed.
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
      <form
        ref={form}
        noValidate
        onSubmit={(e) => void submit(e)}
        className="flex min-h-0 flex-1 flex-col"
      >
        <div className="grid min-h-0 flex-1 gap-5 overflow-y-auto p-5 sm:p-6">
          <div className="grid gap-1">
            <Dialog.Title className="font-serif text-2xl text-brand-950">
              {sheet ? t('groups.sheets.editor.editTitle') : t('groups.sheets.editor.newTitle')}
            </Dialog.Title>
            <Dialog.Description className="text-sm text-slate-600">
              {t('groups.sheets.editor.description')}
            </Dialog.Description>
          </div>

          <Field
            ref={titleField}
            label={t('groups.sheets.editor.title')}
            placeholder={t('groups.sheets.editor.titlePlaceholder')}
            autoComplete="off"
            maxLength={SHEET_TITLE_MAX}
            value={title}
            error={errors.title}
            onChange={(e) => {
              setTitle(e.target.value);
              changed();
            }}
          />

          <fieldset className="grid min-w-0 gap-3">
            <legend className="mb-1 font-semibold text-brand-950">
              {t('groups.sheets.editor.passages')}
            </legend>
            {passages.length === 0 ? (
              <p className="text-sm text-slate-600">{t('groups.sheets.editor.noPassages')}</p>
            ) : (
              <ol className="grid gap-2">
                {passages.map((passage, index) => (
                  <li
                    key={passage.osis}
                    className="grid gap-1 rounded-xl border border-slate-200 bg-slate-50 py-1 pl-3 pr-1"
                  >
                    <div className="flex items-center gap-2">
                      <span className="min-w-0 flex-1 break-words text-sm font-medium text-slate-900">
                        {passage.reference}
                      </span>
                      <ItemButtons
                        item={passage.reference}
                        index={index}
                        count={passages.length}
                        onMove={(to) => movePassage(index, to, to < index ? 'up' : 'down')}
                        onRemove={() => removePassage(index)}
                        focusName={`passage:${passage.osis}`}
                      />
                    </div>
                    {errors.passages?.[passage.osis] ? (
                      <p role="alert" className="pb-1 text-sm text-red-700">
                        {errors.passages[passage.osis]}
                      </p>
                    ) : null}
                  </li>
                ))}
              </ol>
            )}
            {passages.length < SHEET_PASSAGES_MAX ? (
              <div className="grid gap-1.5">
                <label htmlFor={`${id}-reference`} className="text-sm font-medium text-slate-800">
                  {t('groups.sheets.editor.passageLabel')}
                </label>
                <div className="flex gap-2">
                  <input
                    id={`${id}-reference`}
                    data-focus="reference"
                    type="text"
                    autoComplete="off"
                    enterKeyHint="done"
                    maxLength={200}
                    placeholder={t('groups.sheets.editor.passagePlaceholder')}
                    value={reference}
                    aria-invalid={passageNotice ? true : undefined}
                    aria-describedby={referenceDescribedBy}
                    onChange={(e) => {
                      setReference(e.target.value);
                      setPassageNotice(null);
                    }}
                    onKeyDown={onReferenceKey}
                    className={cn(inputClass, 'min-w-0 flex-1')}
                  />
                  <Button
                    variant="outline"
                    className="shrink-0"
                    disabled={finding}
                    aria-busy={finding || undefined}
                    onClick={() => void addPassage()}
                  >
                    {finding ? (
                      t('groups.sheets.editor.finding')
                    ) : (
                      <>
                        <Plus className="size-4" aria-hidden />
                        {t('groups.sheets.editor.addPassage')}
                      </>
                    )}
                  </Button>
                </div>
                <p id={`${id}-reference-hint`} className="text-xs text-slate-600">
                  {t('groups.sheets.editor.passageHint')}
                </p>
                {passageNotice ? (
                  <p id={`${id}-notice`} role="alert" className="text-sm text-red-700">
                    {passageNotice}
                  </p>
                ) : null}
                {/* Said while the reference is looked up (Enter gives no other sign). */}
                <p role="status" className="sr-only">
                  {finding ? t('groups.sheets.editor.finding') : ''}
                </p>
              </div>
            ) : null}
          </fieldset>

          <fieldset className="grid min-w-0 gap-3">
            <legend className="mb-1 font-semibold text-brand-950">
              {t('groups.sheets.editor.questions')}
            </legend>
            {questions.length > 0 ? (
              <ol className="grid gap-3">
                {questions.map((question, index) => {
                  const label = t('groups.sheets.editor.question', { n: index + 1 });
                  return (
                    <li key={question.key}>
                      <TextArea
                        label={label}
                        value={question.text}
                        onChange={(text) => setQuestion(question.key, text)}
                        max={SHEET_QUESTION_MAX}
                        rows={2}
                        error={errors.questions?.[question.key]}
                        focusName={`question:${question.key}`}
                        labelAside={
                          <ItemButtons
                            item={questionItem(question.text, label)}
                            index={index}
                            count={questions.length}
                            onMove={(to) => moveQuestion(index, to, to < index ? 'up' : 'down')}
                            onRemove={() => removeQuestion(index)}
                            focusName={`question:${question.key}`}
                          />
                        }
                      />
                    </li>
                  );
                })}
              </ol>
            ) : null}
            {questions.length < SHEET_QUESTIONS_MAX ? (
              <Button
                data-focus="add-question"
                variant="outline"
                size="sm"
                className="w-fit"
                onClick={addQuestion}
              >
                <Plus className="size-4" aria-hidden />
                {t('groups.sheets.editor.addQuestion')}
              </Button>
            ) : null}
          </fieldset>

          <TextArea
            label={t('groups.sheets.editor.prayer')}
            placeholder={t('groups.sheets.editor.prayerPlaceholder')}
            value={prayer}
            onChange={(value) => {
              setPrayer(value);
              changed();
            }}
            max={SHEET_PRAYER_MAX}
            error={errors.prayer}
          />
          <TextArea
            label={t('groups.sheets.editor.note')}
            value={note}
            onChange={(value) => {
              setNote(value);
              changed();
            }}
            max={SHEET_NOTE_MAX}
            error={errors.note}
          />

          <fieldset className="grid min-w-0 gap-2">
            <legend className="mb-1 font-semibold text-brand-950">
              {t('groups.sheets.audience.label')}
            </legend>
            {SHEET_AUDIENCES.map((choice) => {
              const { label, hint, icon: Icon } = AUDIENCES[choice];
              const checked = audience === choice;
              return (
                <label key={choice} className="relative block cursor-pointer">
                  <input
                    type="radio"
                    name={`${id}-audience`}
                    value={choice}
                    checked={checked}
                    aria-labelledby={`${id}-${choice}`}
                    aria-describedby={`${id}-${choice}-hint`}
                    onChange={() => {
                      setAudience(choice);
                      changed();
                    }}
                    className="peer sr-only"
                  />
                  <span
                    className={cn(
                      'grid gap-1 rounded-2xl border p-3 pr-10 transition-colors peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500 peer-focus-visible:ring-offset-2',
                      checked
                        ? 'border-brand-700 bg-brand-50 ring-1 ring-brand-700'
                        : 'border-slate-200 hover:border-brand-300 hover:bg-slate-50',
                    )}
                  >
                    <span className="flex items-center gap-2 text-sm font-semibold text-brand-950">
                      <Icon className="size-4 shrink-0 text-brand-700" aria-hidden />
                      <span id={`${id}-${choice}`}>{t(label)}</span>
                    </span>
                    <span id={`${id}-${choice}-hint`} className="text-sm text-slate-700">
                      {t(hint)}
                    </span>
                  </span>
                  {checked ? (
                    <Check className="absolute right-3 top-3 size-5 text-brand-700" aria-hidden />
                  ) : null}
                </label>
              );
            })}
          </fieldset>
        </div>

        <DialogFooter
          error={errors.form}
          saving={saving}
          labels={{
            cancel: t('groups.sheets.editor.cancel'),
            save: t('groups.sheets.editor.save'),
            saving: t('groups.sheets.editor.saving'),
          }}
        />
      </form>
    </Dialog.Content>
  );
}

/**
 * A study sheet's editor (new or edit): title, passages looked up by reference, questions,
 * a prayer prompt, a note and who may open the link. Its body scrolls under a footer that keeps
 * Save and Cancel in view on a phone. Loaded when first opened (SheetsPanel).
 */
export default function SheetEditor({
  open,
  onOpenChange,
  groupId,
  sheet,
  session,
}: SheetEditorProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[80] bg-slate-900/50" />
        <EditorForm
          key={session}
          groupId={groupId}
          sheet={sheet}
          onDone={() => onOpenChange(false)}
        />
      </Dialog.Portal>
    </Dialog.Root>
  );
}
