import { desc, eq, sql } from 'drizzle-orm';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { prayersMarkdown } from '#server/account/export.ts';
import { zipStream } from '#server/account/zip.ts';
import { coalesce, EXPORT_BATCH_SIZE, keysetBatches } from '#server/db/batches.ts';
import { journalEntry, prayerRequest } from '#server/db/schema.ts';
import { journalMarkdown } from '#server/journal/routes.ts';
import { unzip } from '../helpers/unzip.ts';
import { useTestApp } from '../helpers/app.ts';

const app = useTestApp({}, { writer: {}, other: {} });

const ENTRIES = 2_000;
const PRAYERS = 450;

/** Keyset queries are the ones that select a `__key0` cursor column (src/server/db/batches.ts). */
const keysetQueries = (spy: { mock: { calls: unknown[][] } }) =>
  spy.mock.calls.filter(([fields]) => typeof fields === 'object' && fields && '__key0' in fields)
    .length;

/** The date a Markdown export says it was generated (it is "today" when the request ran). */
const generatedOn = (markdown: string) =>
  new Date(`${/_(?:Exported|Exportado): (\d{4}-\d{2}-\d{2})_/.exec(markdown)![1]}T12:00:00Z`);

beforeAll(async () => {
  const { db } = app.t.database;
  // Three entries per second, a microsecond apart (they share the millisecond a JavaScript
  // Date keeps), and every tenth pair at the very same instant (the id decides): the keyset
  // must neither skip nor repeat any of them at a batch's edge.
  await db.execute(sql`
    insert into journal_entry (id, user_id, title, content, status, tags, scripture_reference,
      scripture_text, scripture_translation, created_at, updated_at)
    select
      'entry-' || lpad(i::text, 5, '0'), ${app.writer.id},
      case when i % 7 = 0 then '' else 'Entry ' || i end,
      'Line one of entry ' || i || E'\nline two, ñ and “quotes”',
      case when i % 5 = 0 then 'draft' else 'published' end,
      case when i % 3 = 0 then '["faith","familia"]'::jsonb else '[]'::jsonb end,
      case when i % 11 = 0 then 'John 3:16' end,
      case when i % 11 = 0 then 'For God so loved the world' end,
      case when i % 11 = 0 then 'KJV' end,
      timestamptz '2025-03-01 12:00:00+00'
        + ((i / 3) * interval '1 second')
        + ((case when i % 10 = 1 then 0 else i % 3 end) * interval '1 microsecond'),
      timestamptz '2025-03-01 12:00:00+00'
    from generate_series(1, ${ENTRIES}) as i`);
  await db.execute(sql`
    insert into prayer_request (id, user_id, title, description, category, status, urgent,
      answered_at, answer_note, created_at, updated_at)
    select
      'prayer-' || lpad(i::text, 4, '0'), ${app.writer.id}, 'Prayer ' || i,
      case when i % 2 = 0 then 'For the family ' || i else '' end,
      'family',
      case when i % 4 = 0 then 'answered' else 'active' end,
      i % 9 = 0,
      case when i % 4 = 0 then timestamptz '2025-04-01 00:00:00+00' end,
      case when i % 8 = 0 then E'Answered\nthank God' else '' end,
      timestamptz '2025-03-01 00:00:00+00' + (i * interval '1 minute') + (i % 2) * interval '1 microsecond',
      timestamptz '2025-03-01 00:00:00+00'
    from generate_series(1, ${PRAYERS}) as i`);
  await db.execute(sql`
    insert into mail_outbox (id, "to", subject, text, status, created_at)
    values ('mail-1', ${app.writer.email.toUpperCase()}, 'Welcome', 'secret link', 'sent',
      timestamptz '2025-03-02 00:00:00+00')`);
  await app.call(app.other, 'POST', '/api/journal', { content: 'Someone else’s words' });
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** Every entry of the writer, newest first, in one query: what the export used to read. */
const allEntries = () =>
  app.t.database.db
    .select()
    .from(journalEntry)
    .where(eq(journalEntry.userId, app.writer.id))
    .orderBy(desc(journalEntry.createdAt), desc(journalEntry.id));

describe('exports stream in keyset batches', () => {
  it('reads every row once, in order, in batches of the size asked, microseconds and ties included', async () => {
    const { db } = app.t.database;
    const batches: string[][] = [];
    for await (const rows of keysetBatches<{ id: string }>(db, {
      table: journalEntry,
      columns: { id: journalEntry.id },
      where: eq(journalEntry.userId, app.writer.id),
      keys: [journalEntry.createdAt, journalEntry.id],
      direction: 'desc',
      batchSize: 7,
    })) {
      batches.push(rows.map((r) => r.id));
    }
    expect(batches.length).toBe(Math.ceil(ENTRIES / 7));
    expect(batches.slice(0, -1).every((b) => b.length === 7)).toBe(true);
    expect(batches.flat()).toEqual((await allEntries()).map((r) => r.id));
  });

  it('exports 2,000 journal entries as the in-memory Markdown did, byte for byte, in batches', async () => {
    const select = vi.spyOn(app.t.database.db, 'select');
    for (const lang of ['en', 'es'] as const) {
      select.mockClear();
      const res = await app.call(app.writer, 'GET', '/api/journal/export', undefined, lang);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/markdown; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="journal-\d{4}-\d{2}-\d{2}\.md"$/,
      );
      const expected = journalMarkdown(await allEntries(), lang, 'UTC', generatedOn(res.body));
      expect(res.body.length).toBe(expected.length);
      expect(res.body === expected).toBe(true);
      expect(res.body).not.toContain('Someone else’s words');
      // One query a batch, and the one that finds no more.
      expect(keysetQueries(select)).toBe(Math.floor(ENTRIES / EXPORT_BATCH_SIZE) + 1);
    }
  });

  it('keeps the filters: only the drafts, still streamed', async () => {
    const res = await app.call(app.writer, 'GET', '/api/journal/export?status=draft');
    const drafts = (await allEntries()).filter((r) => r.status === 'draft');
    expect(drafts.length).toBe(ENTRIES / 5);
    expect(res.body).toBe(journalMarkdown(drafts, 'en', 'UTC', generatedOn(res.body)));
  });

  it('writes the personal archive with 2,000 entries: data.json as JSON.stringify wrote it, the Markdown as before', async () => {
    const select = vi.spyOn(app.t.database.db, 'select');
    const res = await app.call(app.writer, 'GET', '/api/user/export', undefined, 'es');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const files = unzip(res.rawPayload);
    expect([...files.keys()]).toEqual(['data.json', 'journal.md', 'prayers.md']);
    if (existsSync('/usr/bin/unzip')) {
      const dir = mkdtempSync(join(tmpdir(), 'camino-export-'));
      writeFileSync(join(dir, 'data.zip'), res.rawPayload);
      expect(execFileSync('/usr/bin/unzip', ['-t', join(dir, 'data.zip')]).toString()).toMatch(
        /No errors detected/,
      );
      rmSync(dir, { recursive: true, force: true });
    }
    const json = files.get('data.json')!.toString('utf8');
    const data = JSON.parse(json);
    expect(json === JSON.stringify(data, null, 2)).toBe(true);
    const entries = await allEntries();
    expect(data.tables.journal_entry.map((r: { id: string }) => r.id)).toEqual(
      entries.map((r) => r.id).sort(),
    );
    const { userId: _owner, ...first } = entries.find(
      (r) => r.id === data.tables.journal_entry[0].id,
    )!;
    expect(data.tables.journal_entry[0]).toEqual(JSON.parse(JSON.stringify(first)));
    expect(data.tables.prayer_request).toHaveLength(PRAYERS);
    expect(data.tables.mail_outbox).toEqual([
      { subject: 'Welcome', status: 'sent', createdAt: '2025-03-02T00:00:00.000Z' },
    ]);

    const journal = files.get('journal.md')!.toString('utf8');
    expect(journal === journalMarkdown(entries, 'es', 'UTC', generatedOn(journal))).toBe(true);
    const prayers = await app.t.database.db
      .select()
      .from(prayerRequest)
      .where(eq(prayerRequest.userId, app.writer.id))
      .orderBy(desc(prayerRequest.createdAt), desc(prayerRequest.id));
    expect(files.get('prayers.md')!.toString('utf8')).toBe(prayersMarkdown(prayers, 'es', 'UTC'));
    // The journal alone took a query a batch (data.json and journal.md each read it).
    expect(keysetQueries(select)).toBeGreaterThanOrEqual(
      2 * (Math.floor(ENTRIES / EXPORT_BATCH_SIZE) + 1),
    );
  });
});

describe('dates in an export', () => {
  it('are on the member’s calendar: an entry written at 21:00 in Lima is that day’s', async () => {
    await app.call(app.other, 'PATCH', '/api/user/preferences', { timeZone: 'America/Lima' });
    const { db } = app.t.database;
    await db.execute(sql`
      insert into journal_entry (id, user_id, content, status, created_at)
      values ('lima-evening', ${app.other.id}, 'Evening prayer', 'published',
        timestamptz '2025-03-01 02:00:00+00')`);
    await db.execute(sql`
      insert into prayer_request (id, user_id, title, description, category, status, answer_note,
        created_at, answered_at)
      values ('lima-prayer', ${app.other.id}, 'For Ana', '', 'family', 'answered', '',
        timestamptz '2025-03-01 03:00:00+00', timestamptz '2025-04-01 01:00:00+00')`);
    const md = (await app.call(app.other, 'GET', '/api/journal/export')).body;
    expect(md).toContain('## Untitled entry\n\n_2025-02-28 · Published_');
    const files = unzip((await app.call(app.other, 'GET', '/api/user/export')).rawPayload);
    expect(files.get('journal.md')!.toString('utf8')).toContain('_2025-02-28 · Published_');
    const prayers = files.get('prayers.md')!.toString('utf8');
    expect(prayers).toContain('Added 2025-02-28');
    expect(prayers).toContain('Answered 2025-03-31');
  });
});

describe('an export that fails midway', () => {
  let base = '';
  beforeAll(async () => {
    await app.t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(app.t.app.server.address() as AddressInfo).port}`;
  });

  /** The database fails from the third batch on, once the answer has begun. */
  function failFromThirdBatch() {
    const db = app.t.database.db;
    const select = db.select.bind(db);
    let batches = 0;
    vi.spyOn(db, 'select').mockImplementation(((fields?: Record<string, unknown>) => {
      if (fields && '__key0' in fields && ++batches >= 3) throw new Error('connection lost');
      return select(fields as never);
    }) as typeof db.select);
  }

  it.each([
    ['the journal’s Markdown', '/api/journal/export'],
    ['the personal data archive', '/api/user/export'],
  ])('%s ends the connection without completing the file', async (_, path) => {
    failFromThirdBatch();
    const res = await fetch(`${base}${path}`, { headers: { cookie: app.writer.cookie } });
    expect(res.status).toBe(200);
    // The body began; its end never comes: reading it fails, as the page's download does.
    await expect(res.arrayBuffer()).rejects.toThrow();
    vi.restoreAllMocks();
    // The server goes on answering, the same export included.
    const again = await fetch(`${base}${path}`, { headers: { cookie: app.writer.cookie } });
    expect(again.status).toBe(200);
    expect((await again.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });
});

describe('the ZIP writer', () => {
  it('writes a file given in many pieces with its CRC and sizes after it', async () => {
    const pieces = Array.from({ length: 500 }, (_, i) => `line ${i} ${'é'.repeat(i % 50)}\n`);
    // One piece larger than the writer's reusable buffer (140 KB in UTF-8).
    pieces.splice(250, 0, 'ñ'.repeat(70_000));
    const parts: Buffer[] = [];
    for await (const part of zipStream([
      { name: 'a.txt', data: pieces },
      { name: 'vacío.txt', data: [] },
      {
        name: 'b.txt',
        data: (async function* () {
          yield Buffer.from('bytes');
        })(),
      },
    ])) {
      parts.push(part);
    }
    const files = unzip(Buffer.concat(parts));
    expect(files.get('a.txt')!.toString('utf8')).toBe(pieces.join(''));
    expect(files.get('vacío.txt')!.length).toBe(0);
    expect(files.get('b.txt')!.toString('utf8')).toBe('bytes');
  });
});

describe('pieces of an export', () => {
  it('are gathered to about 16 K characters, never one per batch, and bytes keep their place', async () => {
    const entries = Array.from({ length: 1_000 }, (_, i) => `\n## Entry ${i}\n${'x'.repeat(200)}`);
    const out: (string | Buffer)[] = [];
    for await (const piece of coalesce([...entries, Buffer.from('bytes'), 'tail'])) out.push(piece);
    const texts = out.filter((p): p is string => typeof p === 'string');
    // Full pieces, then what came before the bytes, the bytes, and the rest.
    expect(texts.slice(0, -2).every((p) => p.length >= 16_384 && p.length < 16_384 + 300)).toBe(
      true,
    );
    expect(texts.length).toBeGreaterThan(10);
    expect(out.at(-2)).toEqual(Buffer.from('bytes'));
    expect(out.at(-1)).toBe('tail');
    expect(out.filter((p) => typeof p === 'string').join('')).toBe(`${entries.join('')}tail`);
  });
});
