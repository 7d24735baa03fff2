import type { FastifyInstance } from 'fastify';
import { defaultTranslation } from '#shared/bible/translation.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bookIndex } from '#shared/bible/books.ts';
import {
  CROSS_REFERENCES_FIRST,
  MAX_COMPARE,
  MAX_CROSS_REFERENCES_PAGE,
  SEARCH_PAGE_SIZE,
  SUGGESTED_REFERENCES,
  chapterSchema,
  crossReferencesSchema,
  parallelChapterSchema,
  passageInBothSchema,
  passageSchema,
  pageQuery,
  referenceSchema,
  searchResultSchema,
  translationCodeSchema,
  translationInfoSchema,
} from '#shared/schemas/bible.ts';
import type { Database } from '../db/client.ts';
import { HttpError } from '../errors.ts';
import { translate } from '../i18n/translate.ts';
import { currentUser, hasPremium } from '../security/access.ts';
import {
  chapterPlace,
  counterparts,
  parallelChapter,
  passageRows,
  readChapter,
} from './parallel.ts';
import { crossReferencesFor } from './cross-references.ts';
import { chapterAnswer } from '#shared/bible/chapter-answer.ts';
import { registerWordRoutes } from './word-routes.ts';
import { formatReference, parseReference } from './reference.ts';
import { sendKept } from '../routes/kept-json.ts';
import {
  keptAnswer,
  readPassage,
  searchVerses,
  translationLanguage,
  verseOfTheDay,
  type BibleCatalog,
} from './service.ts';

const notFoundBody = z.object({
  code: z.string(),
  message: z.string(),
  suggestions: z.array(z.string()),
});

export function registerBibleRoutes(
  appBase: FastifyInstance,
  deps: { db: Database; catalog: BibleCatalog },
) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { db, catalog } = deps;

  const preferred = (request: Parameters<typeof currentUser>[0], explicit?: string) =>
    explicit ??
    defaultTranslation(
      currentUser(request).preferences.bibleTranslation,
      request.lang,
      currentUser(request).preferences.spanishBible,
    );

  app.get(
    '/api/bible/translations',
    {
      schema: {
        tags: ['bible'],
        summary:
          'Translations: the bundled ones are available, copyrighted ones are listed as not installed',
        response: { 200: z.array(translationInfoSchema) },
      },
    },
    async () => catalog.list(),
  );

  app.get(
    '/api/bible/passage',
    {
      schema: {
        tags: ['bible'],
        summary:
          'A passage by reference, in English or Spanish ("Juan 3:16", "1 Cor 13:4-7", "Salmos 23")',
        querystring: z.object({
          ref: referenceSchema,
          translation: translationCodeSchema.optional(),
          parallel: translationCodeSchema
            .optional()
            .describe('Also this translation, verse beside verse (issue 26: "show in both")'),
        }),
        response: { 200: passageInBothSchema, 404: notFoundBody },
      },
    },
    async (request, reply) => {
      const lang = request.lang;
      const parsed = parseReference(request.query.ref, lang);
      const { code, requested, fallback } = catalog.resolve(
        preferred(request, request.query.translation),
        lang,
      );
      const verses = parsed ? await readPassage(db, catalog, code, parsed.ranges, lang) : [];
      if (!parsed || verses.length === 0) {
        return reply.status(404).send({
          code: 'VERSE_NOT_FOUND',
          message: translate(lang, 'bible.errors.verseNotFound'),
          suggestions: SUGGESTED_REFERENCES.map((r) =>
            formatReference(parseReference(r, 'en')!.ranges, lang),
          ),
        });
      }
      const passage = {
        reference: formatReference(parsed.ranges, lang),
        osis: parsed.osis,
        translation: code,
        requestedTranslation: requested,
        fallback,
        verses,
      };
      const wanted = request.query.parallel;
      if (!wanted) return passage;
      const second = catalog.resolve(wanted, translationLanguage(wanted)).code;
      const rows = await passageRows(db, catalog, { first: code, second }, verses, lang);
      return {
        ...passage,
        parallel: { translation: second, language: translationLanguage(second), rows },
      };
    },
  );

  app.get(
    '/api/bible/chapter/:translation/:book/:chapter',
    {
      schema: {
        tags: ['bible'],
        summary: 'A whole chapter with links to the previous and next chapters',
        params: z.object({
          translation: translationCodeSchema,
          book: z.string().max(10),
          chapter: z.coerce.number().int().min(1).max(150),
        }),
        response: { 200: chapterSchema },
      },
    },
    async (request, reply) => {
      const lang = request.lang;
      const { book } = chapterPlace(request.params.book, request.params.chapter);
      const { code, requested, fallback } = catalog.resolve(request.params.translation, lang);
      const chapter = request.params.chapter;
      // Built and serialised once per place and language (the same for every member).
      const json = await keptAnswer(
        catalog,
        `chapter|${requested}|${code}|${book}|${chapter}|${lang}`,
        chapterSchema,
        // The same builder as the service worker's, from the offline pack (issue 40).
        async () =>
          chapterAnswer({
            translation: code,
            requested,
            fallback,
            book,
            chapter,
            lang,
            verses: await readChapter(db, catalog, code, book, chapter, lang),
          }),
      );
      return sendKept(request, reply, json);
    },
  );

  app.get(
    '/api/bible/parallel/:first/:second/:book/:chapter',
    {
      schema: {
        tags: ['bible'],
        summary:
          'A chapter in two translations, verse beside verse through the verse map (ADR 0053)',
        params: z.object({
          first: translationCodeSchema,
          second: translationCodeSchema,
          book: z.string().max(10),
          chapter: z.coerce.number().int().min(1).max(150),
        }),
        response: { 200: parallelChapterSchema },
      },
    },
    async (request, reply) => {
      // Aligned and serialised once per place and language (the same for every member).
      const { first, second, book, chapter } = request.params;
      const json = await keptAnswer(
        catalog,
        `parallel|${first}|${second}|${book}|${chapter}|${request.lang}`,
        parallelChapterSchema,
        () => parallelChapter(db, catalog, request.params, request.lang),
      );
      return sendKept(request, reply, json);
    },
  );

  app.get(
    '/api/bible/search',
    {
      schema: {
        tags: ['bible'],
        summary:
          'Full-text search ("phrases", OR, -exclude; accents ignored); book/testament filters are premium',
        querystring: z.object({
          q: z
            .string()
            .trim()
            .min(1, { error: 'validation.required' })
            .max(200, { error: 'validation.max:200' }),
          translation: translationCodeSchema.optional(),
          parallel: translationCodeSchema.optional(),
          book: z.string().max(10).optional(),
          testament: z.enum(['OT', 'NT']).optional(),
          page: z.coerce.number().int().min(1).max(500).default(1),
        }),
        response: { 200: searchResultSchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { q, page, book, testament } = request.query;
      if ((book || testament) && !hasPremium(me)) {
        throw new HttpError(403, 'errors.premiumRequired', {}, 'PREMIUM_REQUIRED');
      }
      const bookNumber = book ? bookIndex(book) + 1 : undefined;
      if (book && !bookNumber) throw new HttpError(400, 'validation.invalid');
      const { code } = catalog.resolve(preferred(request, request.query.translation), request.lang);
      const language = translationLanguage(code);
      const found = await searchVerses(db, {
        code,
        language,
        q,
        page,
        lang: request.lang,
        ...(bookNumber ? { book: bookNumber } : {}),
        ...(testament ? { testament } : {}),
      });
      const wanted = request.query.parallel;
      if (!wanted)
        return { query: q, translation: code, page, pageSize: SEARCH_PAGE_SIZE, ...found };
      const results = await counterparts(db, catalog, code, wanted, found.results, request.lang);
      return {
        query: q,
        translation: code,
        parallelTranslation: catalog.resolve(wanted, translationLanguage(wanted)).code,
        page,
        pageSize: SEARCH_PAGE_SIZE,
        total: found.total,
        results,
      };
    },
  );

  app.get(
    '/api/bible/cross-references',
    {
      schema: {
        tags: ['bible'],
        summary:
          "A passage's cross references (OpenBible.info, CC BY 4.0), the most voted first, each with its text in the asked translation",
        querystring: z.object({
          ref: referenceSchema,
          translation: translationCodeSchema.optional(),
          ...pageQuery(MAX_CROSS_REFERENCES_PAGE, CROSS_REFERENCES_FIRST),
        }),
        response: { 200: crossReferencesSchema },
      },
    },
    async (request, reply) => {
      const lang = request.lang;
      const { ref, offset, limit } = request.query;
      const parsed = parseReference(ref, lang);
      if (!parsed) throw new HttpError(400, 'bible.errors.verseNotFound', {}, 'VERSE_NOT_FOUND');
      const { code, requested, fallback } = catalog.resolve(
        preferred(request, request.query.translation),
        lang,
      );
      if (!catalog.crossReferences) {
        throw new HttpError(
          503,
          'bible.errors.crossReferencesLoading',
          {},
          'CROSS_REFERENCES_LOADING',
        );
      }
      // The same for every member: built and serialised once per passage, page and language
      // (a passage the translation lacks is refused, and nothing is kept).
      const json = await keptAnswer(
        catalog,
        `cross-references|${requested}|${code}|${parsed.osis}|${offset}|${limit}|${lang}`,
        crossReferencesSchema,
        async () => {
          const found = await crossReferencesFor(db, {
            code,
            scheme: catalog.versificationOf(code),
            ranges: parsed.ranges,
            lang,
            offset,
            limit,
          });
          if (!found) throw new HttpError(400, 'bible.errors.verseNotFound', {}, 'VERSE_NOT_FOUND');
          return {
            reference: formatReference(parsed.ranges, lang),
            osis: parsed.osis,
            translation: code,
            requestedTranslation: requested,
            fallback,
            ...found,
          };
        },
      );
      return sendKept(request, reply, json);
    },
  );

  app.get(
    '/api/bible/verse-of-the-day',
    {
      schema: {
        tags: ['bible'],
        summary: "Today's verse: the same for everyone on a date in the member's time zone",
        querystring: z.object({ lang: z.enum(['en', 'es']).optional() }),
        response: { 200: passageSchema.extend({ date: z.string() }) },
      },
    },
    async (request) => {
      return verseOfTheDay(db, catalog, currentUser(request), request.query.lang ?? request.lang);
    },
  );

  app.get(
    '/api/bible/compare',
    {
      schema: {
        tags: ['bible'],
        summary: 'Premium: one passage side by side in up to three translations',
        querystring: z.object({
          ref: referenceSchema,
          translations: z
            .string()
            .transform((s) => [
              ...new Set(
                s
                  .split(',')
                  .map((t) => t.trim())
                  .filter(Boolean),
              ),
            ])
            .pipe(
              z
                .array(translationCodeSchema)
                .min(1)
                .max(MAX_COMPARE, { error: `validation.maxItems:${MAX_COMPARE}` }),
            ),
        }),
        response: {
          200: z.object({
            reference: z.string(),
            osis: z.string(),
            columns: z.array(passageSchema),
          }),
          404: notFoundBody,
        },
      },
    },
    async (request, reply) => {
      const lang = request.lang;
      const parsed = parseReference(request.query.ref, lang);
      if (!parsed) {
        return reply.status(404).send({
          code: 'VERSE_NOT_FOUND',
          message: translate(lang, 'bible.errors.verseNotFound'),
          suggestions: SUGGESTED_REFERENCES.map((r) =>
            formatReference(parseReference(r, 'en')!.ranges, lang),
          ),
        });
      }
      const reference = formatReference(parsed.ranges, lang);
      const columns = [];
      for (const wanted of request.query.translations) {
        const { code, requested, fallback } = catalog.resolve(wanted, translationLanguage(wanted));
        const verses = await readPassage(db, catalog, code, parsed.ranges, lang);
        columns.push({
          reference,
          osis: parsed.osis,
          translation: code,
          requestedTranslation: requested,
          fallback,
          verses,
        });
      }
      return { reference, osis: parsed.osis, columns };
    },
  );

  registerWordRoutes(appBase, deps);
}
