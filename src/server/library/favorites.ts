import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  MAX_FAVORITE_VERSES_IN_ONE,
  favoriteVerseInputSchema,
  favoriteVerseSchema,
} from '#shared/schemas/library-api.ts';
import type { Database } from '../db/client.ts';
import { favoriteVerse } from '../db/schema.ts';
import { HttpError, notFound } from '../errors.ts';
import { currentUser } from '../security/access.ts';
import { keptPassagesAsRead, passageToKeep, type BibleCatalog } from '../bible/service.ts';

type Row = typeof favoriteVerse.$inferSelect;

const toFavorite = (r: Row) => ({
  id: r.id,
  reference: r.reference,
  osis: r.osis,
  translation: r.translation,
  text: r.text,
  createdAt: r.createdAt.toISOString(),
});

/** Favorite verses (SPEC §8 "today's verse saved to favorites"): save, list, remove. */
export function registerFavoriteRoutes(
  appBase: FastifyInstance,
  deps: { db: Database; bible: BibleCatalog },
) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { db, bible } = deps;

  app.get(
    '/api/favorite-verses',
    {
      schema: {
        tags: ['favorites'],
        summary:
          'My favorite verses, the newest first, in my language and Bible translation (as saved while the Bibles are being installed)',
        response: { 200: z.object({ items: z.array(favoriteVerseSchema), total: z.number() }) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const rows = await db
        .select()
        .from(favoriteVerse)
        .where(eq(favoriteVerse.userId, me.id))
        .orderBy(desc(favoriteVerse.createdAt), desc(favoriteVerse.id));
      // Saved in one language, read in today's: the place and the text in the reader's.
      const items = await keptPassagesAsRead(db, bible, rows.map(toFavorite), {
        lang: request.lang,
        preferred: me.preferences.bibleTranslation,
        spanish: me.preferences.spanishBible,
      });
      return { items, total: rows.length };
    },
  );

  app.post(
    '/api/favorite-verses',
    {
      schema: {
        tags: ['favorites'],
        summary:
          'Save a verse to favorites by reference; its text comes from the Bible in my language',
        body: favoriteVerseInputSchema,
        response: { 201: favoriteVerseSchema },
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
        { max: MAX_FAVORITE_VERSES_IN_ONE, tooLongKey: 'library.favorites.errors.tooLong' },
      );
      const [row] = await db
        .insert(favoriteVerse)
        .values({ id: randomUUID(), userId: me.id, ...passage })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new HttpError(409, 'library.favorites.errors.duplicate', {}, 'DUPLICATE');
      return reply.status(201).send(toFavorite(row));
    },
  );

  app.delete(
    '/api/favorite-verses/:id',
    {
      schema: {
        tags: ['favorites'],
        summary: 'Remove a verse from my favorites',
        params: z.object({ id: z.string().min(1).max(100) }),
      },
    },
    async (request, reply) => {
      const deleted = await db
        .delete(favoriteVerse)
        .where(
          and(
            eq(favoriteVerse.id, request.params.id),
            eq(favoriteVerse.userId, currentUser(request).id),
          ),
        )
        .returning({ id: favoriteVerse.id });
      if (deleted.length === 0) throw notFound();
      return reply.status(204).send();
    },
  );
}
