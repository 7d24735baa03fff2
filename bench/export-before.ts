/**
 * The journal export as it was made until issue 28, for `npm run bench -- --export` to set
 * beside the stream: every entry (up to 50,000) read by one query, then the Markdown as one
 * string, then its bytes. Run in a process of its own on the bench's database (DATA_DIR or
 * DATABASE_URL) for the member given; prints its peak resident memory above its size before
 * the query and the time until the file was ready, as JSON.
 */
import { desc, eq } from 'drizzle-orm';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openPglite, openPostgres } from '../src/server/db/client.ts';
import { journalEntry } from '../src/server/db/schema.ts';
import { journalMarkdown } from '../src/server/journal/routes.ts';

const userId = process.argv[2]!;
const handle = process.env.DATABASE_URL
  ? await openPostgres(process.env.DATABASE_URL, 2)
  : await openPglite(join(process.env.DATA_DIR!, 'pglite'));
const read = (limit: number) =>
  handle.db
    .select()
    .from(journalEntry)
    .where(eq(journalEntry.userId, userId))
    .orderBy(desc(journalEntry.createdAt))
    .limit(limit);

const kb = (field: string) =>
  Number(
    new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync('/proc/self/status', 'utf8'))![1],
  ) * 1024;

// Warm-up: the query and the Markdown compiled on a few entries.
for (let i = 0; i < 3; i++) Buffer.from(journalMarkdown(await read(20), 'en', 'UTC'));
const before = kb('VmRSS');
let hwm = true;
try {
  writeFileSync('/proc/self/clear_refs', '5');
} catch {
  hwm = false;
}
const started = performance.now();
const rows = await read(50_000);
const file = Buffer.from(journalMarkdown(rows, 'en', 'UTC'));
const readyMs = performance.now() - started;
const peak = hwm ? kb('VmHWM') : kb('VmRSS');
console.log(JSON.stringify({ peakMb: (peak - before) / 1024 / 1024, readyMs, bytes: file.length }));
await handle.close();
