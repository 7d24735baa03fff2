/**
 * Study sheets (issue 38 item 2): a group's leaders and co-leaders make, edit, share and delete
 * them; every member of the group lists them. The link's page is sheet-page.ts.
 */
import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { BOOKS } from '#shared/bible/books.ts';
import type { Language } from '#shared/constants.ts';
import {
  SHEET_ERRORS,
  SHEET_PATH_PREFIX,
  SHEET_VERSES_MAX,
  SHEETS_PER_GROUP_MAX,
  createSheetSchema,
  sheetListSchema,
  sheetSchema,
  updateSheetSchema,
  type Sheet,
} from '#shared/sheets.ts';
import {
  chapterLength,
  formatReference,
  rangesFromOsis,
  type VerseRange,
} from '../bible/reference.ts';
import type { Database } from '../db/client.ts';
import { createOnce } from '../db/create-once.ts';
import { studySheet } from '../db/schema.ts';
import { HttpError, notFound } from '../errors.ts';
import { currentUser } from '../security/access.ts';
import { isId, readMembership, requireLeaders } from './service.ts';

export type SheetRow = typeof studySheet.$inferSelect;

/** A new link's secret: 144 random bits, URL-safe. */
export const newSheetToken = () => randomBytes(18).toString('base64url');

/** The verses a range spans in the KJV numbering, or 0 when it names no verse. */
function versesIn({ start, end }: VerseRange): number {
  const valid = (p: VerseRange['start']) =>
    p.book >= 1 &&
    p.book <= BOOKS.length &&
    p.chapter >= 1 &&
    p.verse >= 1 &&
    p.verse <= chapterLength(p.book, p.chapter);
  if (!valid(start) || !valid(end)) return 0;
  const order = (p: VerseRange['start']) => p.book * 1_000_000 + p.chapter * 1000 + p.verse;
  if (order(end) < order(start)) return 0;
  let total = 0;
  for (let book = start.book; book <= end.book; book++) {
    const chapters = BOOKS[book - 1]!.chapters;
    const first = book === start.book ? start.chapter : 1;
    const last = book === end.book ? end.chapter : chapters;
    for (let chapter = first; chapter <= last; chapter++) {
      const from = book === start.book && chapter === start.chapter ? start.verse : 1;
      const to =
        book === end.book && chapter === end.chapter ? end.verse : chapterLength(book, chapter);
      total += to - from + 1;
    }
  }
  return total;
}

/**
 * The passages as saved: each names verses of the Bible, and together at most SHEET_VERSES_MAX.
 * A passage the browser did not get from the Bible API (edited by hand) is a translated 400.
 */
export function checkPassages(passages: readonly string[]): void {
  let total = 0;
  for (const osis of passages) {
    const ranges = rangesFromOsis(osis);
    const verses = ranges.map(versesIn);
    if (ranges.length === 0 || verses.includes(0)) {
      throw new HttpError(400, SHEET_ERRORS.passage, {}, 'SHEET_PASSAGE');
    }
    total += verses.reduce((a, b) => a + b, 0);
  }
  if (total > SHEET_VERSES_MAX) {
    throw new HttpError(400, SHEET_ERRORS.tooLong, { max: SHEET_VERSES_MAX }, 'SHEET_TOO_LONG');
  }
}

/** A passage's place in the reader's language ("Juan 10:1-18"). */
export const passageReference = (osis: string, lang: Language) =>
  formatReference(rangesFromOsis(osis), lang);

/** A sheet as its group's members and leaders receive it (sheetSchema; no author, no member). */
export function shapeSheet(row: SheetRow, lang: Language): Sheet {
  return {
    id: row.id,
    title: row.title,
    passages: row.passages.map((osis) => ({ osis, reference: passageReference(osis, lang) })),
    questions: row.questions,
    prayer: row.prayer,
    note: row.note,
    audience: row.audience,
    url: `${SHEET_PATH_PREFIX}${row.token}`,
    updatedAt: row.updatedAt.toISOString(),
  };
}

const params = z.object({ id: z.string().max(100) });
const sheetParams = z.object({ id: z.string().max(100), sheetId: z.string().max(100) });

export function registerSheetRoutes(appBase: FastifyInstance, deps: { db: Database }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['groups'];

  /** The group's sheet, for one of its leaders: another group's sheet is not found. */
  async function leadersSheet(groupId: string, sheetId: string, userId: string) {
    const { me } = await readMembership(db, groupId, userId);
    requireLeaders(me);
    if (!isId(sheetId)) throw notFound();
    const [row] = await db
      .select()
      .from(studySheet)
      .where(and(eq(studySheet.id, sheetId), eq(studySheet.groupId, groupId)));
    if (!row) throw notFound();
    return row;
  }

  app.get(
    '/api/groups/:id/sheets',
    {
      schema: {
        tags,
        summary: 'The group’s study sheets, newest first (every member)',
        params,
        response: { 200: sheetListSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { me } = await readMembership(db, request.params.id, user.id);
      const rows = await db
        .select()
        .from(studySheet)
        .where(eq(studySheet.groupId, request.params.id))
        .orderBy(desc(studySheet.updatedAt), desc(studySheet.id));
      return {
        items: rows.map((row) => shapeSheet(row, request.lang)),
        canEdit: me.role !== 'member',
      };
    },
  );

  app.post(
    '/api/groups/:id/sheets',
    {
      schema: {
        tags,
        summary: 'Make a study sheet (the leader and co-leaders)',
        params,
        body: createSheetSchema,
        response: { 200: sheetSchema, 201: sheetSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const groupId = request.params.id;
      const { me } = await readMembership(db, groupId, user.id);
      requireLeaders(me);
      const input = request.body;
      checkPassages(input.passages);
      const { row, created } = await createOnce(input.id, {
        find: async (id) => (await db.select().from(studySheet).where(eq(studySheet.id, id)))[0],
        owns: (found) => found.groupId === groupId,
        insert: (id) =>
          db.transaction(async (tx) => {
            const [held] = await tx
              .select({ n: count() })
              .from(studySheet)
              .where(eq(studySheet.groupId, groupId));
            if (Number(held?.n ?? 0) >= SHEETS_PER_GROUP_MAX) {
              throw new HttpError(
                409,
                SHEET_ERRORS.tooMany,
                { max: SHEETS_PER_GROUP_MAX },
                'SHEETS_FULL',
              );
            }
            const now = new Date();
            const [made] = await tx
              .insert(studySheet)
              .values({
                id,
                groupId,
                title: input.title,
                passages: input.passages,
                questions: input.questions,
                prayer: input.prayer,
                note: input.note,
                audience: input.audience,
                token: newSheetToken(),
                createdAt: now,
                updatedAt: now,
              })
              .onConflictDoNothing()
              .returning();
            return made ?? null;
          }),
      });
      return reply.status(created ? 201 : 200).send(shapeSheet(row, request.lang));
    },
  );

  app.put(
    '/api/groups/:id/sheets/:sheetId',
    {
      schema: {
        tags,
        summary: 'Save a study sheet again, whole (the leader and co-leaders)',
        params: sheetParams,
        body: updateSheetSchema,
        response: { 200: sheetSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { id, sheetId } = request.params;
      await leadersSheet(id, sheetId, user.id);
      checkPassages(request.body.passages);
      const [row] = await db
        .update(studySheet)
        .set({ ...request.body, updatedAt: new Date() })
        .where(and(eq(studySheet.id, sheetId), eq(studySheet.groupId, id)))
        .returning();
      if (!row) throw notFound();
      return shapeSheet(row, request.lang);
    },
  );

  app.post(
    '/api/groups/:id/sheets/:sheetId/link',
    {
      schema: {
        tags,
        summary: 'A new link for a study sheet: the old one stops opening it',
        params: sheetParams,
        response: { 200: sheetSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { id, sheetId } = request.params;
      await leadersSheet(id, sheetId, user.id);
      const [row] = await db
        .update(studySheet)
        .set({ token: newSheetToken(), updatedAt: new Date() })
        .where(and(eq(studySheet.id, sheetId), eq(studySheet.groupId, id)))
        .returning();
      if (!row) throw notFound();
      return shapeSheet(row, request.lang);
    },
  );

  app.delete(
    '/api/groups/:id/sheets/:sheetId',
    {
      schema: {
        tags,
        summary: 'Delete a study sheet; its link stops opening it',
        params: sheetParams,
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { id, sheetId } = request.params;
      await leadersSheet(id, sheetId, user.id);
      await db
        .delete(studySheet)
        .where(and(eq(studySheet.id, sheetId), eq(studySheet.groupId, id)));
      return reply.status(204).send();
    },
  );
}
