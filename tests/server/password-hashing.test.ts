import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
// better-auth's own hashing: the format of every password stored before ADR 0043.
import { hashPassword as betterAuthHash } from '@better-auth/utils/password';
import { loadConfig } from '#server/config.ts';
import { account } from '#server/db/schema.ts';
import {
  STANDARD_SCRYPT,
  TEST_SCRYPT,
  hashPassword,
  needsRehash,
  verifyPassword,
} from '#server/auth/password-hash.ts';
import { signIn, signUp, useTestApp, type TestApp } from '../helpers/app.ts';

// The production parameters, as `npm start` runs (not the suite's fast setting).
const app = useTestApp({ env: { TEST_PASSWORD_HASHING: '' } });

const storedHash = async (t: TestApp, userId: string) =>
  (await t.database.db.select().from(account).where(eq(account.userId, userId)))[0]!.password!;

describe('password hashing (ASVS 11.4.2, ADR 0043)', () => {
  it('hashes with scrypt at OWASP’s minimum, N=2^17, r=8, p=1, parameters in the hash', async () => {
    expect(STANDARD_SCRYPT).toEqual({ N: 131_072, r: 8, p: 1 });
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{86}==$/);
    expect(await verifyPassword(hash, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(hash, 'correct horse batterY')).toBe(false);
    // Each hash has its own salt.
    expect(await hashPassword('correct horse battery')).not.toBe(hash);
    expect(needsRehash(hash, STANDARD_SCRYPT)).toBe(false);
    expect(await verifyPassword('not a hash', 'x')).toBe(false);
  });

  it('stores a new member’s password with the standard parameters', async () => {
    const t = app.t;
    const who = await signUp(t.app);
    expect(await storedHash(t, who.id)).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$/);
  });

  it('accepts a password stored the old way and stores it again, upgraded, at sign-in', async () => {
    const t = app.t;
    const who = await signUp(t.app);
    const legacy = await betterAuthHash(who.password);
    expect(legacy).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(needsRehash(legacy, STANDARD_SCRYPT)).toBe(true);
    await t.database.db.update(account).set({ password: legacy }).where(eq(account.userId, who.id));

    // A wrong password changes nothing.
    expect((await signIn(t.app, who.email, 'not the password')).statusCode).toBe(401);
    expect(await storedHash(t, who.id)).toBe(legacy);

    const res = await signIn(t.app, who.email, who.password);
    expect(res.statusCode, res.body).toBe(200);
    const upgraded = await storedHash(t, who.id);
    expect(upgraded).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$/);
    // The same password, as the member knows it.
    expect((await signIn(t.app, who.email, who.password)).statusCode).toBe(200);
    expect(await storedHash(t, who.id)).toBe(upgraded);
  });

  it('upgrades a hash made with the test suite’s weak parameters too', async () => {
    const t = app.t;
    const who = await signUp(t.app);
    const weak = await hashPassword(who.password, TEST_SCRYPT);
    expect(weak).toMatch(/^\$scrypt\$ln=10,r=8,p=1\$/);
    await t.database.db.update(account).set({ password: weak }).where(eq(account.userId, who.id));
    expect((await signIn(t.app, who.email, who.password)).statusCode).toBe(200);
    expect(await storedHash(t, who.id)).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$/);
  });

  it('takes the fast test setting only under NODE_ENV=test', () => {
    expect(loadConfig({}).passwordHashing).toBe('standard');
    expect(loadConfig({ NODE_ENV: 'test', TEST_PASSWORD_HASHING: 'fast' }).passwordHashing).toBe(
      'test-fast',
    );
    for (const NODE_ENV of ['production', 'development']) {
      expect(() => loadConfig({ NODE_ENV, TEST_PASSWORD_HASHING: 'fast' })).toThrow(
        /TEST_PASSWORD_HASHING is for the test suite only/,
      );
    }
    expect(() => loadConfig({ TEST_PASSWORD_HASHING: 'weak' })).toThrow(/Invalid environment/);
  });
});
