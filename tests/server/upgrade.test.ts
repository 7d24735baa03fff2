import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '#server/db/client.ts';
import {
  insertRow,
  pgliteQuery,
  pgQuery,
  readRow,
  schemaOf,
  type Query,
} from '../helpers/tables.ts';

/**
 * The upgrade path (issue 23): a database that lived through every past release, with members'
 * data written at each one, migrated to the current schema, keeps every value of every row.
 * "A release" is a migration step of drizzle/meta/_journal.json: the database is migrated up to
 * step k (as release k shipped it), a row is written into every table that exists then (the
 * representative member data below, and a value of the column's type in any column it does not
 * name), and so on to the last step. Every row is then read again: each value written must be
 * there, unchanged. A migration added later (0013…) is covered without a change here; one that
 * rewrites members' data on purpose declares it in CHANGED_BY.
 */

interface JournalEntry {
  idx: number;
  tag: string;
  when: number;
}
const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
  entries: JournalEntry[];
};
const steps = journal.entries;

/**
 * What a migration does to members' data on purpose, keyed by its tag without the number (the
 * numbers change when branches merge): given a table and a row written before it, the row as it
 * must be after it. A migration not named here must leave every value as it was.
 */
const CHANGED_BY: Record<
  string,
  (table: string, row: Record<string, unknown>) => Record<string, unknown>
> = {};

/** Realistic values for the tables that hold what members write (any missing column: generated). */
const REPRESENTATIVE: Record<string, (step: number) => Record<string, unknown>> = {
  user: (step) => ({
    name: 'Ana María García',
    email: `ana.garcia+release${step}@example.com`,
    first_name: 'Ana María',
    last_name: 'García',
    age_verified: true,
    role: 'member',
    is_premium: step % 2 === 0,
    preferences: {
      language: 'es',
      bibleTranslation: 'RV1909',
      timeZone: 'America/Lima',
      studyReminders: true,
      dailyReminders: true,
    },
    locked_at: null,
  }),
  journal_entry: () => ({
    title: 'Gratitud',
    content: 'Señor, gracias por “todo” lo de hoy.\nQue mañana te busque primero. Amén 🙏',
    scripture_reference: 'Salmos 23:1',
    scripture_osis: 'Ps.23.1',
    scripture_text: 'Jehová es mi pastor; nada me faltará.',
    scripture_translation: 'RV1909',
    tags: ['faith', 'gratitud', 'family'],
    status: 'published',
  }),
  prayer_request: () => ({
    title: 'Por mi hermana',
    category: 'family',
    description: 'Que sane pronto, y que sepa que no está sola.',
    urgent: true,
    status: 'active',
    answer_note: '',
    answered_at: null,
  }),
  bible_study: () => ({
    reference: 'Romans 12:1-2',
    osis: 'Rom.12.1-Rom.12.2',
    translation: 'KJV',
    title: 'A living sacrifice',
    observation: 'Paul urges believers, because of God’s mercies, to offer themselves.',
    interpretation: 'Worship is the whole of life, renewed in the mind.',
    application: 'Begin each day by giving it to God in prayer.',
  }),
  memory_verse: () => ({
    reference: 'John 3:16',
    osis: 'John.3.16',
    translation: 'WEB',
    text: 'For God so loved the world, that he gave his only born Son…',
    category: 'love',
    state: 'review',
    card: {
      due: '2024-03-01T00:00:00.000Z',
      stability: 4.93,
      difficulty: 5.1,
      reps: 3,
      lapses: 0,
      state: 2,
    },
    review_count: 3,
  }),
  favorite_verse: () => ({
    reference: 'Psalm 23:1-2',
    osis: 'Ps.23.1-Ps.23.2',
    translation: 'WEB',
    text: 'Yahweh is my shepherd: I shall lack nothing.',
  }),
  lesson_progress: () => ({ response: 'God is love, and I want to love my neighbour.' }),
  goal: () => ({
    title: 'Pray 10 minutes daily',
    preset: 'pray-10-minutes-daily',
    target: 10,
    unit: 'minutes',
    period: 'daily',
    priority: 'high',
    progress: 4,
  }),
  activity: () => ({
    kind: 'journal',
    amount: 1,
    subject: '',
    label: 'Gratitud',
    day: '2024-02-29',
  }),
  reading_plan_run: () => ({ plan_id: 'gospels', duration: 90, total_days: 90, current_day: 12 }),
  notification_settings: () => ({
    settings: {
      dailyReading: { channels: ['email', 'push'], time: '07:30' },
      quietHours: { start: '22:00', end: '07:00' },
      paused: false,
    },
  }),
  notification: () => ({
    kind: 'badge',
    data: { badge: 'first-lesson', title: 'Primera lección' },
    url: '/courses',
  }),
  notification_delivery: () => ({
    kind: 'daily-reading',
    dedupe_key: '',
    status: 'sent',
    payload: { day: 12, plan: 'gospels' },
  }),
  push_subscription: (step) => ({
    endpoint: `https://fcm.googleapis.com/fcm/send/release-${step}`,
    p256dh:
      'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  }),
  support_ticket: () => ({
    name: 'María López',
    email: 'maria.lopez@example.com',
    phone: '+34 600 123 456',
    subject: 'account',
    language: 'es',
    status: 'open',
    priority: 'normal',
  }),
  support_message: () => ({
    author: 'requester',
    author_name: 'María López',
    body: 'No puedo cambiar mi contraseña desde la configuración.',
  }),
  admin_audit: () => ({
    action: 'member.premium.grant',
    target_type: 'user',
    target_label: 'ana.garcia@example.com',
    detail: { name: 'Ana María García', isPremium: true },
  }),
};

const work = mkdtempSync(join(tmpdir(), 'camino-upgrade-'));

/** The migrations folder as release `step` shipped it: the journal stops at that migration. */
function releaseFolder(step: number): string {
  const folder = join(work, `release-${step}`);
  mkdirSync(join(folder, 'meta'), { recursive: true });
  const entries = steps.slice(0, step + 1);
  writeFileSync(join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const { tag } of entries) {
    copyFileSync(join(migrationsFolder, `${tag}.sql`), join(folder, `${tag}.sql`));
  }
  return folder;
}

/** A new, empty database: PGlite in memory, or one of its own on TEST_DATABASE_URL's server. */
async function emptyDatabase(): Promise<{
  query: Query;
  migrate: (folder: string) => Promise<void>;
  close: () => Promise<void>;
}> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
    const db = await PGlite.create({ extensions: { unaccent } });
    return {
      query: pgliteQuery(db),
      migrate: (folder) => migratePglite(drizzlePglite(db), { migrationsFolder: folder }),
      close: () => db.close(),
    };
  }
  const name = `camino_upgrade_${Date.now().toString(36)}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(text).finally(() => client.end());
  };
  await admin(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: target.toString() });
  await client.connect();
  return {
    query: pgQuery(client),
    migrate: (folder) => migratePg(drizzlePg(client), { migrationsFolder: folder }),
    close: async () => {
      await client.end();
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the upgrade path', () => {
  it(`a database that lived through all ${steps.length} releases keeps every member's data, migrated to the current schema`, async () => {
    const database = await emptyDatabase();
    const written: {
      step: number;
      table: string;
      key: Record<string, unknown>;
      row: Record<string, unknown>;
    }[] = [];
    try {
      for (const { idx: step } of steps) {
        await database.migrate(releaseFolder(step));
        const schema = await schemaOf(database.query);
        // This release's rows refer to each other: its member owns its journal, its ticket…
        const parents = new Map<string, Record<string, unknown>>();
        for (const table of schema.tables) {
          const { row, key } = await insertRow(database.query, schema, table, {
            step,
            values: REPRESENTATIVE[table]?.(step),
            parents,
          });
          parents.set(table, row);
          written.push({ step, table, key, row });
        }
      }
      // The current release: the committed folder itself.
      await database.migrate(migrationsFolder);

      const problems: string[] = [];
      for (const { step, table, key, row } of written) {
        const release = steps[step]!.tag;
        let expected = row;
        for (const later of steps.slice(step + 1)) {
          const change = CHANGED_BY[later.tag.replace(/^\d+_/, '')];
          if (change) expected = change(table, expected);
        }
        const now = await readRow(database.query, table, key);
        if (!now) {
          problems.push(`${table} ${JSON.stringify(key)} (written at ${release}): gone`);
          continue;
        }
        for (const [column, value] of Object.entries(expected)) {
          if (!(column in now)) {
            problems.push(`${table}.${column} (written at ${release}): the column is gone`);
          } else if (!isDeepStrictEqual(now[column], value)) {
            problems.push(
              `${table}.${column} (written at ${release}): ${JSON.stringify(value)} became ` +
                `${JSON.stringify(now[column])}. If a migration changes it on purpose, say how in CHANGED_BY.`,
            );
          }
        }
      }
      expect(problems).toEqual([]);
      // Migration 0017 (reminder_schedule) marked every reminder kind of each age-verified member already there to
      // be computed by the first tick (ADR 0045).
      const scheduled = steps.findIndex((s) => s.tag.endsWith('_reminder_schedule'));
      const members = written
        .filter((w) => w.table === 'user' && w.step < scheduled)
        .map((w) => w.key.id as string);
      const marked = await database.query<{ user_id: string; n: number }>(
        `select user_id, count(*)::int as n from reminder_schedule
         where local_day is null and next_due = 'epoch'::timestamptz group by user_id`,
      );
      expect(members.length).toBeGreaterThan(0);
      expect(Object.fromEntries(marked.map((r) => [r.user_id, r.n]))).toEqual(
        Object.fromEntries(members.map((id) => [id, 5])),
      );
      // Every release wrote into every table it had: the last one into all of them.
      expect(written.filter((w) => w.step === steps.length - 1).length).toBe(
        (await schemaOf(database.query)).tables.length,
      );
    } finally {
      await database.close();
    }
  });
});
