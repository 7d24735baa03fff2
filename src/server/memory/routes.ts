import { and, asc, count, desc, eq, lte } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { Rating, State, createEmptyCard, fsrs, type Card, type Grade } from 'ts-fsrs';
import { z } from 'zod';
import {
  MAX_MEMORY_VERSES_IN_ONE,
  MEMORY_CATEGORIES,
  MEMORY_PAGE_SIZE,
  MEMORY_RATINGS,
  memoryVerseInputSchema,
  memoryVerseSchema,
  memoryVerseUpdateSchema,
  type MemoryCategory,
} from '#shared/schemas/memory.ts';
import type { Database } from '../db/client.ts';
import { memoryVerse } from '../db/schema.ts';
import { HttpError, notFound } from '../errors.ts';
import { currentUser } from '../security/access.ts';
import type { Language } from '#shared/constants.ts';
import { formatReference, rangesFromOsis } from '../bible/reference.ts';
import { counterpartOf } from '#shared/values/bible.ts';
import { passageRows } from '../bible/parallel.ts';
import {
  passageToKeep,
  readPassage,
  translationLanguage,
  type BibleCatalog,
} from '../bible/service.ts';
import { recordActivity } from '../practice/activity.ts';

const scheduler = fsrs({ enable_fuzz: false });
const GRADES: Record<(typeof MEMORY_RATINGS)[number], Grade> = {
  again: Rating.Again,
  hard: Rating.Hard,
  good: Rating.Good,
  easy: Rating.Easy,
};
/** A verse counts as mastered once FSRS schedules it three weeks or more ahead. */
const MASTERED_DAYS = 21;

type Row = typeof memoryVerse.$inferSelect;

function cardOf(row: Row): Card {
  const c = row.card as unknown as Card & { due: string; last_review?: string };
  return {
    ...c,
    due: new Date(c.due),
    ...(c.last_review ? { last_review: new Date(c.last_review) } : {}),
  };
}

function stateOf(card: Card): Row['state'] {
  if (card.state !== State.Review) return 'practice';
  return card.scheduled_days >= MASTERED_DAYS ? 'mastered' : 'review';
}

/** The reference is shown from its canonical (OSIS) form, named in the reader's language. */
const toVerse = (r: Row, now: Date, lang: Language) => ({
  id: r.id,
  reference: formatReference(rangesFromOsis(r.osis), lang),
  osis: r.osis,
  translation: r.translation,
  text: r.text,
  pair:
    r.pairTranslation && r.pairOsis && r.pairText
      ? {
          translation: r.pairTranslation,
          language: translationLanguage(r.pairTranslation),
          // Book names follow the reader's language; the map may pair other numbers.
          reference: formatReference(rangesFromOsis(r.pairOsis), lang),
          text: r.pairText,
        }
      : null,
  practiceIn: r.practiceIn,
  category: r.category as MemoryCategory,
  state: r.state,
  dueAt: r.dueAt.toISOString(),
  due: r.dueAt <= now,
  reviewCount: r.reviewCount,
  lastReviewedAt: r.lastReviewedAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});

/**
 * A kept verse's pair in the other language (issue 26): its verses in the counterpart
 * translation through the verse map (ADR 0053), so Job 39:1 is kept beside the words that say
 * the same, whatever their number. Null where the other text has none.
 */
async function pairOf(
  db: Database,
  bible: BibleCatalog,
  kept: { osis: string; translation: string },
  prefs: { bibleTranslation: string; spanishBible?: string },
  lang: Language,
): Promise<Pick<Row, 'pairTranslation' | 'pairOsis' | 'pairText'>> {
  const counterpart = counterpartOf(kept.translation, prefs.bibleTranslation, prefs.spanishBible);
  const second = bible.resolve(counterpart, translationLanguage(counterpart)).code;
  const verses = await readPassage(db, bible, kept.translation, rangesFromOsis(kept.osis), lang);
  const rows = await passageRows(db, bible, { first: kept.translation, second }, verses, lang);
  const paired = rows.flatMap((r) => r.b);
  const first = paired[0];
  const last = paired.at(-1);
  if (!first || !last || second === kept.translation) {
    return { pairTranslation: null, pairOsis: null, pairText: null };
  }
  const at = (v: typeof first) => `${v.book}.${v.chapter}.${v.verse}`;
  return {
    pairTranslation: second,
    pairOsis: first === last ? at(first) : `${at(first)}-${at(last)}`,
    pairText: paired.map((v) => v.text).join(' '),
  };
}

export function registerMemoryRoutes(
  appBase: FastifyInstance,
  deps: { db: Database; bible: BibleCatalog },
) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { db, bible } = deps;
  const idParams = z.object({ id: z.string().min(1).max(100) });

  async function own(request: FastifyRequest, id: string): Promise<Row> {
    const [row] = await db
      .select()
      .from(memoryVerse)
      .where(and(eq(memoryVerse.id, id), eq(memoryVerse.userId, currentUser(request).id)));
    if (!row) throw notFound();
    return row;
  }

  app.get(
    '/api/memory-verses',
    {
      schema: {
        tags: ['memory'],
        summary: 'My memory verses (due first), 50 a page, with the number due now',
        querystring: z.object({
          category: z.enum(MEMORY_CATEGORIES).optional(),
          page: z.coerce.number().int().min(1).max(1000).default(1),
        }),
        response: {
          200: z.object({
            items: z.array(memoryVerseSchema),
            total: z.number(),
            dueCount: z.number(),
            page: z.number(),
            pageSize: z.number(),
          }),
        },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const now = new Date();
      const { category, page } = request.query;
      const where = and(
        eq(memoryVerse.userId, me.id),
        category ? eq(memoryVerse.category, category) : undefined,
      );
      const [rows, totals, due] = await Promise.all([
        db
          .select()
          .from(memoryVerse)
          .where(where)
          .orderBy(asc(memoryVerse.dueAt), desc(memoryVerse.createdAt))
          .limit(MEMORY_PAGE_SIZE)
          .offset((page - 1) * MEMORY_PAGE_SIZE),
        db.select({ n: count() }).from(memoryVerse).where(where),
        db
          .select({ n: count() })
          .from(memoryVerse)
          .where(and(eq(memoryVerse.userId, me.id), lte(memoryVerse.dueAt, now))),
      ]);
      return {
        items: rows.map((r) => toVerse(r, now, request.lang)),
        total: Number(totals[0]?.n ?? 0),
        dueCount: Number(due[0]?.n ?? 0),
        page,
        pageSize: MEMORY_PAGE_SIZE,
      };
    },
  );

  app.post(
    '/api/memory-verses',
    {
      schema: {
        tags: ['memory'],
        summary:
          'Add a verse by reference; its text comes from the Bible in my language and translation',
        body: memoryVerseInputSchema,
        response: { 201: memoryVerseSchema },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const passage = await passageToKeep(
        db,
        bible,
        request.body,
        {
          lang: request.lang,
          preferred: me.preferences.bibleTranslation,
          spanish: me.preferences.spanishBible,
        },
        { max: MAX_MEMORY_VERSES_IN_ONE, tooLongKey: 'memory.errors.tooLong' },
      );
      const pair = await pairOf(db, bible, passage, me.preferences, request.lang);
      const now = new Date();
      const card = createEmptyCard(now);
      const [row] = await db
        .insert(memoryVerse)
        .values({
          id: randomUUID(),
          userId: me.id,
          ...passage,
          ...pair,
          category: request.body.category,
          state: 'practice',
          card: card as unknown as Record<string, unknown>,
          dueAt: card.due,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new HttpError(409, 'memory.errors.duplicate', {}, 'DUPLICATE');
      return reply.status(201).send(toVerse(row, now, request.lang));
    },
  );

  app.patch(
    '/api/memory-verses/:id',
    {
      schema: {
        tags: ['memory'],
        summary: 'Practise a verse in its own translation, its pair in the other language, or both',
        params: idParams,
        body: memoryVerseUpdateSchema,
        response: { 200: memoryVerseSchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const row = await own(request, request.params.id);
      const { practiceIn } = request.body;
      // A verse kept before pairs were (or whose pair was not found then) gets its pair now.
      const pair =
        practiceIn !== 'own' && !row.pairText
          ? await pairOf(db, bible, row, me.preferences, request.lang)
          : null;
      if (pair && !pair.pairText) {
        throw new HttpError(400, 'memory.errors.noPair', {}, 'NO_PAIR');
      }
      const [updated] = await db
        .update(memoryVerse)
        .set({ practiceIn, ...(pair ?? {}), updatedAt: new Date() })
        .where(and(eq(memoryVerse.id, row.id), eq(memoryVerse.userId, me.id)))
        .returning();
      return toVerse(updated!, new Date(), request.lang);
    },
  );

  app.delete(
    '/api/memory-verses/:id',
    { schema: { tags: ['memory'], summary: 'Remove a memory verse', params: idParams } },
    async (request, reply) => {
      await own(request, request.params.id);
      await db
        .delete(memoryVerse)
        .where(
          and(
            eq(memoryVerse.id, request.params.id),
            eq(memoryVerse.userId, currentUser(request).id),
          ),
        );
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/memory-verses/:id/review',
    {
      schema: {
        tags: ['memory'],
        summary: 'Record a review (again, hard, good, easy); FSRS schedules the next one',
        params: idParams,
        body: z
          .object({ rating: z.enum(MEMORY_RATINGS, { error: 'validation.required' }) })
          .strict(),
        response: { 200: memoryVerseSchema },
      },
    },
    async (request) => {
      const row = await own(request, request.params.id);
      const now = new Date();
      const { card } = scheduler.next(cardOf(row), now, GRADES[request.body.rating]);
      const updated = await db.transaction(async (tx) => {
        const [reviewed] = await tx
          .update(memoryVerse)
          .set({
            card: card as unknown as Record<string, unknown>,
            dueAt: card.due,
            state: stateOf(card),
            reviewCount: row.reviewCount + 1,
            lastReviewedAt: now,
            updatedAt: now,
          })
          .where(and(eq(memoryVerse.id, row.id), eq(memoryVerse.userId, row.userId)))
          .returning();
        await recordActivity(tx, currentUser(request), { kind: 'memory', subject: row.osis }, now);
        return reviewed!;
      });
      return toVerse(updated, now, request.lang);
    },
  );
}
