import type { Study } from '#shared/schemas/bible.ts';
import { forgetUnsaved, keepUnsaved, keptUnsaved } from '../../lib/unsaved.ts';

export const STEPS = ['observation', 'interpretation', 'application'] as const;
export type Step = (typeof STEPS)[number];
export type StudyForm = { reference: string; translation: string; title: string } & Record<
  Step,
  string
>;

/**
 * A study's unsaved draft is kept on this device (it survives closing the tab), under the
 * member's id (lib/unsaved.ts): `new` before the study is saved, else the study's id.
 */
const draftKey = (id: string | null) => `study:${id ?? 'new'}`;

/** Keeps the member's unsaved draft of study `id` (null: a new one) on this device. */
export function keepDraft(memberId: string, id: string | null, form: StudyForm) {
  keepUnsaved(memberId, draftKey(id), form, 'device');
}

/** Forgets the member's draft of study `id`: it is saved, or the study deleted. */
export function forgetDraft(memberId: string, id: string | null) {
  forgetUnsaved(memberId, draftKey(id), 'device');
}

/** The editor's first form: the member's draft on this device, else the saved study, else `empty`. */
export function initialState(
  memberId: string | undefined,
  id: string | null,
  saved: Study | undefined,
  empty: StudyForm,
): { form: StudyForm; restored: boolean } {
  const draft = memberId ? keptUnsaved<Partial<StudyForm>>(memberId, draftKey(id), 'device') : null;
  if (draft && typeof draft === 'object') return { form: { ...empty, ...draft }, restored: true };
  if (saved) {
    const { reference, translation, title, observation, interpretation, application } = saved;
    return {
      form: { reference, translation, title, observation, interpretation, application },
      restored: false,
    };
  }
  return { form: empty, restored: false };
}
