/**
 * Study sheets (hojas de estudio, issue 38 item 2): what a group's leaders prepare for a meeting
 * (passages, questions, a prayer prompt, a note) and share by a link. The link's page is drawn
 * by the server and reads fully without JavaScript (src/server/groups/sheet-page.ts); its
 * passages are stored as OSIS in the KJV numbering and shown to each reader in their own
 * language and translation.
 */
import { z } from 'zod';
import {
  SHEET_AUDIENCES,
  SHEET_NOTE_MAX,
  SHEET_PASSAGES_MAX,
  SHEET_PRAYER_MAX,
  SHEET_QUESTION_MAX,
  SHEET_QUESTIONS_MAX,
  SHEET_TITLE_MAX,
} from './values/sheets.ts';
import { chosenIdSchema } from './schemas/chosen-id.ts';
import { optionalText, requiredText as text } from './schemas/text.ts';
export * from './values/sheets.ts';

export const SHEET_ERRORS = {
  /** 400: a passage that names no verse of the Bible. */
  passage: 'groups.sheets.errors.passage',
  /** 400: the passages together are longer than SHEET_VERSES_MAX verses. */
  tooLong: 'groups.sheets.errors.tooLong',
  /** 409: the group has SHEETS_PER_GROUP_MAX sheets. */
  tooMany: 'groups.sheets.errors.tooMany',
} as const;

/** One passage as OSIS ("John.3.16-John.3.21", ranges joined by commas), as the Bible API names it. */
export const osisSchema = z
  .string({ error: 'validation.invalid' })
  .max(200, { error: 'validation.invalid' })
  .regex(
    /^[1-3A-Za-z]+\.\d+\.\d+(-[1-3A-Za-z]+\.\d+\.\d+)?(,[1-3A-Za-z]+\.\d+\.\d+(-[1-3A-Za-z]+\.\d+\.\d+)?)*$/,
    {
      error: SHEET_ERRORS.passage,
    },
  );

const sheetFields = {
  title: text(SHEET_TITLE_MAX),
  passages: z
    .array(osisSchema, { error: 'validation.invalid' })
    .max(SHEET_PASSAGES_MAX, { error: `validation.max:${SHEET_PASSAGES_MAX}` }),
  questions: z
    .array(text(SHEET_QUESTION_MAX), { error: 'validation.invalid' })
    .max(SHEET_QUESTIONS_MAX, { error: `validation.max:${SHEET_QUESTIONS_MAX}` }),
  prayer: optionalText(SHEET_PRAYER_MAX),
  note: optionalText(SHEET_NOTE_MAX),
  audience: z.enum(SHEET_AUDIENCES, { error: 'validation.invalid' }),
};

export const createSheetSchema = z
  .object({
    /** Chosen by the browser (ADR 0039): the same id sent twice makes one sheet. */
    id: chosenIdSchema,
    ...sheetFields,
    prayer: sheetFields.prayer.default(''),
    note: sheetFields.note.default(''),
    audience: sheetFields.audience.default('group'),
  })
  .strict();
export type CreateSheetInput = z.input<typeof createSheetSchema>;

/** The whole sheet as saved again from the editor. */
export const updateSheetSchema = z.object(sheetFields).strict();
export type UpdateSheetInput = z.input<typeof updateSheetSchema>;

export const sheetPassageSchema = z.object({
  osis: z.string(),
  /** The place in the reader's language ("Juan 3:16-21"). */
  reference: z.string(),
});

/**
 * A sheet as its group's members and leaders receive it (the contract test lists these
 * fields): no author, no member's data. `url` is the link's path; only leaders change it.
 */
export const sheetSchema = z.object({
  id: z.string(),
  title: z.string(),
  passages: z.array(sheetPassageSchema),
  questions: z.array(z.string()),
  prayer: z.string(),
  note: z.string(),
  audience: z.enum(SHEET_AUDIENCES),
  url: z.string(),
  updatedAt: z.string(),
});
export type Sheet = z.output<typeof sheetSchema>;

export const sheetListSchema = z.object({
  items: z.array(sheetSchema),
  /** The reader may create, edit, share and delete (the leader and co-leaders). */
  canEdit: z.boolean(),
});
export type SheetList = z.output<typeof sheetListSchema>;
