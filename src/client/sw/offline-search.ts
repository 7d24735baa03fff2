/**
 * Searching the downloaded Bible with no network (issue 40): the worker answers
 * `GET /api/bible/search` from the offline pack when the network does not answer, with the
 * server's syntax and the shape of its answer (src/shared/bible/offline-search.ts). The verses of
 * a translation are read from its parts once, at its first search, and kept in memory.
 */
import { BOOKS, bookIndex } from '../../shared/bible/books.ts';
import { formatReference } from '../../shared/bible/chapter-answer.ts';
import {
  highlight,
  normalize,
  parseQuery,
  searchVerses,
  type SearchableVerse,
} from '../../shared/bible/offline-search.ts';
import { SEARCH_PAGE_SIZE } from '../../shared/values/bible.ts';
import { packAnswer } from './offline-bible.ts';
import {
  PACK_CACHE,
  packBible,
  partUrl,
  readIndex,
  readPart,
  type PackIndex,
} from '../features/offline/pack.ts';

export const SEARCH_PATH = '/api/bible/search';

/** Translations read for searching, by their parts' names (a new download is another key). */
const corpora = new Map<string, Promise<SearchableVerse[]>>();
const CORPORA_KEEP = 2;

function corpus(bible: PackIndex['bibles'][number]): Promise<SearchableVerse[]> {
  const key = bible.parts.map((p) => p.id).join(',');
  let verses = corpora.get(key);
  if (!verses) {
    verses = readVerses(bible);
    corpora.set(key, verses);
    verses.catch(() => corpora.delete(key));
    if (corpora.size > CORPORA_KEEP) corpora.delete(corpora.keys().next().value!);
  }
  return verses;
}

async function readVerses(bible: PackIndex['bibles'][number]): Promise<SearchableVerse[]> {
  const cache = await caches.open(PACK_CACHE);
  const out: SearchableVerse[] = [];
  for (const { id } of bible.parts) {
    const stored = await cache.match(partUrl(id));
    if (!stored) throw new Error(`part ${id} is missing`);
    const part = await readPart(new Uint8Array(await stored.arrayBuffer()));
    for (const chapter of part.chapters) {
      const book = bookIndex(chapter.book) + 1;
      chapter.verses.forEach((text, i) => {
        if (text) {
          out.push({
            book,
            chapter: chapter.chapter,
            verse: i + 1,
            text,
            normalized: normalize(text),
          });
        }
      });
    }
  }
  return out;
}

/** The search's answer from the download, or null (not downloaded, or not a search it can do). */
export async function packSearch(url: URL, lang: 'en' | 'es'): Promise<Response | null> {
  const params = url.searchParams;
  const q = params.get('q')?.trim() ?? '';
  if (!q || q.length > 200) return null;
  const index = await readIndex();
  const requested = params.get('translation') ?? (lang === 'es' ? 'RV1909' : 'KJV');
  const found = index && packBible(index, requested, lang);
  if (!found) return null;
  const page = Math.min(500, Math.max(1, Math.trunc(Number(params.get('page') ?? 1)) || 1));
  const osis = params.get('book');
  const book = osis ? bookIndex(osis) + 1 : undefined;
  if (osis && !book) return null;
  const testament = params.get('testament');
  const query = parseQuery(q, found.bible.language);
  const hits = searchVerses(await corpus(found.bible), query, {
    ...(book ? { book } : {}),
    ...(testament === 'OT' || testament === 'NT' ? { testament } : {}),
  });
  const results = hits.slice((page - 1) * SEARCH_PAGE_SIZE, page * SEARCH_PAGE_SIZE).map((v) => {
    const point = { book: v.book, chapter: v.chapter, verse: v.verse };
    const bookOsis = BOOKS[v.book - 1]!.osis;
    return {
      osis: `${bookOsis}.${v.chapter}.${v.verse}`,
      reference: formatReference([{ start: point, end: point }], lang),
      book: bookOsis,
      chapter: v.chapter,
      verse: v.verse,
      segments: highlight(v.text, query),
    };
  });
  const answer = {
    query: q,
    translation: found.code,
    total: hits.length,
    page,
    pageSize: SEARCH_PAGE_SIZE,
    results,
    onDevice: true,
  };
  return packAnswer(answer);
}

/** Reads a downloaded translation's verses ahead of its first search (WARM_SEARCH_MESSAGE). */
export async function warmSearch(requested: string, lang: 'en' | 'es'): Promise<void> {
  const index = await readIndex();
  const found = index && packBible(index, requested, lang);
  if (found) await corpus(found.bible);
}
