/**
 * Every table of a database, read from the catalogue (a table added later is covered without a
 * change here): comparing two databases row by row (the backup test), and writing a row into
 * each table as its schema stands (the backup and upgrade tests). Works the same on PGlite and
 * PostgreSQL, through a plain query function.
 */
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { randomUUID } from 'node:crypto';

export type Query = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

export const pgliteQuery =
  (db: PGlite): Query =>
  async <T>(text: string, params?: unknown[]) =>
    (await db.query<T>(text, params)).rows;

export const pgQuery =
  (client: pg.ClientBase | pg.Pool): Query =>
  async <T>(text: string, params?: unknown[]) =>
    (await client.query(text, params)).rows as T[];

export const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Every table of the database, `schema.table`, quoted (the app's and the migrations' own). */
export async function tablesOf(query: Query): Promise<string[]> {
  const rows = await query<{ s: string; t: string }>(
    `select table_schema as s, table_name as t from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
     order by 1, 2`,
  );
  return rows.map((r) => `${quote(r.s)}.${quote(r.t)}`);
}

/** Each row of `table` as JSON text, in order (what two databases' tables are compared on). */
const rowsSql = (table: string) => `select to_jsonb(t)::text as r from ${table} t`;

async function digest(query: Query, table: string) {
  const [row] = await query<{ n: number; h: string | null }>(
    `select count(*)::int as n, md5(string_agg(r, E'\\n' order by r)) as h from (${rowsSql(table)}) x`,
  );
  return { rows: Number(row!.n), hash: row!.h ?? '' };
}

async function sequences(query: Query): Promise<Map<string, string | null>> {
  const rows = await query<{ name: string; v: string | null }>(
    `select schemaname || '.' || sequencename as name, last_value::text as v from pg_sequences
     where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
  );
  return new Map(rows.map((r) => [r.name, r.v]));
}

/**
 * Every difference between two databases: tables present in one only, rows of a table present
 * in one only (a few shown per table), and sequences at another value. Empty: the same rows,
 * in every table. `except` leaves tables out (`"public"."bible_verse"`).
 */
export async function differences(
  a: Query,
  b: Query,
  options: { except?: string[] } = {},
): Promise<string[]> {
  const found: string[] = [];
  const [tablesA, tablesB] = [await tablesOf(a), await tablesOf(b)];
  for (const t of tablesA.filter((t) => !tablesB.includes(t)))
    found.push(`${t}: only in the first`);
  for (const t of tablesB.filter((t) => !tablesA.includes(t)))
    found.push(`${t}: only in the second`);
  for (const table of tablesA.filter((t) => tablesB.includes(t))) {
    if (options.except?.includes(table)) continue;
    const [da, db] = [await digest(a, table), await digest(b, table)];
    if (da.rows === db.rows && da.hash === db.hash) continue;
    const rowsA = new Set((await a<{ r: string }>(rowsSql(table))).map((x) => x.r));
    const rowsB = new Set((await b<{ r: string }>(rowsSql(table))).map((x) => x.r));
    const onlyA = [...rowsA].filter((r) => !rowsB.has(r));
    const onlyB = [...rowsB].filter((r) => !rowsA.has(r));
    found.push(
      `${table}: ${da.rows} rows and ${db.rows} rows; ${onlyA.length} only in the first, ` +
        `${onlyB.length} only in the second: ${[...onlyA.slice(0, 2), ...onlyB.slice(0, 2)].join(' | ')}`,
    );
  }
  const [seqA, seqB] = [await sequences(a), await sequences(b)];
  for (const [name, value] of seqA) {
    if (seqB.get(name) !== value) found.push(`sequence ${name}: ${value} and ${seqB.get(name)}`);
  }
  return found;
}

/** How many rows each table of the `public` schema holds, by bare name. */
export async function rowCounts(query: Query): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await tablesOf(query)) {
    if (!table.startsWith('"public".')) continue;
    const [row] = await query<{ n: number }>(`select count(*)::int as n from ${table}`);
    counts[table.slice('"public".'.length).replaceAll('"', '')] = Number(row!.n);
  }
  return counts;
}

// ── Writing rows ──

interface Column {
  name: string;
  type: string;
  udt: string;
  nullable: boolean;
  /** Computed by the database (a generated column, an identity ALWAYS): never written. */
  computed: boolean;
}

interface Schema {
  tables: string[];
  columns: Map<string, Column[]>;
  primaryKeys: Map<string, string[]>;
  /** Foreign keys: table → column → the table and column it references. */
  references: Map<string, Map<string, { table: string; column: string }>>;
}

/** The `public` tables as they stand now: columns, primary keys and foreign keys. */
export async function schemaOf(query: Query): Promise<Schema> {
  const columns = await query<{
    t: string;
    c: string;
    type: string;
    udt: string;
    nullable: string;
    generated: string;
    identity: string | null;
  }>(
    `select table_name as t, column_name as c, data_type as type, udt_name as udt,
            is_nullable as nullable, is_generated as generated, identity_generation as identity
     from information_schema.columns c
     where table_schema = 'public'
       and exists (select 1 from information_schema.tables x where x.table_schema = 'public'
                   and x.table_name = c.table_name and x.table_type = 'BASE TABLE')
     order by table_name, ordinal_position`,
  );
  const keys = await query<{ t: string; c: string }>(
    `select cl.relname as t, a.attname as c
     from pg_constraint k join pg_class cl on cl.oid = k.conrelid
     join pg_attribute a on a.attrelid = k.conrelid and a.attnum = any (k.conkey)
     where k.contype = 'p' and k.connamespace = 'public'::regnamespace
     order by cl.relname, array_position(k.conkey, a.attnum)`,
  );
  const fks = await query<{ t: string; c: string; rt: string; rc: string }>(
    `select cl.relname as t, a.attname as c, rcl.relname as rt, ra.attname as rc
     from pg_constraint k join pg_class cl on cl.oid = k.conrelid
     join pg_class rcl on rcl.oid = k.confrelid
     join pg_attribute a on a.attrelid = k.conrelid and a.attnum = k.conkey[1]
     join pg_attribute ra on ra.attrelid = k.confrelid and ra.attnum = k.confkey[1]
     where k.contype = 'f' and k.connamespace = 'public'::regnamespace`,
  );
  const schema: Schema = {
    tables: [],
    columns: new Map(),
    primaryKeys: new Map(),
    references: new Map(),
  };
  for (const c of columns) {
    if (!schema.columns.has(c.t)) schema.columns.set(c.t, []);
    schema.columns.get(c.t)!.push({
      name: c.c,
      type: c.type,
      udt: c.udt,
      nullable: c.nullable === 'YES',
      computed: c.generated === 'ALWAYS' || c.identity === 'ALWAYS',
    });
  }
  for (const k of keys) schema.primaryKeys.set(k.t, [...(schema.primaryKeys.get(k.t) ?? []), k.c]);
  for (const f of fks) {
    if (!schema.references.has(f.t)) schema.references.set(f.t, new Map());
    schema.references.get(f.t)!.set(f.c, { table: f.rt, column: f.rc });
  }
  // Referenced tables first.
  const order: string[] = [];
  const visit = (table: string, path: string[]) => {
    if (order.includes(table) || path.includes(table)) return;
    for (const ref of schema.references.get(table)?.values() ?? []) {
      if (ref.table !== table) visit(ref.table, [...path, table]);
    }
    order.push(table);
  };
  for (const table of [...schema.columns.keys()].sort()) visit(table, []);
  schema.tables = order;
  return schema;
}

let serial = 0;

/**
 * A value of the column's type that no other row has (text with accents and a quote, a number
 * and a time of its own): for a column whose meaning the test does not know.
 */
function generatedValue(table: string, column: Column, step: number): unknown {
  serial += 1;
  const n = serial;
  const day = String(1 + (n % 28)).padStart(2, '0');
  const month = String(1 + (step % 12)).padStart(2, '0');
  switch (column.type) {
    case 'text':
    case 'character varying':
      return `${table}.${column.name} ${step}/${n}: ñandú l’été`;
    case 'boolean':
      return n % 2 === 0;
    case 'smallint':
    case 'integer':
    case 'bigint':
      return step * 100 + (n % 100);
    case 'numeric':
    case 'real':
    case 'double precision':
      return 1.25 + step;
    case 'timestamp with time zone':
    case 'timestamp without time zone':
      return `2024-${month}-${day}T12:${String(n % 60).padStart(2, '0')}:00.000Z`;
    case 'date':
      return `2024-${month}-${day}`;
    case 'json':
    case 'jsonb':
      return { step, row: n };
    case 'tsvector':
      return 'generated row';
    case 'uuid':
      return randomUUID();
    case 'ARRAY':
      return [];
    default:
      throw new Error(
        `no value for ${table}.${column.name} (${column.type}): add one to tests/helpers/tables.ts`,
      );
  }
}

const asParameter = (value: unknown): string | null =>
  value === null || value === undefined
    ? null
    : Array.isArray(value) && value.length === 0
      ? '{}'
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);

/**
 * Writes one row into `table`: the given values where the column exists, a reference to a row
 * of `parents` (or any row of the referenced table) for a foreign key, and a generated value in
 * every other column the database does not compute. Answers the row as stored (JSON) and its
 * primary key.
 */
export async function insertRow(
  query: Query,
  schema: Schema,
  table: string,
  options: {
    step: number;
    values?: Record<string, unknown>;
    parents?: Map<string, Record<string, unknown>>;
  },
): Promise<{ row: Record<string, unknown>; key: Record<string, unknown> }> {
  const names: string[] = [];
  const params: (string | null)[] = [];
  const casts: string[] = [];
  for (const column of schema.columns.get(table) ?? []) {
    if (column.computed) continue;
    let value: unknown;
    const ref = schema.references.get(table)?.get(column.name);
    if (options.values && column.name in options.values) value = options.values[column.name];
    else if (ref) {
      value = options.parents?.get(ref.table)?.[ref.column];
      if (value === undefined) {
        const [any] = await query<{ v: unknown }>(
          `select ${quote(ref.column)} as v from public.${quote(ref.table)} limit 1`,
        );
        value = any?.v ?? null;
      }
    } else value = generatedValue(table, column, options.step);
    names.push(quote(column.name));
    params.push(asParameter(value));
    casts.push(`$${params.length}::${quote(column.udt)}`);
  }
  const [inserted] = await query<{ r: string }>(
    `insert into public.${quote(table)} as t (${names.join(', ')}) values (${casts.join(', ')})
     returning to_jsonb(t)::text as r`,
    params,
  );
  const row = JSON.parse(inserted!.r) as Record<string, unknown>;
  const key = Object.fromEntries(
    (schema.primaryKeys.get(table) ?? []).map((column) => [column, row[column]]),
  );
  return { row, key };
}

/** The row of `table` with primary key `key`, as stored now (JSON), or undefined. */
export async function readRow(
  query: Query,
  table: string,
  key: Record<string, unknown>,
): Promise<Record<string, unknown> | undefined> {
  const columns = Object.keys(key);
  const [found] = await query<{ r: string }>(
    `select to_jsonb(t)::text as r from public.${quote(table)} t where ${columns
      .map((c, i) => `to_jsonb(t.${quote(c)}) = $${i + 1}::jsonb`)
      .join(' and ')}`,
    columns.map((c) => JSON.stringify(key[c])),
  );
  return found ? (JSON.parse(found.r) as Record<string, unknown>) : undefined;
}

/** A row in every `public` table that has none (referenced tables first): nothing left empty. */
export async function fillEmptyTables(query: Query, except: string[] = []): Promise<string[]> {
  const schema = await schemaOf(query);
  const filled: string[] = [];
  for (const table of schema.tables) {
    if (except.includes(table)) continue;
    const [row] = await query<{ n: number }>(
      `select count(*)::int as n from public.${quote(table)}`,
    );
    if (Number(row!.n) > 0) continue;
    await insertRow(query, schema, table, { step: 0 });
    filled.push(table);
  }
  return filled;
}
