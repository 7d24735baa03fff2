/**
 * Search on common words (issue 10): p50/p95 of `searchVerses` for one-word and two-word
 * queries built from the 20 most frequent searchable words of each translation, called
 * directly on a database that holds the three Bibles (no HTTP: the query is what is measured).
 */
import { INSTALLED_TRANSLATIONS, translationLanguage } from '#shared/values/bible.ts';
import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { searchVerses } from '#server/bible/service.ts';

/** p95 goals in ms (issue 10). */
export const SEARCH_GOALS = { PostgreSQL: 30, PGlite: 100 } as const;

const TRANSLATIONS = INSTALLED_TRANSLATIONS.map((code) => ({
  code,
  language: translationLanguage(code),
}));

/**
 * The 20 most frequent lexemes of a translation that a search can match (stop words never
 * reach the tsvector), each spelled as the most frequent word of the text that stems to it.
 */
export async function commonWords(db: Database, code: string, count = 20): Promise<string[]> {
  const config = code === 'RV1909' ? 'es_unaccent' : 'en_unaccent';
  const stat = `select search from bible_verse where translation = '${code.replace(/'/g, "''")}'`;
  const result = await db.execute<{ lexeme: string; word: string }>(sql`
    with top as (
      select word as lexeme, ndoc from ts_stat(${stat}) order by ndoc desc, word limit ${count}
    ),
    words as (
      select w, count(*) as n
      from bible_verse, regexp_split_to_table(lower(text), '[^[:alpha:]]+') as w
      where translation = ${code} and w <> ''
      group by w
    ),
    spelled as (
      select distinct on (lexeme) lexeme, w as word
      from words, unnest(tsvector_to_array(to_tsvector(${sql.raw(`'${config}'::regconfig`)}, w))) as lexeme
      where lexeme in (select lexeme from top)
      order by lexeme, n desc, w
    )
    select top.lexeme, spelled.word from top join spelled using (lexeme) order by top.ndoc desc, top.lexeme`);
  return result.rows.map((r) => r.word);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

export interface CommonWordsResult {
  translation: string;
  kind: 'one word' | 'two words';
  queries: number;
  p50: number;
  p95: number;
  max: number;
}

/**
 * Each translation: its 20 words alone, and 20 pairs of them (word i with word i+1, i+3 and
 * i+7 round the list, 60 pairs cut to 20 spread ones), every query `rounds` times, first page.
 */
export async function commonWordsLatency(
  db: Database,
  rounds = 3,
): Promise<{ words: Record<string, string[]>; results: CommonWordsResult[] }> {
  const words: Record<string, string[]> = {};
  const results: CommonWordsResult[] = [];
  for (const t of TRANSLATIONS) {
    const list = await commonWords(db, t.code);
    words[t.code] = list;
    const pairs: string[] = [];
    for (let i = 0; i < list.length; i++) {
      const step = [1, 3, 7][i % 3]!;
      pairs.push(`${list[i]} ${list[(i + step) % list.length]}`);
    }
    for (const [kind, queries] of [
      ['one word', list],
      ['two words', pairs],
    ] as const) {
      // One untimed pass so the first query does not pay for cold caches.
      for (const q of queries.slice(0, 3))
        await searchVerses(db, { code: t.code, language: t.language, q, page: 1, lang: 'en' });
      const times: number[] = [];
      for (let round = 0; round < rounds; round++) {
        for (const q of queries) {
          const started = performance.now();
          await searchVerses(db, { code: t.code, language: t.language, q, page: 1, lang: 'en' });
          times.push(performance.now() - started);
        }
      }
      times.sort((a, b) => a - b);
      results.push({
        translation: t.code,
        kind,
        queries: times.length,
        p50: Number(percentile(times, 0.5).toFixed(1)),
        p95: Number(percentile(times, 0.95).toFixed(1)),
        max: Number(times[times.length - 1]!.toFixed(1)),
      });
    }
  }
  return { words, results };
}

/** Markdown lines: one per translation and kind, with the p95 as a share of the goal. */
export function commonWordsLines(
  label: keyof typeof SEARCH_GOALS,
  results: CommonWordsResult[],
): string[] {
  const goal = SEARCH_GOALS[label];
  return results.map(
    (r) =>
      `- ${label}: ${r.translation}, ${r.kind} (${r.queries} queries): p50 ${r.p50} ms, p95 **${r.p95} ms** = ${((r.p95 / goal) * 100).toFixed(0)}% of the ${goal} ms goal (max ${r.max} ms).`,
  );
}
