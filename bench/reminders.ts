/**
 * `npm run bench -- --reminders` (issue 28, docs/decisions/0045): the reminder scheduler's plan
 * step at two sizes, and a morning peak delivered by two instances.
 *
 * 1. Planning. N members (10,000 and 200,000; REMINDER_BENCH_SIZES to shrink), every reminder
 *    kind on, spread over 30 time zones, each kind's row in `reminder_schedule` as a previous
 *    tick left it. Two measured minutes: minute A has the same number of members due at both
 *    sizes (5% of the smaller size), so the cost of a tick can be compared between sizes;
 *    minute B has 5% of N due. For each: one tick's plan step timed (median of rounds after a warm-up
 *    round, the due rows put back between rounds), the rows it read (its own count, and EXPLAIN (ANALYZE,
 *    BUFFERS) of the range it reads), and the same for the plan query before issue 28 (every
 *    age-verified member with their settings) for comparison.
 * 2. Morning peak. M members (20,000) whose prayer reminder is at 08:00 in America/Mexico_City,
 *    by e-mail and push: two app instances (two connection pools) tick as in production, send
 *    to a local SMTP sink (smtp-server) and a loopback HTTPS push endpoint; counted at the sinks
 *    and by the deliveries' unique key: delivered, duplicates, lateness from 08:00.
 *
 * `tests/server/reminder-bench.test.ts` runs both at small sizes and asserts the counts.
 */
import { execFileSync, fork } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import type { Database, DatabaseHandle } from '#server/db/client.ts';
import { LATE_LIMIT_MS, SWEEP_BATCH } from '#server/notifications/scheduler.ts';
import {
  planDueReminders,
  sweepReminderSchedule,
} from '#server/notifications/reminder-schedule.ts';
import { REMINDER_KINDS } from '#shared/values/notifications.ts';
import { localParts } from '#shared/values/time.ts';

/** 30 zones, west to east, with their daylight-saving rules (none changes near the dates used). */
export const BENCH_ZONES = [
  'Pacific/Honolulu',
  'America/Anchorage',
  'America/Los_Angeles',
  'America/Denver',
  'America/Mexico_City',
  'America/Chicago',
  'America/Bogota',
  'America/New_York',
  'America/Caracas',
  'America/Santiago',
  'America/Sao_Paulo',
  'America/Argentina/Buenos_Aires',
  'Atlantic/Azores',
  'UTC',
  'Europe/London',
  'Europe/Madrid',
  'Africa/Lagos',
  'Europe/Athens',
  'Africa/Nairobi',
  'Asia/Tehran',
  'Asia/Dubai',
  'Asia/Kabul',
  'Asia/Karachi',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Asia/Dhaka',
  'Asia/Bangkok',
  'Asia/Manila',
  'Asia/Tokyo',
  'Australia/Sydney',
] as const;

/** Minute A (a Tuesday, no zone changes its offset within days of it) and the minute after. */
const MINUTE_A = new Date('2026-12-01T12:00:00Z');
const MINUTE_B = new Date(MINUTE_A.getTime() + 60_000);
const PREVIOUS_TICK = new Date(MINUTE_A.getTime() - 60_000);

/** The rows of `db.execute` (node-postgres and PGlite both answer `{ rows }`). */
async function rowsOf<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

/** Empties the members (everything of theirs cascades) and the deliveries. */
async function empty(db: Database) {
  await db.execute(sql`truncate "user", notification_delivery, mail_outbox cascade`);
}

async function vacuum(handle: DatabaseHandle) {
  // VACUUM cannot run in a transaction block; both drivers run a lone statement outside one.
  await handle.db.execute(sql`vacuum analyze reminder_schedule`);
  await handle.db.execute(sql`vacuum analyze "user"`);
}

/**
 * N members, every reminder kind on, zone i % 30. Each kind's row is where the tick of the
 * minute before A left it: the next local occurrence after PREVIOUS_TICK of the member's time.
 * Daily reading is at minute A's local time for every (N / dueA)-th member, at minute B's for
 * every 20th (5%) from the second; every other time is at least 2 minutes after B.
 */
async function seedPlanning(db: Database, n: number, dueA: number) {
  const stepA = Math.max(1, Math.floor(n / dueA));
  const zones = BENCH_ZONES.map((tz, idx) => {
    const { hour, minute } = localParts(MINUTE_A, tz);
    return { idx, tz, base: hour * 60 + minute };
  });
  await db.execute(sql`
    insert into "user" (id, name, email, email_verified, age_verified, preferences)
    select 'bench-' || i, 'Member ' || i, 'member' || i || '@bench.example', true, true,
      jsonb_build_object(
        'timeZone', ${JSON.stringify(BENCH_ZONES)}::jsonb ->> (i % 30),
        'language', case when i % 2 = 0 then 'en' else 'es' end)
    from generate_series(0, ${n - 1}::int) as i`);
  await db.execute(sql`
    with zones as (
      select (z->>'idx')::int as idx, z->>'tz' as tz, (z->>'base')::int as base
      from jsonb_array_elements(${JSON.stringify(zones)}::jsonb) as z
    ),
    kinds as (
      select k, (row_number() over ())::int as ki
      from jsonb_array_elements_text(${JSON.stringify(REMINDER_KINDS)}::jsonb) as k
    ),
    times as (
      select 'bench-' || i as id, kinds.k as kind, zones.tz,
        case
          when kinds.k = 'dailyReading' and i % ${stepA}::int = 0 then zones.base
          when kinds.k = 'dailyReading' and i % 20 = 1 then (zones.base + 1) % 1440
          else (zones.base + 2 + (i * 37 + kinds.ki * 211) % 1400) % 1440
        end as minute,
        (${PREVIOUS_TICK.toISOString()}::timestamptz at time zone zones.tz)::date as d0,
        kinds.k = 'weeklyProgress' as weekly
      from generate_series(0, ${n - 1}::int) as i
      join zones on zones.idx = i % 30
      cross join kinds
    ),
    days as (
      select id, kind, tz, minute, make_time(minute / 60, minute % 60, 0) as t,
        case when weekly then d0 + (7 - extract(dow from d0)::int) % 7 else d0 end as first_day,
        case when weekly then 7 else 1 end as step
      from times
    ),
    instants as (
      select id, kind, tz, t, first_day, step,
        (first_day + t) at time zone tz as first_at
      from days
    )
    insert into reminder_schedule (user_id, kind, next_due, local_day, time_zone, local_time)
    select id, kind,
      case when first_at > ${PREVIOUS_TICK.toISOString()}::timestamptz
        then first_at else (first_day + step + t) at time zone tz end,
      case when first_at > ${PREVIOUS_TICK.toISOString()}::timestamptz
        then first_day else first_day + step end,
      tz, to_char(t, 'HH24:MI')
    from instants`);
  return { stepA };
}

interface ExplainNode {
  'Node Type': string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  'Execution Time'?: number;
  Plans?: ExplainNode[];
}

/** Rows the scans of a plan read (returned plus filtered out), and its shared buffers. */
export async function explainRows(db: Database, query: ReturnType<typeof sql>) {
  const [first] = await rowsOf<Record<string, unknown>>(
    db,
    sql`explain (analyze, buffers, format json) ${query}`,
  );
  const raw = first!['QUERY PLAN'] ?? Object.values(first!)[0];
  const doc = (typeof raw === 'string' ? JSON.parse(raw) : raw) as {
    Plan: ExplainNode;
    'Execution Time': number;
  }[];
  const plan = doc[0]!.Plan;
  let read = 0;
  const scans: string[] = [];
  const walk = (node: ExplainNode) => {
    if (/Scan$/.test(node['Node Type']) && !/Bitmap Index Scan/.test(node['Node Type'])) {
      read +=
        ((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0)) *
        (node['Actual Loops'] ?? 1);
      scans.push(node['Node Type']);
    }
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(plan);
  return {
    rowsRead: read,
    buffers: (plan['Shared Hit Blocks'] ?? 0) + (plan['Shared Read Blocks'] ?? 0),
    ms: doc[0]!['Execution Time'],
    scans: [...new Set(scans)].join(', '),
  };
}

/** What the plan step reads: the schedule rows due by `now`. */
const rangeQuery = (now: Date) =>
  sql`select user_id, kind, next_due, local_day, time_zone, local_time from reminder_schedule where next_due <= ${now.toISOString()}::timestamptz`;
/** What the plan step read before issue 28: every age-verified member with their settings. */
const legacyQuery = sql`select u.id, u.preferences, s.settings from "user" u left join notification_settings s on s.user_id = u.id where u.age_verified = true`;

export interface PlanningResult {
  size: number;
  minute: 'A' | 'B';
  due: number;
  planned: number;
  read: number;
  ms: number;
  explain: Awaited<ReturnType<typeof explainRows>>;
  legacy: Awaited<ReturnType<typeof explainRows>>;
}

/** Seeds N members and measures minute A and minute B (median of `rounds` ticks each). */
export async function planningAt(
  handle: DatabaseHandle,
  n: number,
  options: { dueA: number; rounds: number; batch?: number },
): Promise<PlanningResult[]> {
  const db = handle.db;
  await empty(db);
  const { stepA } = await seedPlanning(db, n, options.dueA);
  await vacuum(handle);
  const legacy = await explainRows(db, legacyQuery);
  const results: PlanningResult[] = [];
  for (const [minute, now] of [
    ['A', MINUTE_A],
    ['B', MINUTE_B],
  ] as const) {
    const due = minute === 'A' ? Math.ceil(n / stepA) : Math.floor((n - 2) / 20) + 1;
    const times: number[] = [];
    let planned = 0;
    let read = 0;
    let explain: Awaited<ReturnType<typeof explainRows>> | null = null;
    // Round 0 warms up (the zone formatters, the plans, the caches) and is not counted.
    for (let round = 0; round <= options.rounds; round++) {
      explain = await explainRows(db, rangeQuery(now));
      const started = performance.now();
      const report = await planDueReminders(db, now, {
        lateLimitMs: LATE_LIMIT_MS,
        batch: options.batch ?? 500,
      });
      if (round > 0) times.push(performance.now() - started);
      planned = report.planned;
      read = report.read;
      if (round < options.rounds) {
        // Put the rows back where they were before this tick, and forget its deliveries.
        await db.execute(sql`delete from notification_delivery`);
        await db.execute(sql`
          update reminder_schedule set next_due = next_due - interval '1 day',
            local_day = local_day - 1
          where next_due = ${now.toISOString()}::timestamptz + interval '1 day'
            and kind = 'dailyReading'`);
        await vacuum(handle);
      }
    }
    results.push({
      size: n,
      minute,
      due,
      planned,
      read,
      ms: median(times),
      explain: explain!,
      legacy,
    });
  }
  return results;
}

/** One step of the self-healing sweep (ADR 0045): median time of `rounds` steps, rows read and marked. */
export interface SweepResult {
  size: number;
  ms: number;
  read: number;
  marked: number;
}

/**
 * The sweep's steps on the members `planningAt` left (call it after: it marks rows). The seeded
 * rows' times are not the members' settings, so each step marks nearly every row it checks: the
 * most a step can cost.
 */
export async function sweepAt(handle: DatabaseHandle, n: number, rounds = 3): Promise<SweepResult> {
  const times: number[] = [];
  let read = 0;
  let marked = 0;
  for (let round = 0; round <= rounds; round++) {
    const started = performance.now();
    const report = await sweepReminderSchedule(handle.db, SWEEP_BATCH);
    if (round > 0) {
      times.push(performance.now() - started);
      read += report.read;
      marked += report.marked;
    }
  }
  return {
    size: n,
    ms: median(times),
    read: Math.round(read / rounds),
    marked: Math.round(marked / rounds),
  };
}

// ── the morning peak ──────────────────────────────────────────────────────────────────────

export const PEAK_ZONE = 'America/Mexico_City';
/** 08:00 in Mexico City (UTC-6) on a Wednesday. */
export const PEAK_AT = new Date('2026-12-02T14:00:00Z');

/** M members, prayer reminder at 08:00 Mexico City by e-mail and push, one subscription each. */
async function seedPeak(db: Database, m: number, pushBase: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const p256dh = ecdh.getPublicKey().toString('base64url');
  const auth = randomBytes(16).toString('base64url');
  await db.execute(sql`
    insert into "user" (id, name, email, email_verified, age_verified, preferences)
    select 'peak-' || i, 'Member ' || i, 'peak' || i || '@bench.example', true, true,
      jsonb_build_object('timeZone', ${PEAK_ZONE}::text,
        'language', case when i % 2 = 0 then 'es' else 'en' end,
        'dailyReminders', false, 'studyReminders', false, 'weeklyProgress', false,
        'prayerReminders', true, 'emailNotifications', true)
    from generate_series(0, ${m - 1}::int) as i`);
  await db.execute(sql`
    insert into notification_settings (user_id, settings)
    select 'peak-' || i, ${JSON.stringify({
      kinds: { prayer: { email: true, push: true, time: '08:00' } },
    })}::jsonb
    from generate_series(0, ${m - 1}::int) as i`);
  await db.execute(sql`
    insert into push_subscription (id, user_id, endpoint, p256dh, auth)
    select 'peak-sub-' || i, 'peak-' || i, ${pushBase} || '/push/' || i, ${p256dh}, ${auth}
    from generate_series(0, ${m - 1}::int) as i`);
  const day = localParts(PEAK_AT, PEAK_ZONE).date;
  await db.execute(sql`
    insert into reminder_schedule (user_id, kind, next_due, local_day, time_zone, local_time)
    select 'peak-' || i, 'prayer', ${PEAK_AT.toISOString()}::timestamptz, ${day}::date,
      ${PEAK_ZONE}::text, '08:00'
    from generate_series(0, ${m - 1}::int) as i`);
}

/** A local SMTP server that counts messages by recipient, and when each arrived. */
async function smtpSink() {
  const arrivals = new Map<string, number[]>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // A mail relay does not look the app's address up in the DNS for every connection.
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, done) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        const at = Date.now();
        for (const to of session.envelope.rcptTo) {
          const list = arrivals.get(to.address) ?? [];
          list.push(at);
          arrivals.set(to.address, list);
        }
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    arrivals,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A loopback "push service" over HTTPS (a self-signed certificate) counting by endpoint. */
async function pushSink() {
  const dir = mkdtempSync(join(tmpdir(), 'camino-bench-push-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const arrivals = new Map<string, number[]>();
  const server: Server = createServer(
    { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) },
    (req, res) => {
      req.on('data', () => undefined);
      req.on('end', () => {
        const list = arrivals.get(req.url ?? '') ?? [];
        list.push(Date.now());
        arrivals.set(req.url ?? '', list);
        res.statusCode = 201;
        res.end();
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    base: `https://127.0.0.1:${port}`,
    arrivals,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface PeakResult {
  members: number;
  instances: number;
  /** Deliveries rows (one per member, kind and local day by the unique key) and their states. */
  deliveries: number;
  sent: number;
  skipped: number;
  failed: number;
  /** Rows of one member, kind and local day beyond the first (the unique key allows none). */
  duplicateKeys: number;
  emails: number;
  emailDuplicates: number;
  pushes: number;
  pushDuplicates: number;
  /** Seconds from 08:00 to the last e-mail or push received, and the median. */
  lastSeconds: number;
  medianSeconds: number;
  /** Deliveries each instance sent. */
  perInstance: number[];
  /**
   * CPU time of each instance's process from 08:00 to its stop, ms (NaN for an instance in the
   * bench's own process: its CPU is the sinks' too).
   */
  cpuMs: number[];
  /**
   * On PostgreSQL, the database's own counts over the peak (pg_stat_database): transactions
   * committed and rows inserted, updated and deleted; null on PGlite.
   */
  database: { transactions: number; rowsWritten: number } | null;
}

export interface InstanceSettings {
  smtpUrl: string;
  concurrency: number;
  tickMs: number;
}

/** What an instance did: reminders sent, and its process's CPU time from `go` to `stop`. */
export interface InstanceReport {
  sent: number;
  cpuMs: number;
}

/** One app instance of the peak: started at `go`, stopped with what it did. */
interface PeakInstance {
  go(started: number): void;
  stop(): Promise<InstanceReport>;
}

/** An app instance as main.ts builds it, on `database`, with the bench's clock and sinks. */
export async function peakApp(database: DatabaseHandle, settings: InstanceSettings) {
  let started = 0;
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_URL: 'http://localhost:5000',
    LOG_LEVEL: 'silent',
    // nodemailer keeps a few connections open (`pool=true`), as a production setting would.
    SMTP_URL: settings.smtpUrl,
    NOTIFICATIONS_SEND_CONCURRENCY: String(settings.concurrency),
    MAIL_FROM: 'Camino <reminders@example.org>',
    PUSH_ALLOWED_HOSTS: '127.0.0.1',
    PUSH_ALLOW_LOOPBACK: 'true',
    NOTIFICATIONS_TICK_SECONDS: String(settings.tickMs / 1000),
  });
  const app = await buildApp({
    config,
    database,
    secret: 'bench-secret-bench-secret-bench-secret-1',
    notifications: {
      clock: () => new Date(PEAK_AT.getTime() + (started ? Date.now() - started : 0)),
      pushTls: { rejectUnauthorized: false },
    },
  });
  // The VAPID keys are made once and shared through the database: made before 08:00.
  await app.notifications.deps.push.publicKey();
  let sent = 0;
  let cpu = process.cpuUsage();
  const scheduler = app.notificationScheduler;
  const tick = scheduler.tick.bind(scheduler);
  scheduler.tick = async () => {
    const report = await tick();
    sent += report.sent;
    return report;
  };
  return {
    // Ticks as main.ts makes it: at once, then every tick interval.
    go(at: number) {
      started = at;
      cpu = process.cpuUsage();
      scheduler.start();
    },
    async stop(): Promise<InstanceReport> {
      await scheduler.stop();
      const used = process.cpuUsage(cpu);
      await app.close();
      return { sent, cpuMs: (used.user + used.system) / 1000 };
    },
  };
}

async function inProcessInstance(
  database: DatabaseHandle,
  settings: InstanceSettings,
): Promise<PeakInstance> {
  const app = await peakApp(database, settings);
  return {
    go: app.go,
    async stop() {
      const report = await app.stop();
      await database.close();
      return report;
    },
  };
}

/** An instance in a Node process of its own (bench/reminder-instance.ts). */
async function processInstance(url: string, settings: InstanceSettings): Promise<PeakInstance> {
  const child = fork(join(import.meta.dirname, 'reminder-instance.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, REMINDER_INSTANCE: JSON.stringify({ url, ...settings }) },
    stdio: 'inherit',
  });
  const message = (type: string) =>
    new Promise<{ type: string; report?: InstanceReport }>((resolve, reject) => {
      const onMessage = (m: { type: string; report?: InstanceReport }) => {
        if (m.type !== type) return;
        child.off('message', onMessage);
        resolve(m);
      };
      child.on('message', onMessage);
      child.once('exit', (code) => reject(new Error(`instance exited (${code})`)));
    });
  await message('ready');
  let stopped: Promise<InstanceReport> | null = null;
  return {
    go: (started) => child.send({ type: 'go', started }),
    stop() {
      stopped ??= (async () => {
        const done = message('stopped');
        child.send({ type: 'stop' });
        const { report } = await done;
        await new Promise((r) => child.once('exit', r));
        return report ?? { sent: 0, cpuMs: NaN };
      })();
      return stopped;
    },
  };
}

/**
 * The morning peak: `members` due at 08:00 in one zone, two app instances (a connection pool
 * each, `open()` called once per instance) ticking as in production from 08:00:00, their
 * clock running from there at real speed.
 */
export async function morningPeak(
  open: () => Promise<DatabaseHandle>,
  members: number,
  options: {
    instances?: number;
    tickMs?: number;
    giveUpMs?: number;
    concurrency?: number;
    smtpConnections?: number;
    /** Run each instance as a Node process of its own on this database (PostgreSQL only). */
    processUrl?: string;
  } = {},
): Promise<PeakResult> {
  const smtp = await smtpSink();
  const push = await pushSink();
  const instances = options.instances ?? 2;
  const settings: InstanceSettings = {
    smtpUrl: `${smtp.url}?pool=true&maxConnections=${options.smtpConnections ?? 16}`,
    concurrency: options.concurrency ?? 32,
    tickMs: options.tickMs ?? 60_000,
  };
  const running: PeakInstance[] = [];
  const handle = await open();
  try {
    const db = handle.db;
    await empty(db);
    await seedPeak(db, members, push.base);
    await db.execute(sql`analyze`);
    const statistics = async () => {
      if (handle.kind !== 'postgres') return null;
      const [row] = await rowsOf<{ x: string; w: string }>(
        db,
        sql`select xact_commit as x, tup_inserted + tup_updated + tup_deleted as w
          from pg_stat_database where datname = current_database()`,
      );
      return { transactions: Number(row!.x), rowsWritten: Number(row!.w) };
    };
    for (let i = 0; i < instances; i++) {
      running.push(
        options.processUrl
          ? await processInstance(options.processUrl, settings)
          : await inProcessInstance(await open(), settings),
      );
    }
    // 08:00:00 now: every instance's clock runs from PEAK_AT at real speed.
    const statsBefore = await statistics();
    const started = Date.now();
    for (const instance of running) instance.go(started);
    const deadline = started + (options.giveUpMs ?? LATE_LIMIT_MS);
    for (;;) {
      const [row] = await rowsOf<{ all: number; open: number }>(
        db,
        sql`select count(*)::int as all, (count(*) filter (where status in ('pending', 'sending')))::int as open from notification_delivery`,
      );
      if (row!.open === 0 && row!.all === members) break;
      if (Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const reports: InstanceReport[] = [];
    for (const instance of running.splice(0)) reports.push(await instance.stop());
    // A closed connection's statistics reach pg_stat_database within PostgreSQL's flush (1 s).
    if (statsBefore) await new Promise((r) => setTimeout(r, 1500));
    const statsAfter = await statistics();
    const states = await rowsOf<{ status: string; n: number }>(
      db,
      sql`select status, count(*)::int as n from notification_delivery group by status`,
    );
    const [dups] = await rowsOf<{ n: number }>(
      db,
      sql`select coalesce(sum(c - 1), 0)::int as n from (
        select count(*) as c from notification_delivery group by user_id, kind, local_day, dedupe_key
      ) k`,
    );
    const count = (s: string) => states.find((r) => r.status === s)?.n ?? 0;
    const times: number[] = [];
    let emailDuplicates = 0;
    let pushDuplicates = 0;
    for (const list of smtp.arrivals.values()) {
      times.push(list[0]! - started);
      emailDuplicates += list.length - 1;
    }
    for (const list of push.arrivals.values()) {
      times.push(list[0]! - started);
      pushDuplicates += list.length - 1;
    }
    return {
      members,
      instances,
      deliveries: states.reduce((n, r) => n + r.n, 0),
      sent: count('sent'),
      skipped: count('skipped'),
      failed: count('failed'),
      duplicateKeys: dups?.n ?? 0,
      emails: smtp.arrivals.size,
      emailDuplicates,
      pushes: push.arrivals.size,
      pushDuplicates,
      lastSeconds: times.length ? Math.max(...times) / 1000 : NaN,
      medianSeconds: times.length ? median(times) / 1000 : NaN,
      perInstance: reports.map((r) => r.sent),
      cpuMs: reports.map((r) => (options.processUrl ? r.cpuMs : NaN)),
      database:
        statsBefore && statsAfter
          ? {
              transactions: statsAfter.transactions - statsBefore.transactions,
              rowsWritten: statsAfter.rowsWritten - statsBefore.rowsWritten,
            }
          : null,
    };
  } finally {
    for (const instance of running) await instance.stop().catch(() => 0);
    await handle.close();
    await smtp.close();
    await push.close();
  }
}

// ── `npm run bench -- --reminders` ────────────────────────────────────────────────────────

export const REMINDERS_INTRO = `bench/reminders.ts on PostgreSQL, in a scratch database (\`camino_bench_reminders\`, created and dropped), issue 28 and
ADR 0045. **Planning**: N members with every reminder kind on (five \`reminder_schedule\` rows each), spread over 30 time
zones, each row where the previous minute's tick left it. Minute A has the same number of members due at both sizes (5%
of the smaller size), so one tick's cost at 200k is compared with the same work at 10k; minute B has 5% of N due. The
time is the plan step of one tick (\`planDueReminders\`, in-process, median of the rounds after an uncounted warm-up
round; the due rows are put back between rounds); rows read are the tick's own count and EXPLAIN (ANALYZE, BUFFERS) of the range it reads, beside the plan
query before issue 28 (every verified member with their settings). **Morning peak**: members whose prayer reminder is
at 08:00 in America/Mexico_City, by e-mail and push; two app instances (each a Node process with its own connection pool) tick
as in production (at once, then every 60 s) from 08:00:00, their clock running at real speed, and send to a local SMTP
sink (smtp-server) and a loopback HTTPS push endpoint. Counted at the sinks and by the deliveries' unique key.
\`REMINDER_BENCH_SIZES=10000,200000\`, \`REMINDER_BENCH_PEAK=20000\` and \`REMINDER_BENCH_ROUNDS=3\` set the sizes.`;

const fmt = (n: number) => n.toLocaleString('en-US');

/** Runs both parts on a scratch database of `adminUrl`'s server; answers the section's lines. */
export async function remindersBench(
  adminUrl: string,
  options: { sizes: number[]; peak: number; rounds: number },
): Promise<string[]> {
  const { openPostgres } = await import('#server/db/client.ts');
  const pg = (await import('pg')).default;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(text).finally(() => client.end());
  };
  const name = 'camino_bench_reminders';
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const target = new URL(adminUrl);
  target.pathname = `/${name}`;
  const lines: string[] = [];
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ');
  const loadBefore = load();
  try {
    const handle = await openPostgres(target.toString(), 4);
    const planning: PlanningResult[] = [];
    const sweeps: SweepResult[] = [];
    try {
      await handle.migrate();
      const dueA = Math.round(Math.min(...options.sizes) * 0.05);
      for (const size of options.sizes) {
        console.log(`reminder planning: seeding ${fmt(size)} members…`);
        const results = await planningAt(handle, size, { dueA, rounds: options.rounds });
        for (const r of results) {
          console.log(
            `  ${fmt(size)} minute ${r.minute}: ${fmt(r.due)} due, ${r.ms.toFixed(1)} ms, ${fmt(r.read)} rows read (EXPLAIN ${fmt(r.explain.rowsRead)}, ${fmt(r.explain.buffers)} buffers); before: ${fmt(r.legacy.rowsRead)} rows`,
          );
        }
        planning.push(...results);
        const sweep = await sweepAt(handle, size);
        console.log(
          `  ${fmt(size)} sweep step: ${sweep.ms.toFixed(1)} ms, ${fmt(sweep.read)} members read, ${fmt(sweep.marked)} rows marked`,
        );
        sweeps.push(sweep);
      }
    } finally {
      await handle.close();
    }
    console.log(`morning peak: ${fmt(options.peak)} members, 2 instances…`);
    const peak = await morningPeak(() => openPostgres(target.toString(), 5), options.peak, {
      processUrl: target.toString(),
    });
    console.log(peak);

    const loadAfter = load();
    lines.push(
      `Run on ${new Date().toISOString().slice(0, 10)}, ${cpus().length} CPU cores shared with other work (load average 1 / 5 / 15 min: ${loadBefore} before, ${loadAfter} after).`,
      '',
      '| members | minute | due | plan step ms | rows read (tick) | rows read (EXPLAIN) | buffers | scan | rows read before issue 28 |',
      '|---:|:---:|---:|---:|---:|---:|---:|---|---:|',
    );
    for (const r of planning) {
      lines.push(
        `| ${fmt(r.size)} | ${r.minute} | ${fmt(r.due)} | ${r.ms.toFixed(1)} | ${fmt(r.read)} | ${fmt(r.explain.rowsRead)} | ${fmt(r.explain.buffers)} | ${r.explain.scans} | ${fmt(r.legacy.rowsRead)} |`,
      );
    }
    const small = Math.min(...options.sizes);
    const large = Math.max(...options.sizes);
    const at = (size: number, minute: 'A' | 'B') =>
      planning.find((r) => r.size === size && r.minute === minute)!;
    const ratio = (a: number, b: number) => (b === 0 ? NaN : a / b);
    const timeRatio = ratio(at(large, 'A').ms, at(small, 'A').ms);
    const readRatio = ratio(at(large, 'A').read, at(small, 'A').read);
    const legacyRatio = ratio(at(large, 'A').legacy.rowsRead, at(small, 'A').legacy.rowsRead);
    const perDue = (r: PlanningResult) => r.ms / Math.max(1, r.due);
    lines.push(
      '',
      `- Same work at both sizes (minute A, ${fmt(at(small, 'A').due)} due): ${fmt(large)} / ${fmt(small)} members = **${timeRatio.toFixed(2)}×** the planning time and **${readRatio.toFixed(2)}×** the rows read (goal: ≤ 2×). The plan query before issue 28 read **${legacyRatio.toFixed(1)}×** as many rows (every member, each minute).`,
      `- 5% due (minute B): ${fmt(at(large, 'B').due)} due at ${fmt(large)} members took ${at(large, 'B').ms.toFixed(0)} ms (${(perDue(at(large, 'B')) * 1000).toFixed(0)} µs per due row; ${(perDue(at(small, 'B')) * 1000).toFixed(0)} µs at ${fmt(small)}): the cost follows what is due, not the number of members.`,
      `- Self-healing sweep, one step of ${fmt(SWEEP_BATCH)} members (median of 3): ${sweeps.map((w) => `${w.ms.toFixed(0)} ms at ${fmt(w.size)} members (${fmt(w.read)} read, ${fmt(w.marked)} rows marked)`).join(', ')}: **${ratio(sweeps.at(-1)!.ms, sweeps[0]!.ms).toFixed(2)}×**. Every row checked here is stale (the seeded times are not the members' settings), so each step also marks five rows per member: the most a step costs; a pass over N members takes N / ${fmt(SWEEP_BATCH)} ticks.`,
      `- Morning peak, ${fmt(peak.members)} members due at 08:00 in ${PEAK_ZONE}, ${peak.instances} instances (${peak.perInstance.map(fmt).join(' + ')} sent): **${fmt(peak.sent)} sent**, ${fmt(peak.skipped)} skipped, ${fmt(peak.failed)} failed; ${fmt(peak.emails)} e-mails and ${fmt(peak.pushes)} pushes received, **${fmt(peak.emailDuplicates + peak.pushDuplicates)} twice**, ${fmt(peak.duplicateKeys)} duplicate (member, kind, local day) rows; the last received **${peak.lastSeconds.toFixed(1)} s** after 08:00 (median ${peak.medianSeconds.toFixed(1)} s; goal: all within 60 s, ${peak.lastSeconds <= 60 ? 'met' : '**not met** in this run'}). The instances used ${peak.cpuMs.map((ms) => (ms / 1000).toFixed(1)).join(' + ')} s of CPU (${(peak.cpuMs.reduce((a, b) => a + b, 0) / peak.members).toFixed(2)} ms per reminder)${peak.database ? `; PostgreSQL committed ${fmt(peak.database.transactions)} transactions (${(peak.database.transactions / peak.members).toFixed(2)} per reminder) and wrote ${fmt(peak.database.rowsWritten)} rows` : ''}.`,
    );
  } finally {
    await admin(`drop database if exists ${name} with (force)`);
  }
  return lines;
}
