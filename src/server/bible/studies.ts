import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { studyInputSchema, studySchema, studyUpdateSchema } from '#shared/schemas/bible.ts';
import type { Database } from '../db/client.ts';
import { bibleStudy } from '../db/schema.ts';
import { HttpError, notFound } from '../errors.ts';
import { translate } from '../i18n/translate.ts';
import { currentUser, hasPremium } from '../security/access.ts';
import type { Language } from '#shared/constants.ts';
import { formatReference, parseReference, rangesFromOsis } from './reference.ts';
import { readRanges, type BibleCatalog } from './service.ts';

const PAGE_SIZE = 20;
type Row = typeof bibleStudy.$inferSelect;

/** The reference is shown from its canonical (OSIS) form, named in the reader's language. */
export const toStudy = (r: Row, lang: Language) => ({
  id: r.id,
  reference: formatReference(rangesFromOsis(r.osis), lang),
  osis: r.osis,
  translation: r.translation,
  title: r.title,
  observation: r.observation,
  interpretation: r.interpretation,
  application: r.application,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

function resolveReference(request: FastifyRequest, reference: string) {
  const parsed = parseReference(reference, request.lang);
  if (!parsed) throw new HttpError(400, 'bible.errors.verseNotFound', {}, 'VERSE_NOT_FOUND');
  return { osis: parsed.osis, reference: formatReference(parsed.ranges, request.lang) };
}

/** A study as Markdown; with the passage text when given (premium). */
export function studyMarkdown(
  study: ReturnType<typeof toStudy>,
  lang: 'en' | 'es',
  passage?: { translation: string; verses: { chapter: number; verse: number; text: string }[] },
): string {
  const t = (key: string) => translate(lang, key);
  const lines = [
    `# ${study.title || study.reference}`,
    '',
    `**${study.reference}** (${study.translation})`,
    '',
  ];
  if (passage) {
    for (const v of passage.verses) lines.push(`> ${v.chapter}:${v.verse} ${v.text}`);
    lines.push('', `_${passage.translation}_`, '');
  }
  for (const step of ['observation', 'interpretation', 'application'] as const) {
    lines.push(`## ${t(`study.steps.${step}.title`)}`, '', study[step].trim() || '—', '');
  }
  lines.push(`_${t('study.export.updated')}: ${study.updatedAt.slice(0, 10)}_`, '');
  return lines.join('\n');
}

export function registerStudyRoutes(
  appBase: FastifyInstance,
  deps: { db: Database; catalog: BibleCatalog },
) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { db, catalog } = deps;
  const idParams = z.object({ id: z.string().min(1).max(100) });

  /** The translation whose text is shown for `requested` (as asked while the Bibles install). */
  const shown = (requested: string, lang: Language) => {
    try {
      return catalog.resolve(requested, lang).code;
    } catch {
      return requested;
    }
  };

  async function own(request: FastifyRequest, id: string): Promise<Row> {
    const [row] = await db
      .select()
      .from(bibleStudy)
      .where(and(eq(bibleStudy.id, id), eq(bibleStudy.userId, currentUser(request).id)));
    if (!row) throw notFound();
    return row;
  }

  app.get(
    '/api/studies',
    {
      schema: {
        tags: ['studies'],
        summary: 'Saved studies, most recently updated first, 20 a page',
        querystring: z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) }),
        response: {
          200: z.object({
            items: z.array(studySchema),
            total: z.number(),
            page: z.number(),
            pageSize: z.number(),
          }),
        },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { page } = request.query;
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(bibleStudy)
          .where(eq(bibleStudy.userId, me.id))
          .orderBy(desc(bibleStudy.updatedAt), desc(bibleStudy.id))
          .limit(PAGE_SIZE)
          .offset((page - 1) * PAGE_SIZE),
        db.select({ n: count() }).from(bibleStudy).where(eq(bibleStudy.userId, me.id)),
      ]);
      return {
        items: rows.map((r) => toStudy(r, request.lang)),
        total: Number(totals[0]?.n ?? 0),
        page,
        pageSize: PAGE_SIZE,
      };
    },
  );

  app.post(
    '/api/studies',
    {
      schema: {
        tags: ['studies'],
        summary: 'Save a new study',
        body: studyInputSchema,
        response: { 201: studySchema },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const { reference, osis } = resolveReference(request, request.body.reference);
      // The translation whose text the study lab showed (a preferred NKJV is read as KJV).
      const translation = shown(request.body.translation, request.lang);
      const [row] = await db
        .insert(bibleStudy)
        .values({ ...request.body, translation, id: randomUUID(), userId: me.id, reference, osis })
        .returning();
      return reply.status(201).send(toStudy(row!, request.lang));
    },
  );

  app.get(
    '/api/studies/:id',
    {
      schema: {
        tags: ['studies'],
        summary: 'One of my studies',
        params: idParams,
        response: { 200: studySchema },
      },
    },
    async (request) => toStudy(await own(request, request.params.id), request.lang),
  );

  app.patch(
    '/api/studies/:id',
    {
      schema: {
        tags: ['studies'],
        summary: 'Update a study',
        params: idParams,
        body: studyUpdateSchema,
        response: { 200: studySchema },
      },
    },
    async (request) => {
      await own(request, request.params.id);
      const changes = {
        ...request.body,
        ...(request.body.reference ? resolveReference(request, request.body.reference) : {}),
        ...(request.body.translation
          ? { translation: shown(request.body.translation, request.lang) }
          : {}),
      };
      const [row] = await db
        .update(bibleStudy)
        .set({ ...changes, updatedAt: new Date() })
        .where(
          and(eq(bibleStudy.id, request.params.id), eq(bibleStudy.userId, currentUser(request).id)),
        )
        .returning();
      return toStudy(row!, request.lang);
    },
  );

  app.delete(
    '/api/studies/:id',
    { schema: { tags: ['studies'], summary: 'Delete a study', params: idParams } },
    async (request, reply) => {
      await own(request, request.params.id);
      await db
        .delete(bibleStudy)
        .where(
          and(eq(bibleStudy.id, request.params.id), eq(bibleStudy.userId, currentUser(request).id)),
        );
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/studies/:id/export',
    {
      schema: {
        tags: ['studies'],
        summary: 'A study as a Markdown file; ?withText=1 adds the passage text (premium)',
        params: idParams,
        querystring: z.object({ withText: z.enum(['0', '1']).default('0') }),
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const study = toStudy(await own(request, request.params.id), request.lang);
      let passage;
      if (request.query.withText === '1') {
        if (!hasPremium(me))
          throw new HttpError(403, 'errors.premiumRequired', {}, 'PREMIUM_REQUIRED');
        const parsed =
          parseReference(study.reference, request.lang) ?? parseReference(study.reference, 'en');
        const { code } = catalog.resolve(study.translation, request.lang);
        passage = {
          translation: code,
          verses: parsed ? await readRanges(db, code, parsed.ranges, request.lang) : [],
        };
      }
      const slug = (study.title || study.reference)
        .normalize('NFKD')
        .replace(/[^\w]+/g, '-')
        .replace(/^-|-$/g, '')
        .toLowerCase();
      return reply
        .header('content-type', 'text/markdown; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="study-${slug || 'bible'}-${study.updatedAt.slice(0, 10)}.md"`,
        )
        .send(studyMarkdown(study, request.lang, passage));
    },
  );
}
