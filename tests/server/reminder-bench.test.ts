/**
 * The reminder benchmark of `npm run bench -- --reminders` (bench/reminders.ts) at small sizes,
 * asserting counts, never timings (issue 28): a tick reads the rows due and no others, at two
 * sizes; the morning peak, delivered by two instances, reaches each member once by e-mail and
 * once by push, none skipped as late. On PGlite the two instances share its one connection; with
 * TEST_DATABASE_URL each has its own pool on a scratch PostgreSQL database.
 */
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { openPostgres, type DatabaseHandle } from '#server/db/client.ts';
import { morningPeak, planningAt } from '../../bench/reminders.ts';
import { createTestDatabase } from '../helpers/database.ts';

const url = process.env.TEST_DATABASE_URL;

/** A way to open the same database once per instance, and to drop it afterwards. */
async function scratch(): Promise<{
  open: () => Promise<DatabaseHandle>;
  drop: () => Promise<void>;
}> {
  if (!url) {
    const handle = await createTestDatabase();
    return { open: async () => ({ ...handle, close: async () => undefined }), drop: handle.close };
  }
  const name = `t_remind_${randomBytes(4).toString('hex')}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(text).finally(() => client.end());
  };
  await admin(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const migrated = await openPostgres(target.toString(), 2);
  await migrated.migrate();
  await migrated.close();
  return {
    open: () => openPostgres(target.toString(), 5),
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}

describe('the reminder benchmark, small', () => {
  it('a tick reads the rows due, the same number at both sizes in minute A, 5% in minute B', async () => {
    const db = await scratch();
    const handle = await db.open();
    try {
      const small = await planningAt(handle, 400, { dueA: 20, rounds: 2 });
      const large = await planningAt(handle, 4000, { dueA: 20, rounds: 2 });
      expect(small.map((r) => r.due)).toEqual([20, 20]);
      expect(large.map((r) => r.due)).toEqual([20, 200]);
      for (const r of [...small, ...large]) {
        expect([r.planned, r.read, r.explain.rowsRead]).toEqual([r.due, r.due, r.due]);
        // The query before issue 28 read every member.
        expect(r.legacy.rowsRead).toBeGreaterThanOrEqual(r.size);
      }
    } finally {
      await handle.close();
      await db.drop();
    }
  }, 120_000);

  it('the morning peak: two instances, each member once by e-mail and once by push', async () => {
    const db = await scratch();
    try {
      const peak = await morningPeak(db.open, 150, { giveUpMs: 120_000 });
      expect(peak).toMatchObject({
        members: 150,
        instances: 2,
        deliveries: 150,
        sent: 150,
        skipped: 0,
        failed: 0,
        duplicateKeys: 0,
        emails: 150,
        emailDuplicates: 0,
        pushes: 150,
        pushDuplicates: 0,
      });
      expect(peak.perInstance.reduce((a, b) => a + b, 0)).toBe(150);
    } finally {
      await db.drop();
    }
  }, 120_000);
});
