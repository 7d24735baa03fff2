import { and, count, desc, eq, getTableColumns, ilike, or, sql, type SQL } from 'drizzle-orm';
import { defaultTranslation } from '#shared/bible/translation.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  JOURNAL_PAGE_SIZE,
  journalEntrySchema,
  journalInputSchema,
  journalQuerySchema,
  journalUpdateSchema,
} from '#shared/schemas/journal.ts';
import { localDate, usableTimeZone } from '#shared/values/time.ts';
import { keysetBatches, startingWith, textStream } from '../db/batches.ts';
import type { Database } from '../db/client.ts';
import { journalEntry } from '../db/schema.ts';
import { HttpError, notFound } from '../errors.ts';
import { translate } from '../i18n/translate.ts';
import { currentUser } from '../security/access.ts';
import type { Language } from '#shared/constants.ts';
import { formatReference, parseReference, rangesFromOsis } from '../bible/reference.ts';
import { readPassage, type BibleCatalog } from '../bible/service.ts';
import { recordActivity } from '../practice/activity.ts';
import { tagKey, tagKeys, tagLabel } from './tags.ts';

type Row = typeof journalEntry.$inferSelect;

/** A stored reference shown from its canonical (OSIS) form, named in the reader's language. */
const shownReference = (r: Row, lang: Language) =>
  r.scriptureOsis ? formatReference(rangesFromOsis(r.scriptureOsis), lang) : r.scriptureReference;

const toEntry = (r: Row, lang: Language) => ({
  id: r.id,
  title: r.title,
  content: r.content,
  scriptureReference: shownReference(r, lang),
  scriptureText: r.scriptureText,
  scriptureTranslation: r.scriptureTranslation,
  tags: r.tags,
  status: r.status,
  publishedAt: r.publishedAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** The export's title and date, the start of the journal's Markdown file. */
function journalMarkdownHead(lang: Language, timeZone: string, now: Date): string {
  const t = (key: string) => translate(lang, key);
  return [
    `# ${t('journal.export.title')}`,
    '',
    `_${t('journal.export.generated')}: ${localDate(now, timeZone)}_`,
    '',
  ].join('\n');
}

/** One entry of the journal's Markdown file, without the line break that joins it to the one before. */
function journalMarkdownEntry(r: Row, lang: Language, timeZone: string): string {
  const t = (key: string) => translate(lang, key);
  const lines = [
    `## ${r.title || t(r.status === 'draft' ? 'journal.untitled' : 'journal.untitledEntry')}`,
    '',
    `_${localDate(r.createdAt, timeZone)} · ${r.status === 'draft' ? t('journal.status.draft') : t('journal.status.published')}_`,
    '',
  ];
  if (r.scriptureReference) {
    lines.push(
      `> ${r.scriptureText ?? ''}`,
      `> — ${shownReference(r, lang)}${r.scriptureTranslation ? ` (${r.scriptureTranslation})` : ''}`,
      '',
    );
  }
  lines.push(r.content, '');
  if (r.tags.length)
    lines.push(
      `${t('journal.tags')}: ${r.tags.map((tag) => `#${tagLabel(tag, lang)}`).join(' ')}`,
      '',
    );
  return lines.join('\n');
}

/**
 * Journal entries as one Markdown file, built in memory (what the stream below must equal), in
 * the member's language, with dates on their calendar (`timeZone`).
 */
export function journalMarkdown(
  rows: readonly Row[],
  lang: Language,
  timeZone: string,
  now = new Date(),
): string {
  return [
    journalMarkdownHead(lang, timeZone, now),
    ...rows.map((r) => journalMarkdownEntry(r, lang, timeZone)),
  ].join('\n');
}

/**
 * Journal entries as one Markdown file, written batch by batch as they are read (the journal's
 * export, and the personal data archive's `journal.md`): the same text as `journalMarkdown`,
 * one entry a piece and one batch of entries in memory at a time (ADR 0046).
 */
export async function* journalMarkdownStream(
  batches: AsyncIterable<readonly Row[]>,
  lang: Language,
  timeZone: string,
  now = new Date(),
): AsyncGenerator<string> {
  yield journalMarkdownHead(lang, timeZone, now);
  for await (const rows of batches) {
    for (const r of rows) yield `\n${journalMarkdownEntry(r, lang, timeZone)}`;
  }
}

/** A member's entries matching `where`, newest first, in keyset batches (ADR 0046). */
export function journalBatches(db: Database, where: SQL): AsyncGenerator<Row[]> {
  return keysetBatches<Row>(db, {
    table: journalEntry,
    columns: getTableColumns(journalEntry),
    where,
    keys: [journalEntry.createdAt, journalEntry.id],
    direction: 'desc',
  });
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function registerJournalRoutes(
  appBase: FastifyInstance,
  deps: { db: Database; bible: BibleCatalog },
) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { db, bible } = deps;
  const idParams = z.object({ id: z.string().min(1).max(100) });

  /** The attached scripture: reference in the reader's language and its text (SPEC §2). */
  async function scripture(request: FastifyRequest, reference: string | null | undefined) {
    if (reference === undefined) return {};
    if (reference === null || reference.trim() === '') {
      return {
        scriptureReference: null,
        scriptureOsis: null,
        scriptureText: null,
        scriptureTranslation: null,
      };
    }
    const lang = request.lang;
    const parsed = parseReference(reference, lang);
    if (!parsed) throw new HttpError(400, 'bible.errors.verseNotFound', {}, 'VERSE_NOT_FOUND');
    const me = currentUser(request);
    const { code } = bible.resolve(
      defaultTranslation(me.preferences.bibleTranslation, lang, me.preferences.spanishBible),
      lang,
    );
    const verses = await readPassage(db, bible, code, parsed.ranges, lang);
    if (verses.length === 0)
      throw new HttpError(400, 'bible.errors.verseNotFound', {}, 'VERSE_NOT_FOUND');
    return {
      scriptureReference: formatReference(parsed.ranges, lang),
      scriptureOsis: parsed.osis,
      scriptureText: verses.map((v) => v.text).join(' '),
      scriptureTranslation: code,
    };
  }

  function filters(userId: string, q: z.infer<typeof journalQuerySchema>): SQL {
    const where: SQL[] = [eq(journalEntry.userId, userId)];
    if (q.q) {
      const pattern = `%${escapeLike(q.q)}%`;
      where.push(or(ilike(journalEntry.title, pattern), ilike(journalEntry.content, pattern))!);
    }
    // A preset named in either language (`fe`, `faith`) finds the entries tagged with it.
    if (q.tag) where.push(sql`${journalEntry.tags} @> ${JSON.stringify([tagKey(q.tag)])}::jsonb`);
    if (q.status) where.push(eq(journalEntry.status, q.status));
    return and(...where)!;
  }

  async function own(request: FastifyRequest, id: string): Promise<Row> {
    const [row] = await db
      .select()
      .from(journalEntry)
      .where(and(eq(journalEntry.id, id), eq(journalEntry.userId, currentUser(request).id)));
    if (!row) throw notFound();
    return row;
  }

  app.get(
    '/api/journal',
    {
      schema: {
        tags: ['journal'],
        summary: 'My journal entries, newest first, 20 a page; search, tag and status filters',
        querystring: journalQuerySchema.extend({
          page: z.coerce.number().int().min(1).max(10_000).default(1),
        }),
        response: {
          200: z.object({
            items: z.array(journalEntrySchema),
            total: z.number(),
            page: z.number(),
            pageSize: z.number(),
          }),
        },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const where = filters(me.id, request.query);
      const { page } = request.query;
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(journalEntry)
          .where(where)
          .orderBy(desc(journalEntry.updatedAt), desc(journalEntry.id))
          .limit(JOURNAL_PAGE_SIZE)
          .offset((page - 1) * JOURNAL_PAGE_SIZE),
        db.select({ n: count() }).from(journalEntry).where(where),
      ]);
      return {
        items: rows.map((r) => toEntry(r, request.lang)),
        total: Number(totals[0]?.n ?? 0),
        page,
        pageSize: JOURNAL_PAGE_SIZE,
      };
    },
  );

  app.post(
    '/api/journal',
    {
      schema: {
        tags: ['journal'],
        summary: 'Write an entry (draft or published)',
        body: journalInputSchema,
        response: { 200: journalEntrySchema, 201: journalEntrySchema },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const { scriptureReference, id: chosenId, ...body } = request.body;
      // Sent again (queued offline, or its answer lost): the entry already made.
      const already = async () => {
        if (!chosenId) return null;
        const [row] = await db.select().from(journalEntry).where(eq(journalEntry.id, chosenId));
        if (row && row.userId !== me.id) {
          throw new HttpError(409, 'journal.errors.idTaken', {}, 'ID_TAKEN');
        }
        return row ?? null;
      };
      const existing = await already();
      if (existing) return reply.status(200).send(toEntry(existing, request.lang));
      const now = new Date();
      const attached = await scripture(request, scriptureReference);
      const row = await db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(journalEntry)
          .values({
            ...body,
            tags: tagKeys(body.tags),
            ...attached,
            id: chosenId ?? randomUUID(),
            userId: me.id,
            publishedAt: body.status === 'published' ? now : null,
          })
          .onConflictDoNothing({ target: journalEntry.id })
          .returning();
        if (!inserted) return null;
        const { id, title } = inserted;
        await recordActivity(tx, me, { kind: 'journal', subject: id, label: title }, now);
        return inserted;
      });
      // Two copies at once: the other one made it.
      if (!row) return reply.status(200).send(toEntry((await already())!, request.lang));
      return reply.status(201).send(toEntry(row, request.lang));
    },
  );

  app.get(
    '/api/journal/export',
    {
      schema: {
        tags: ['journal'],
        summary: 'All (or the filtered) entries as a Markdown file',
        querystring: journalQuerySchema,
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      // The first batch is read before answering: no entries is a 404, not an empty file.
      const batches = journalBatches(db, filters(me.id, request.query));
      const first = await batches.next();
      if (first.done) {
        throw new HttpError(404, 'journal.errors.nothingToExport', {}, 'NOTHING_TO_EXPORT');
      }
      const now = new Date();
      const zone = usableTimeZone(me.preferences.timeZone);
      const entries = startingWith(first.value, batches);
      return reply
        .header('content-type', 'text/markdown; charset=utf-8')
        .header('content-disposition', `attachment; filename="journal-${localDate(now, zone)}.md"`)
        .send(textStream(journalMarkdownStream(entries, request.lang, zone, now)));
    },
  );

  app.get(
    '/api/journal/:id',
    {
      schema: {
        tags: ['journal'],
        summary: 'One of my entries',
        params: idParams,
        response: { 200: journalEntrySchema },
      },
    },
    async (request) => toEntry(await own(request, request.params.id), request.lang),
  );

  app.patch(
    '/api/journal/:id',
    {
      schema: {
        tags: ['journal'],
        summary: 'Update an entry; status "published" publishes a draft',
        params: idParams,
        body: journalUpdateSchema,
        response: { 200: journalEntrySchema },
      },
    },
    async (request) => {
      const existing = await own(request, request.params.id);
      const { scriptureReference, ...body } = request.body;
      const now = new Date();
      const [row] = await db
        .update(journalEntry)
        .set({
          ...body,
          ...(body.tags ? { tags: tagKeys(body.tags) } : {}),
          ...(await scripture(request, scriptureReference)),
          ...(body.status === 'published' && !existing.publishedAt ? { publishedAt: now } : {}),
          ...(body.status === 'draft' ? { publishedAt: null } : {}),
          updatedAt: now,
        })
        .where(and(eq(journalEntry.id, existing.id), eq(journalEntry.userId, existing.userId)))
        .returning();
      return toEntry(row!, request.lang);
    },
  );

  app.delete(
    '/api/journal/:id',
    { schema: { tags: ['journal'], summary: 'Delete an entry', params: idParams } },
    async (request, reply) => {
      const existing = await own(request, request.params.id);
      await db
        .delete(journalEntry)
        .where(and(eq(journalEntry.id, existing.id), eq(journalEntry.userId, existing.userId)));
      return reply.status(204).send();
    },
  );
}
