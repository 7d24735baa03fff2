import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { parsePushHosts, type PushEndpointPolicy } from './notifications/push-endpoint.ts';

/** Every environment variable the server reads (documented in .env.example). */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().default('0.0.0.0'),
  APP_URL: z.url().optional(),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  DATA_DIR: z.string().default('./data'),
  BETTER_AUTH_SECRET: z.string().min(32).optional(),
  REDIS_URL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().trim().optional(),
  ADMIN_EMAILS: z.string().default(''),
  SESSION_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  SESSION_IDLE_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  SESSION_CACHE_TTL_MS: z.coerce.number().int().min(0).max(10_000).default(1000),
  DASHBOARD_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  OFFLINE_PACK_WARM_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  API_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(600),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_REQUESTS: z.enum(['all', 'errors']).optional(),
  SLOW_REQUEST_MS: z.coerce.number().int().min(0).default(1000),
  DRAWING_THREADS: z.coerce.number().int().min(0).max(16).optional(),
  NOTIFICATIONS_SCHEDULER: z.enum(['on', 'off']).default('on'),
  NOTIFICATIONS_TICK_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  NOTIFICATIONS_SEND_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  PUSH_ALLOWED_HOSTS: z.string().optional(),
  PUSH_ALLOW_LOOPBACK: z.enum(['true', 'false']).default('false'),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/)
    .optional(),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_PRICE_MONTHLY: z.string().optional(),
  STRIPE_PRICE_YEARLY: z.string().optional(),
  STRIPE_API_BASE: z.url().or(z.literal('')).optional(),
  PREMIUM_GRACE_DAYS: z.coerce.number().int().min(0).max(60).default(7),
  PREMIUM_PRICE_MONTHLY: z.coerce.number().positive().optional(),
  PREMIUM_PRICE_YEARLY: z.coerce.number().positive().optional(),
  TEST_PASSWORD_HASHING: z.enum(['fast']).or(z.literal('')).optional(),
  PREMIUM_CURRENCY: z
    .string()
    .regex(/^[A-Za-z]{3}$/)
    .default('usd')
    .transform((v) => v.toLowerCase()),
});

export type Env = z.infer<typeof envSchema>;

export interface AppConfig {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  appUrl: string;
  databaseUrl: string | undefined;
  databasePoolMax: number;
  dataDir: string;
  authSecret: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  adminEmails: string[];
  sessionMaxAgeSeconds: number;
  /** A session unused this long ends, whatever its absolute lifetime (never more than it). */
  sessionIdleSeconds: number;
  /**
   * `standard`: scrypt at OWASP's minimum (docs/decisions/0043). `test-fast`: much weaker
   * parameters for the test suite only (TEST_PASSWORD_HASHING=fast, refused outside NODE_ENV=test).
   */
  passwordHashing: 'standard' | 'test-fast';
  sessionCacheTtlMs: number;
  /** How long after the start the offline pack is built (0: only when first asked for). */
  offlinePackWarmMs: number;
  dashboardCacheTtlMs: number;
  authRateLimit: { max: number; windowSeconds: number };
  apiRateLimitMax: number;
  logLevel: Env['LOG_LEVEL'];
  /** `all`: one line per request; `errors`: only failed (5xx) and slow requests. */
  logRequests: 'all' | 'errors';
  slowRequestMs: number;
  /**
   * Threads that render members' drawn pages (docs/decisions/0064); 0: the main thread does.
   * Default: one less than the cores, at most 4 (0 on one core).
   */
  drawingThreads: number;
  trustProxy: boolean;
  notifications: {
    /** Run the reminder scheduler in this process (off: another process runs it, or none). */
    scheduler: boolean;
    tickMs: number;
    /** Deliveries one instance sends at once (e-mail and push are network round trips). */
    sendConcurrency: number;
    vapidPublicKey: string | undefined;
    vapidPrivateKey: string | undefined;
    /** The VAPID contact (mailto: or https:), given to push services. */
    vapidSubject: string;
    /** Where push messages may go (PUSH_ALLOWED_HOSTS; loopback for tests only). */
    push: PushEndpointPolicy;
  };
  /** Payments (docs/decisions/0017); every field optional: without a key the app still serves. */
  stripe: StripeConfig;
}

export interface StripeConfig {
  secretKey: string | undefined;
  webhookSecret: string | undefined;
  prices: { monthly: string | undefined; yearly: string | undefined };
  /** Tests and mocks only: where the Stripe SDK sends its requests (default api.stripe.com). */
  apiBase: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
  /** How long a subscription whose payment failed (past_due) keeps premium. */
  graceDays: number;
  /** Prices shown when Stripe cannot be asked (no key): amounts in the currency's major unit. */
  displayPrices: { monthly: number | undefined; yearly: number | undefined; currency: string };
}

function apiBaseOf(raw: string | undefined): StripeConfig['apiBase'] {
  if (!raw) return undefined;
  const url = new URL(raw);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  const port = url.port ? Number(url.port) : protocol === 'http' ? 80 : 443;
  return { host: url.hostname, port, protocol };
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${problems}`);
  }
  const e = parsed.data;
  if (e.TEST_PASSWORD_HASHING === 'fast' && e.NODE_ENV !== 'test') {
    throw new Error(
      'Invalid environment: TEST_PASSWORD_HASHING is for the test suite only (NODE_ENV=test); remove it: passwords are always hashed with scrypt at N=2^17, r=8, p=1',
    );
  }
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const mailFrom = e.MAIL_FROM || defaultMailFrom(appUrl);
  if (e.PUSH_ALLOW_LOOPBACK === 'true' && e.NODE_ENV === 'production') {
    // A test stand-in for a push service on this machine: never in production, where it would
    // let a member's subscription reach the server's own ports.
    throw new Error('Invalid environment: PUSH_ALLOW_LOOPBACK is for tests, not production');
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    appUrl,
    databaseUrl: e.DATABASE_URL || undefined,
    databasePoolMax: e.DATABASE_POOL_MAX,
    dataDir: e.DATA_DIR,
    authSecret: e.BETTER_AUTH_SECRET,
    redisUrl: e.REDIS_URL || undefined,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom,
    adminEmails: e.ADMIN_EMAILS.split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    sessionMaxAgeSeconds: e.SESSION_MAX_AGE_DAYS * 86_400,
    sessionIdleSeconds: Math.min(e.SESSION_IDLE_DAYS, e.SESSION_MAX_AGE_DAYS) * 86_400,
    passwordHashing: e.TEST_PASSWORD_HASHING === 'fast' ? 'test-fast' : 'standard',
    sessionCacheTtlMs: e.SESSION_CACHE_TTL_MS,
    offlinePackWarmMs: e.OFFLINE_PACK_WARM_SECONDS * 1000,
    dashboardCacheTtlMs: e.DASHBOARD_CACHE_TTL_MS,
    authRateLimit: { max: e.AUTH_RATE_LIMIT_MAX, windowSeconds: e.AUTH_RATE_LIMIT_WINDOW_SECONDS },
    apiRateLimitMax: e.API_RATE_LIMIT_MAX,
    logLevel: e.LOG_LEVEL,
    logRequests: e.LOG_REQUESTS ?? (e.NODE_ENV === 'production' ? 'errors' : 'all'),
    slowRequestMs: e.SLOW_REQUEST_MS,
    drawingThreads: e.DRAWING_THREADS ?? Math.min(4, availableParallelism() - 1),
    trustProxy: e.TRUST_PROXY,
    notifications: {
      scheduler: e.NOTIFICATIONS_SCHEDULER === 'on',
      tickMs: e.NOTIFICATIONS_TICK_SECONDS * 1000,
      sendConcurrency: e.NOTIFICATIONS_SEND_CONCURRENCY,
      vapidPublicKey: e.VAPID_PUBLIC_KEY || undefined,
      vapidPrivateKey: e.VAPID_PRIVATE_KEY || undefined,
      vapidSubject: e.VAPID_SUBJECT ?? vapidSubjectFrom(mailFrom),
      push: {
        hosts: parsePushHosts(e.PUSH_ALLOWED_HOSTS),
        allowLoopback: e.PUSH_ALLOW_LOOPBACK === 'true',
      },
    },
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY || undefined,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET || undefined,
      prices: {
        monthly: e.STRIPE_PRICE_MONTHLY || undefined,
        yearly: e.STRIPE_PRICE_YEARLY || undefined,
      },
      apiBase: apiBaseOf(e.STRIPE_API_BASE),
      graceDays: e.PREMIUM_GRACE_DAYS,
      displayPrices: {
        monthly: e.PREMIUM_PRICE_MONTHLY,
        yearly: e.PREMIUM_PRICE_YEARLY,
        currency: e.PREMIUM_CURRENCY,
      },
    },
  };
}

/**
 * The sender when MAIL_FROM is unset: the product's name and a no-reply address at the site's
 * own host (APP_URL), e.g. "Camino <no-reply@camino.example.org>" (.env.example says the same).
 */
export function defaultMailFrom(appUrl: string): string {
  return `Camino <no-reply@${new URL(appUrl).hostname}>`;
}

/** `mailto:` + the address of MAIL_FROM ("Name <a@b>" or "a@b"). */
function vapidSubjectFrom(mailFrom: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address.includes('@') ? address : 'no-reply@localhost'}`;
}
