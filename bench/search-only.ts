/**
 * `npm run bench -- --search`: only the common-words search section, on databases that start
 * from the test fixture (the three Bibles loaded once, tests/helpers/global-setup-server.ts):
 * PGlite always, PostgreSQL when BENCH_DATABASE_URL (or the default local server) answers.
 */
import pg from 'pg';
import setup from '../tests/helpers/global-setup-server.ts';
import { createTestDatabase } from '../tests/helpers/database.ts';
import { tidySearchIndex } from '#server/bible/loader.ts';
import { commonWordsLatency, commonWordsLines, SEARCH_GOALS } from './search.ts';

export async function searchOnly(rounds = Number(process.env.BENCH_SEARCH_ROUNDS ?? 3)) {
  const lines: string[] = [];
  const saved = process.env.TEST_DATABASE_URL;
  try {
    for (const label of Object.keys(SEARCH_GOALS) as (keyof typeof SEARCH_GOALS)[]) {
      if (label === 'PostgreSQL') {
        const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
        const probe = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
        try {
          await probe.connect();
        } catch (error) {
          console.warn(`PostgreSQL not reachable (${String(error)}): PGlite only.`);
          continue;
        } finally {
          await probe.end().catch(() => undefined);
        }
        process.env.TEST_DATABASE_URL = url;
      } else delete process.env.TEST_DATABASE_URL;
      await setup();
      const handle = await createTestDatabase({ bibles: true });
      try {
        // The fixture may predate the loader's tidying; a fresh load ends with it.
        await tidySearchIndex(handle.db);
        const { words, results } = await commonWordsLatency(handle.db, rounds);
        if (label === 'PGlite')
          for (const [code, list] of Object.entries(words))
            console.log(`${code}: ${list.join(', ')}`);
        const out = commonWordsLines(label, results);
        for (const line of out) console.log(line);
        lines.push(...out);
      } finally {
        await handle.close();
      }
    }
  } finally {
    if (saved === undefined) delete process.env.TEST_DATABASE_URL;
    else process.env.TEST_DATABASE_URL = saved;
  }
  return lines;
}
