/**
 * Word study's routes (issue 39 item 2): a passage's tagged words, a number's card, and the
 * verses where it stands, page by page. The same for every member, so each answer is built and
 * serialised once (the catalogue's kept answers, dropped when the installed texts change).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  passageWordsSchema,
  pageQuery,
  referenceSchema,
  strongsNumberSchema,
  wordEntrySchema,
  wordOccurrencesSchema,
} from '#shared/schemas/bible.ts';
import {
  MAX_WORD_OCCURRENCES_PAGE,
  TAGGED_TRANSLATIONS,
  WORD_OCCURRENCES_PAGE,
} from '#shared/values/bible.ts';
import type { Database } from '../db/client.ts';
import { HttpError } from '../errors.ts';
import { sendKept } from '../routes/kept-json.ts';
import { parseReference } from './reference.ts';
import { keptAnswer, type BibleCatalog } from './service.ts';
import { passageWords, wordEntry, wordOccurrences } from './words.ts';

const taggedSchema = z.enum(TAGGED_TRANSLATIONS, { error: 'bible.errors.notTagged' });

export function registerWordRoutes(
  appBase: FastifyInstance,
  deps: { db: Database; catalog: BibleCatalog },
) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { db, catalog } = deps;

  /** 503 until the word study is in (as the cross references). */
  const installed = () => {
    if (!catalog.wordStudy) {
      throw new HttpError(503, 'bible.errors.wordStudyLoading', {}, 'WORD_STUDY_LOADING');
    }
  };

  app.get(
    '/api/bible/words',
    {
      schema: {
        tags: ['bible'],
        summary:
          "A passage's words in the KJV or the RV1909, with the Strong's numbers they carry (its first verses)",
        querystring: z.object({
          ref: referenceSchema,
          // The tagged text in the page's language when none is named.
          translation: taggedSchema.optional(),
        }),
        response: { 200: passageWordsSchema },
      },
    },
    async (request, reply) => {
      installed();
      const lang = request.lang;
      const parsed = parseReference(request.query.ref, lang);
      if (!parsed) throw new HttpError(400, 'bible.errors.verseNotFound', {}, 'VERSE_NOT_FOUND');
      const code = request.query.translation ?? (lang === 'es' ? 'RV1909' : 'KJV');
      const json = await keptAnswer(
        catalog,
        `words|${code}|${parsed.osis}|${lang}`,
        passageWordsSchema,
        async () => {
          const found = await passageWords(db, { code, ranges: parsed.ranges, lang });
          if (!found) throw new HttpError(400, 'bible.errors.verseNotFound', {}, 'VERSE_NOT_FOUND');
          return found;
        },
      );
      return sendKept(request, reply, json);
    },
  );

  app.get(
    '/api/bible/words/:number',
    {
      schema: {
        tags: ['bible'],
        summary:
          "A Strong's number's card: the word, its transliteration, Strong's definition (English), the Spanish gloss and how the KJV and the RV1909 render it",
        params: z.object({ number: strongsNumberSchema }),
        response: { 200: wordEntrySchema },
      },
    },
    async (request, reply) => {
      installed();
      const { number } = request.params;
      const json = await keptAnswer(catalog, `word|${number}`, wordEntrySchema, async () => {
        const found = await wordEntry(db, number);
        if (!found) throw new HttpError(404, 'bible.errors.wordNotFound', {}, 'WORD_NOT_FOUND');
        return found;
      });
      return sendKept(request, reply, json);
    },
  );

  app.get(
    '/api/bible/words/:number/occurrences',
    {
      schema: {
        tags: ['bible'],
        summary:
          "The verses of the KJV or the RV1909 where a Strong's number stands, in canonical order, page by page",
        params: z.object({ number: strongsNumberSchema }),
        querystring: z.object({
          translation: taggedSchema,
          ...pageQuery(MAX_WORD_OCCURRENCES_PAGE, WORD_OCCURRENCES_PAGE),
        }),
        response: { 200: wordOccurrencesSchema },
      },
    },
    async (request, reply) => {
      installed();
      const lang = request.lang;
      const { number } = request.params;
      const { translation, offset, limit } = request.query;
      const json = await keptAnswer(
        catalog,
        `word-occurrences|${number}|${translation}|${offset}|${limit}|${lang}`,
        wordOccurrencesSchema,
        async () => {
          const found = await wordOccurrences(db, {
            number,
            code: translation,
            offset,
            limit,
            lang,
          });
          if (!found) throw new HttpError(404, 'bible.errors.wordNotFound', {}, 'WORD_NOT_FOUND');
          return found;
        },
      );
      return sendKept(request, reply, json);
    },
  );
}
