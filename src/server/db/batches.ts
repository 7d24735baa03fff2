import { Readable } from 'node:stream';
import { and, asc, desc, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client.ts';

/**
 * Rows per query of an export: small enough that a batch of long journal entries stays a few
 * megabytes, large enough that 50,000 entries take 250 indexed queries (ADR 0046).
 */
export const EXPORT_BATCH_SIZE = 200;

export interface KeysetQuery {
  table: PgTable;
  /** The columns read (as `db.select(columns)` takes them). */
  columns: Record<string, PgColumn>;
  where: SQL;
  /** A unique ordering: the last key is unique on its own or with the ones before it. */
  keys: readonly PgColumn[];
  direction: 'asc' | 'desc';
  batchSize?: number;
}

/**
 * The rows of a query in batches, by keyset: each query asks for the rows after the last one
 * read, `(k1, k2…) > (last k1, last k2…)` (or `<` newest first), so each is an index range scan
 * however deep into the table, memory holds one batch, and no connection or transaction is held
 * between batches (ADR 0046). The last row's keys are carried as PostgreSQL prints them and cast
 * back to their column's type: a timestamp keeps its microseconds, which a JavaScript Date would
 * round to milliseconds (and rows sharing the millisecond would be skipped).
 */
export async function* keysetBatches<Row extends Record<string, unknown>>(
  db: Database,
  query: KeysetQuery,
): AsyncGenerator<Row[]> {
  const { table, columns, where, keys, direction } = query;
  const size = query.batchSize ?? EXPORT_BATCH_SIZE;
  const cursorColumns = Object.fromEntries(
    keys.map((key, i) => [`__key${i}`, sql<string>`${key}::text`]),
  );
  const order = keys.map((key) => (direction === 'asc' ? asc(key) : desc(key)));
  const tuple = (parts: SQL[]) => sql`(${sql.join(parts, sql`, `)})`;
  const keyTuple = tuple(keys.map((key) => sql`${key}`));
  let after: string[] | null = null;
  for (;;) {
    let condition = where;
    if (after) {
      const last = tuple(
        keys.map((key, i) => sql`cast(${after![i]} as ${sql.raw(key.getSQLType())})`),
      );
      condition = and(
        where,
        direction === 'asc' ? sql`${keyTuple} > ${last}` : sql`${keyTuple} < ${last}`,
      )!;
    }
    const page = (await db
      .select({ ...columns, ...cursorColumns })
      .from(table)
      .where(condition)
      .orderBy(...order)
      .limit(size)) as Record<string, unknown>[];
    if (page.length === 0) return;
    const lastRow = page[page.length - 1]!;
    after = keys.map((_, i) => lastRow[`__key${i}`] as string);
    yield page.map((row) => {
      const out: Record<string, unknown> = {};
      for (const name of Object.keys(columns)) out[name] = row[name];
      return out as Row;
    });
    if (page.length < size) return;
  }
}

/** `first`, then the rest of `rest`: a batch read ahead (to answer 404 on none) put back. */
export async function* startingWith<T>(first: T, rest: AsyncIterator<T>): AsyncGenerator<T> {
  try {
    yield first;
    for (;;) {
      const next = await rest.next();
      if (next.done) return;
      yield next.value;
    }
  } finally {
    await rest.return?.();
  }
}

/**
 * Text made in small pieces, as pieces of about `size` characters: few writes, and each piece
 * small enough for V8's young generation (a string or buffer over 128 KB is allocated among the
 * large objects, which only a full collection frees, so one per batch would pile up as garbage
 * until then: ADR 0046). Buffers pass through as they are, after the text before them.
 */
export async function* coalesce(
  pieces: AsyncIterable<string | Buffer> | Iterable<string | Buffer>,
  size = 16_384,
): AsyncGenerator<string | Buffer> {
  let pending: string[] = [];
  let length = 0;
  for await (const piece of pieces) {
    if (typeof piece !== 'string') {
      if (length) yield pending.join('');
      pending = [];
      length = 0;
      if (piece.length) yield piece;
      continue;
    }
    pending.push(piece);
    length += piece.length;
    if (length >= size) {
      yield pending.join('');
      pending = [];
      length = 0;
    }
  }
  if (length) yield pending.join('');
}

/**
 * An answer's body from text or bytes made as they are read: a byte stream that pulls the
 * next piece only when the socket has taken the last (backpressure), whose generator is closed
 * when the client goes away, and which is destroyed when the generator fails, so a failure
 * midway ends the connection without the last chunk rather than as a complete-looking file.
 */
export function textStream(pieces: AsyncIterable<string | Buffer>): Readable {
  return Readable.from(
    (async function* () {
      for await (const piece of coalesce(pieces)) {
        yield typeof piece === 'string' ? Buffer.from(piece, 'utf8') : piece;
      }
    })(),
    { objectMode: false },
  );
}
