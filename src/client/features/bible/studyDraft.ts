import type { Study } from '#shared/schemas/bible.ts';

export const STEPS = ['observation', 'interpretation', 'application'] as const;
export type Step = (typeof STEPS)[number];
export type StudyForm = { reference: string; translation: string; title: string } & Record<
  Step,
  string
>;

/** The local-storage key of a study's unsaved draft on this device (`new` before it is saved). */
export const draftKey = (id: string | null) => `study-draft:${id ?? 'new'}`;

/** The editor's first form: the draft on this device, else the saved study, else `empty`. */
export function initialState(
  id: string | null,
  saved: Study | undefined,
  empty: StudyForm,
): { form: StudyForm; restored: boolean } {
  const draft = localStorage.getItem(draftKey(id));
  if (draft) {
    try {
      return { form: { ...empty, ...(JSON.parse(draft) as StudyForm) }, restored: true };
    } catch {
      localStorage.removeItem(draftKey(id));
    }
  }
  if (saved) {
    const { reference, translation, title, observation, interpretation, application } = saved;
    return {
      form: { reference, translation, title, observation, interpretation, application },
      restored: false,
    };
  }
  return { form: empty, restored: false };
}
