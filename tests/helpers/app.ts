import '#server/polyfill.ts';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp, type AppDeps } from '#server/app.ts';
import { loadConfig, type AppConfig } from '#server/config.ts';
import type { DatabaseHandle } from '#server/db/client.ts';
import { user } from '#server/db/schema.ts';
import type { Mailer, MailMessage } from '#server/mail/mailer.ts';
import { refreshReminderSchedule } from '#server/notifications/reminder-schedule.ts';
import { createTestDatabase } from './database.ts';

export const TEST_ORIGIN = 'http://localhost:5000';
export const TEST_SECRET = 'test-secret-test-secret-test-secret-0123456789';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  mail: MailMessage[];
  close(): Promise<void>;
}

export async function createTestApp(
  options: {
    env?: Record<string, string>;
    deps?: Partial<AppDeps>;
    database?: DatabaseHandle;
    /** Start from a database with the three Bibles loaded (a prebuilt fixture). */
    bibles?: boolean;
  } = {},
): Promise<TestApp> {
  const config: AppConfig = loadConfig({
    NODE_ENV: 'test',
    APP_URL: TEST_ORIGIN,
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT_MAX: '1000',
    API_RATE_LIMIT_MAX: '100000',
    // Members' pages rendered on the main thread, where a test's fake drawing bundle reads what
    // the test set (tests/delivery/server/drawing.test.ts); the real bundle's tests there, and
    // every browser test's server, draw on threads.
    DRAWING_THREADS: '0',
    // Weak, fast password hashing: the suite signs up hundreds of members (refused outside
    // NODE_ENV=test, so a test of production's behaviour hashes as production does;
    // tests/server/password-hashing.test.ts checks the real parameters).
    TEST_PASSWORD_HASHING: !options.env?.NODE_ENV || options.env.NODE_ENV === 'test' ? 'fast' : '',
    ...options.env,
  });
  const database =
    options.database ?? (await createTestDatabase({ bibles: options.bibles ?? false }));
  const mail: MailMessage[] = [];
  const mailer: Mailer = {
    delivers: true,
    async send(message) {
      mail.push(message);
    },
  };
  const app = await buildApp({ config, database, secret: TEST_SECRET, mailer, ...options.deps });
  // What a request sends after its answer (the reset e-mail, mail/mailer.ts `afterAnswer`) is
  // done when a test's inject returns, as it is moments after a real answer. The test that the
  // answer does not wait for it goes over HTTP (tests/server/reset-timing.test.ts).
  const inject = app.inject.bind(app) as (
    options: InjectOptions,
  ) => Promise<LightMyRequestResponse>;
  app.inject = (async (options: InjectOptions) => {
    const res = await inject(options);
    await app.afterAnswer.drain();
    return res;
  }) as typeof app.inject;
  return {
    app,
    database,
    mail,
    async close() {
      await app.close();
      if (!options.database) await database.close();
    },
  };
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  cookie: string;
}

let sequence = 0;

/** Cookie header from a response's Set-Cookie headers. */
export function cookieFrom(res: LightMyRequestResponse): string {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list
    .map((c) => c.split(';')[0]!)
    .filter((c) => !c.endsWith('='))
    .join('; ');
}

export async function signUp(
  app: FastifyInstance,
  overrides: Partial<{ email: string; password: string; firstName: string; lastName: string }> = {},
): Promise<TestUser> {
  sequence += 1;
  const body = {
    email: `member${sequence}-${Date.now()}@example.com`,
    password: 'correct horse battery',
    firstName: 'Test',
    lastName: `Member ${sequence}`,
    ...overrides,
  };
  const res = await app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: body });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const { user: created } = res.json() as { user: { id: string } };
  return { id: created.id, email: body.email, password: body.password, cookie: cookieFrom(res) };
}

/**
 * A member in the state a test needs (age verified unless told otherwise). An admin has
 * two-step sign-in turned on unless told otherwise (the admin routes require it).
 */
export async function createUser(
  t: TestApp,
  flags: {
    ageVerified?: boolean;
    role?: 'member' | 'admin';
    isPremium?: boolean;
    twoFactorEnabled?: boolean;
  } = {},
): Promise<TestUser> {
  const created = await signUp(t.app);
  await t.database.db
    .update(user)
    .set({
      ageVerified: flags.ageVerified ?? true,
      role: flags.role ?? 'member',
      isPremium: flags.isPremium ?? false,
      twoFactorEnabled: flags.twoFactorEnabled ?? flags.role === 'admin',
    })
    .where(eq(user.id, created.id));
  // As the age gate's route does: the member's reminders are scheduled (ADR 0045).
  await refreshReminderSchedule(t.database.db, created.id);
  return created;
}

export async function signIn(app: FastifyInstance, email: string, password: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password },
  });
}

/** app.inject as the given user (their session cookie added). */
export function injectWithLogin(app: FastifyInstance, who: TestUser, options: InjectOptions) {
  const headers = { ...(options.headers ?? {}), cookie: who.cookie };
  return app.inject({ ...options, headers });
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** `call(user, method, url, payload?, lang?)` against a test app, signed in as `user`. */
export function caller(t: () => TestApp) {
  return (who: TestUser, method: Method, url: string, payload?: object, lang = 'en') =>
    injectWithLogin(t().app, who, {
      method,
      url,
      headers: { 'accept-language': lang },
      ...(payload ? { payload } : {}),
    });
}

type UserFlags = Parameters<typeof createUser>[1];

/**
 * The usual file set-up: one test app, created before the file's tests (with the named users
 * signed up) and closed after them. Read `app.t`, `app.<user>` inside tests; `app.call` signs in.
 */
export function useTestApp<K extends string = never>(
  options: Parameters<typeof createTestApp>[0] = {},
  users: Record<K, UserFlags> = {} as Record<K, UserFlags>,
): { t: TestApp; call: ReturnType<typeof caller> } & Record<K, TestUser> {
  const app = { t: undefined as unknown as TestApp } as { t: TestApp } & Record<K, TestUser>;
  beforeAll(async () => {
    app.t = await createTestApp(options);
    for (const [name, flags] of Object.entries(users) as [K, UserFlags][]) {
      (app as Record<K, TestUser>)[name] = await createUser(app.t, flags);
    }
  });
  afterAll(async () => {
    await app.t?.close();
  });
  return Object.assign(app, { call: caller(() => app.t) });
}
