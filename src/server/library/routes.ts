import { defaultTranslation } from '#shared/bible/translation.ts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Language } from '#shared/constants.ts';
import {
  bookListSchema,
  bookQuerySchema,
  heroDetailSchema,
  heroListSchema,
  heroQuerySchema,
  historicSermonListSchema,
  historicSermonQuerySchema,
  linkListSchema,
  linkQuerySchema,
  readMarkInputSchema,
  readMarkParamsSchema,
  resourceDetailSchema,
  resourceListSchema,
  resourceQuerySchema,
  sermonDetailSchema,
  sermonListSchema,
  sermonQuerySchema,
  type ReadKind,
} from '#shared/schemas/library-api.ts';
import { slugSchema } from '#shared/schemas/library.ts';
import type { Database } from '../db/client.ts';
import { libraryRead } from '../db/schema.ts';
import { notFound } from '../errors.ts';
import { currentUser } from '../security/access.ts';
import { formatReference, parseReference } from '../bible/reference.ts';
import { readPassage, type BibleCatalog } from '../bible/service.ts';
import { markdownToHtml } from '../content/markdown.ts';
import {
  matches,
  neighboursOf,
  searchTerms,
  showReference,
  type LibraryCatalog,
} from './catalog.ts';

const idParams = z.object({ id: slugSchema.max(80) });

export function registerLibraryRoutes(
  appBase: FastifyInstance,
  deps: { db: Database; catalog: LibraryCatalog; bible: BibleCatalog },
) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { db, catalog, bible } = deps;
  const lib = catalog.library;

  /** A Scripture block: the reference in the reader's language, the text in their translation. */
  async function scripture(
    reference: string,
    lang: Language,
    prefs: { bibleTranslation: string; spanishBible: string },
  ) {
    const parsed = parseReference(reference, 'en');
    if (!parsed) return { reference, text: null, translation: null };
    const shown = formatReference(parsed.ranges, lang);
    try {
      const { code } = bible.resolve(
        defaultTranslation(prefs.bibleTranslation, lang, prefs.spanishBible),
        lang,
      );
      const verses = await readPassage(db, bible, code, parsed.ranges, lang);
      return { reference: shown, text: verses.map((v) => v.text).join(' '), translation: code };
    } catch {
      return { reference: shown, text: null, translation: null }; // Bibles still loading
    }
  }

  /** The ids of one kind the member has marked as read. */
  async function readIds(userId: string, kind: ReadKind): Promise<Set<string>> {
    const rows = await db
      .select({ itemId: libraryRead.itemId })
      .from(libraryRead)
      .where(and(eq(libraryRead.userId, userId), eq(libraryRead.kind, kind)));
    return new Set(rows.map((r) => r.itemId));
  }

  /** Whether the member has marked one item as read (a detail page: one row, not the list). */
  async function isRead(userId: string, kind: ReadKind, itemId: string): Promise<boolean> {
    const rows = await db
      .select({ itemId: libraryRead.itemId })
      .from(libraryRead)
      .where(
        and(
          eq(libraryRead.userId, userId),
          eq(libraryRead.kind, kind),
          eq(libraryRead.itemId, itemId),
        ),
      )
      .limit(1);
    return rows.length > 0;
  }

  const seriesTitle = (id: string, lang: Language) =>
    lib.series.find((s) => s.id === id)?.text[lang].title ?? id;

  // What a list shows of an item, in the reader's language; the item's own page adds the rest.
  const sermonCard = (s: (typeof lib.sermons)[number], lang: Language) => ({
    id: s.id,
    series: s.series,
    seriesTitle: seriesTitle(s.series, lang),
    order: s.order,
    title: s.text[lang].title,
    summary: s.text[lang].summary,
    topics: s.topics,
  });
  const heroCard = (h: (typeof lib.heroes)[number], lang: Language) => ({
    id: h.id,
    name: h.text[lang].name,
    born: h.born,
    died: h.died,
    lives: h.text[lang].lives ?? null,
    era: h.era,
    region: h.region,
    places: h.text[lang].places,
    topics: h.topics,
    summary: h.text[lang].summary,
  });
  const resourceCard = (r: (typeof lib.resources)[number], lang: Language) => ({
    id: r.id,
    order: r.order,
    title: r.text[lang].title,
    summary: r.text[lang].summary,
    topics: r.topics,
    minutes: r.text[lang].minutes,
  });

  // ── Sermon studies ──

  app.get(
    '/api/library/sermons',
    {
      schema: {
        tags: ['library'],
        summary: 'Sermon studies by series, with search and topic and series filters',
        querystring: sermonQuerySchema,
        response: { 200: sermonListSchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const lang = request.lang;
      const { q, topic, series } = request.query;
      const terms = searchTerms(q);
      const read = await readIds(me.id, 'sermon');
      const items = lib.sermons
        .filter((s) => (!topic || s.topics.includes(topic)) && (!series || s.series === series))
        .filter((s) => {
          const x = s.text[lang];
          return matches(terms, [
            x.title,
            x.summary,
            x.bigIdea,
            x.body,
            seriesTitle(s.series, lang),
          ]);
        })
        .map((s) => ({
          ...sermonCard(s, lang),
          mainText: showReference(s.mainText, lang),
          read: read.has(s.id),
        }));
      return {
        series: lib.series.map((s) => ({
          id: s.id,
          title: s.text[lang].title,
          description: s.text[lang].description,
          count: s.sermons.length,
        })),
        items,
        total: items.length,
      };
    },
  );

  app.get(
    '/api/library/sermons/:id',
    {
      schema: {
        tags: ['library'],
        summary: 'A sermon study with its Scripture text, outline, illustration and questions',
        params: idParams,
        response: { 200: sermonDetailSchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const lang = request.lang;
      const s = catalog.sermon(request.params.id);
      if (!s) throw notFound();
      const x = s.text[lang];
      const preferred = me.preferences;
      const [mainText, outline, read] = await Promise.all([
        scripture(s.mainText, lang, preferred),
        Promise.all(
          x.outline.map(async (p) => ({
            point: p.point,
            references: await Promise.all(p.references.map((r) => scripture(r, lang, preferred))),
          })),
        ),
        isRead(me.id, 'sermon', s.id),
      ]);
      const siblings = lib.series.find((ser) => ser.id === s.series)?.sermons ?? [];
      return {
        ...sermonCard(s, lang),
        read,
        mainText,
        bigIdea: x.bigIdea,
        outline,
        illustration: x.illustration,
        applicationQuestions: x.applicationQuestions,
        bodyHtml: markdownToHtml(x.body),
        ...neighboursOf(siblings, s.id, (n) => n.text[lang].title),
      };
    },
  );

  app.get(
    '/api/library/historic-sermons',
    {
      schema: {
        tags: ['library'],
        summary: 'The catalogue of historic sermons, with search and an era filter',
        querystring: historicSermonQuerySchema,
        response: { 200: historicSermonListSchema },
      },
    },
    async (request) => {
      const lang = request.lang;
      const { q, era } = request.query;
      const terms = searchTerms(q);
      const items = lib.historicSermons
        .filter((h) => !era || h.era === era)
        .filter((h) => {
          const x = h.text[lang];
          // The preacher by the reader's name for him, or by his English one ("Luther").
          return matches(terms, [
            x.title,
            x.preacher,
            h.text.en.preacher,
            x.place,
            x.summary,
            x.significance,
          ]);
        })
        .map((h) => {
          const x = h.text[lang];
          return {
            id: h.id,
            title: x.title,
            preacher: x.preacher,
            year: h.year,
            place: x.place,
            text: showReference(h.scripture, lang),
            era: h.era,
            summary: x.summary,
            significance: x.significance,
          };
        });
      return { items, total: items.length };
    },
  );

  // ── Books ──

  app.get(
    '/api/library/books',
    {
      schema: {
        tags: ['library'],
        summary: 'Recommended books, with search and category and level filters',
        querystring: bookQuerySchema,
        response: { 200: bookListSchema },
      },
    },
    async (request) => {
      const lang = request.lang;
      const { q, category, level } = request.query;
      const terms = searchTerms(q);
      const items = lib.books
        .filter((b) => (!category || b.category === category) && (!level || b.level === level))
        .filter((b) => {
          const x = b.text[lang];
          return matches(terms, [
            x.title,
            b.originalTitle,
            x.author,
            b.text.en.author,
            b.spanishEdition ?? '',
            x.summary,
            x.audience,
          ]);
        })
        .map((b) => {
          const x = b.text[lang];
          return {
            id: b.id,
            title: x.title,
            originalTitle: b.originalTitle,
            author: x.author,
            year: b.year,
            category: b.category,
            level: b.level,
            publicDomain: b.publicDomain,
            spanishEdition: b.spanishEdition,
            summary: x.summary,
            audience: x.audience,
          };
        });
      return { items, total: items.length };
    },
  );

  // ── Heroes of faith ──

  app.get(
    '/api/library/heroes',
    {
      schema: {
        tags: ['library'],
        summary: 'Heroes of faith by date of birth, with search and era, region and topic filters',
        querystring: heroQuerySchema,
        response: { 200: heroListSchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const lang = request.lang;
      const { q, era, region, topic } = request.query;
      const terms = searchTerms(q);
      const read = await readIds(me.id, 'hero');
      const items = lib.heroes
        .filter(
          (h) =>
            (!era || h.era === era) &&
            (!region || h.region === region) &&
            (!topic || h.topics.includes(topic)),
        )
        .filter((h) => {
          const x = h.text[lang];
          return matches(terms, [x.name, x.summary, x.places.join(' '), x.body]);
        })
        .map((h) => ({
          ...heroCard(h, lang),
          keyVerse: showReference(h.keyVerse, lang),
          read: read.has(h.id),
        }));
      return { items, total: items.length };
    },
  );

  app.get(
    '/api/library/heroes/:id',
    {
      schema: {
        tags: ['library'],
        summary: 'A hero of faith: biography, key verse, lessons for today and questions',
        params: idParams,
        response: { 200: heroDetailSchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const lang = request.lang;
      const h = catalog.hero(request.params.id);
      if (!h) throw notFound();
      const x = h.text[lang];
      const [keyVerse, read] = await Promise.all([
        scripture(h.keyVerse, lang, me.preferences),
        isRead(me.id, 'hero', h.id),
      ]);
      return {
        ...heroCard(h, lang),
        read,
        keyVerse,
        lessons: x.lessons,
        reflectionQuestions: x.reflectionQuestions,
        bodyHtml: markdownToHtml(x.body),
        ...neighboursOf(lib.heroes, h.id, (n) => n.text[lang].name),
      };
    },
  );

  // ── Resources and links ──

  app.get(
    '/api/library/resources',
    {
      schema: {
        tags: ['library'],
        summary: 'Practical guides in order, with search and a topic filter',
        querystring: resourceQuerySchema,
        response: { 200: resourceListSchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const lang = request.lang;
      const { q, topic } = request.query;
      const terms = searchTerms(q);
      const read = await readIds(me.id, 'resource');
      const items = lib.resources
        .filter((r) => !topic || r.topics.includes(topic))
        .filter((r) => {
          const x = r.text[lang];
          return matches(terms, [x.title, x.summary, x.steps.join(' '), x.body]);
        })
        .map((r) => ({ ...resourceCard(r, lang), read: read.has(r.id) }));
      return { items, total: items.length };
    },
  );

  app.get(
    '/api/library/resources/:id',
    {
      schema: {
        tags: ['library'],
        summary: 'A practical guide with its steps, Scripture and links into the app',
        params: idParams,
        response: { 200: resourceDetailSchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const lang = request.lang;
      const r = catalog.resource(request.params.id);
      if (!r) throw notFound();
      const x = r.text[lang];
      const [scriptures, read] = await Promise.all([
        Promise.all(r.scriptures.map((s) => scripture(s, lang, me.preferences))),
        isRead(me.id, 'resource', r.id),
      ]);
      return {
        ...resourceCard(r, lang),
        read,
        scriptures,
        steps: x.steps,
        tools: x.tools,
        bodyHtml: markdownToHtml(x.body),
        ...neighboursOf(lib.resources, r.id, (n) => n.text[lang].title),
      };
    },
  );

  app.get(
    '/api/library/links',
    {
      schema: {
        tags: ['library'],
        summary: 'Recommended ministries, channels and sites (external links), by kind',
        querystring: linkQuerySchema,
        response: { 200: linkListSchema },
      },
    },
    async (request) => {
      const lang = request.lang;
      const items = lib.links
        .filter((l) => !request.query.kind || l.kind === request.query.kind)
        .map((l) => {
          const x = l.text[lang];
          return {
            id: l.id,
            kind: l.kind,
            name: x.name,
            url: x.url,
            language: x.language,
            description: x.description,
          };
        });
      return { items, total: items.length };
    },
  );

  // ── Read marks ──

  app.put(
    '/api/library/read/:kind/:id',
    {
      schema: {
        tags: ['library'],
        summary: 'Mark a sermon study, hero of faith or guide as read or not read',
        params: readMarkParamsSchema,
        body: readMarkInputSchema,
        response: { 200: z.object({ kind: z.string(), id: z.string(), read: z.boolean() }) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { kind, id } = request.params;
      if (!catalog.has(kind, id)) throw notFound();
      if (request.body.read) {
        await db
          .insert(libraryRead)
          .values({ userId: me.id, kind, itemId: id })
          .onConflictDoNothing();
      } else {
        await db
          .delete(libraryRead)
          .where(
            and(
              eq(libraryRead.userId, me.id),
              eq(libraryRead.kind, kind),
              eq(libraryRead.itemId, id),
            ),
          );
      }
      return { kind, id, read: request.body.read };
    },
  );
}
