/**
 * `npm run bench -- --zones` (issue 28): distinct time-zone names that are not zones, sent to
 * every route that takes one, are each a translated 400 and leave the server's memory as it
 * was (the zone cache keeps only names Intl accepted, at most TIME_ZONE_CACHE_LIMIT of them).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { translate } from '../src/server/i18n/translate.ts';
import { TIME_ZONE_MAX_LENGTH } from '../src/shared/values/time.ts';
import { signUpMember } from '../tests/helpers/server-process.ts';
import {
  CONNECTIONS,
  heapAfterGcMb,
  originOf,
  rssMb,
  sendAll,
  settledRssMb,
  startBenchServer,
  thousands,
  type RequestPlan,
} from './scale-server.ts';

const ZONES = Number(process.env.BENCH_ZONES ?? 100_000);
/** Routes that take a zone: each gets ZONES names, all distinct. */
const ROUTES = 6;
const WARM_UP = Math.min(5_000, ZONES);
const GOAL_MB = 20;

export const ZONES_INTRO = `Issue 28: every in-process cache is bounded, and input is checked before it reaches one. A production-mode server on
PGlite (bench/scale-zones.ts; \`--expose-gc\` and a bench-only preload that collects on a signal, nothing in the app), one
member signed in; ${thousands(ZONES)} distinct names that are not time zones are sent to each of the ${ROUTES} routes that take one
(${thousands(ZONES * ROUTES)} in all, every name different: \`PATCH /api/user/preferences\`, \`PUT /api/notification-settings\`, and through the auth proxy sign-up,
sign-in and both second steps, where the device's zone rides along; names like \`Bogus/Zone_17\`, \`America/Nowhere_17\`, \`Etc/GMT+117\`, accented ones and ones of exactly ${TIME_ZONE_MAX_LENGTH} characters: all reach Intl),
${CONNECTIONS} at a time, the language alternating between English and Spanish. Every answer must be a 400 whose only error is
the time zone's, in the request's language. The server's resident set (VmRSS) is read once settled (full collections a second apart
until two readings agree within 1 MB), with the V8 heap in use after the last collection, after ${thousands(WARM_UP)} warm-up names per route and after all of them. \`BENCH_ZONES\` changes the size. Goal: growth of
${GOAL_MB} MB at most.`;

/** The i-th name that is not a time zone (distinct for every i and `salt`). */
export function bogusZone(i: number, salt: string): string {
  switch (i % 5) {
    case 0:
      return `Bogus/Zone_${salt}${i}`;
    case 1:
      return `America/Nowhere_${salt}${i}`;
    case 2:
      return `Etc/GMT+${i + 100}_${salt}`;
    case 3:
      return `Ciudad/Añoranza_${salt}${i}`;
    default: {
      const head = `Zz/${salt}${i}_`;
      return head + 'x'.repeat(TIME_ZONE_MAX_LENGTH - head.length);
    }
  }
}

const LANGS = ['en', 'es'] as const;
const expectedErrors = Object.fromEntries(
  LANGS.map((lang) => [
    lang,
    [{ path: 'timeZone', message: translate(lang, 'validation.timeZone') }],
  ]),
) as Record<(typeof LANGS)[number], unknown>;

export async function zonesLines(): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'camino-bench-zones-'));
  const server = await startBenchServer({ DATA_DIR: dir }, { gc: true });
  try {
    const member = await signUpMember(server);
    const origin = originOf(server);
    const json = (cookie: boolean) => ({
      origin,
      'content-type': 'application/json',
      ...(cookie ? { cookie: member.cookie } : {}),
    });
    /** The routes that take a zone, with an otherwise valid body around it. */
    const routes: {
      name: string;
      method: RequestPlan['method'];
      path: string;
      cookie: boolean;
      body: (timeZone: string, i: number) => object;
    }[] = [
      {
        name: 'PATCH /api/user/preferences',
        method: 'PATCH',
        path: '/api/user/preferences',
        cookie: true,
        body: (timeZone) => ({ timeZone }),
      },
      {
        name: 'PUT /api/notification-settings',
        method: 'PUT',
        path: '/api/notification-settings',
        cookie: true,
        body: (timeZone) => ({ timeZone }),
      },
      {
        name: 'POST /api/auth/sign-up/email',
        method: 'POST',
        path: '/api/auth/sign-up/email',
        cookie: false,
        body: (timeZone, i) => ({
          email: `zone-${i}@example.com`,
          password: 'correct horse battery',
          firstName: 'Zona',
          lastName: 'Horaria',
          timeZone,
        }),
      },
      {
        name: 'POST /api/auth/sign-in/email',
        method: 'POST',
        path: '/api/auth/sign-in/email',
        cookie: false,
        body: (timeZone) => ({ email: member.email, password: member.password, timeZone }),
      },
      {
        name: 'POST /api/auth/two-factor/verify-totp',
        method: 'POST',
        path: '/api/auth/two-factor/verify-totp',
        cookie: false,
        body: (timeZone) => ({ code: '123456', timeZone }),
      },
      {
        name: 'POST /api/auth/two-factor/verify-backup-code',
        method: 'POST',
        path: '/api/auth/two-factor/verify-backup-code',
        cookie: false,
        body: (timeZone) => ({ code: 'abcde-12345', timeZone }),
      },
    ];
    if (routes.length !== ROUTES) throw new Error('ROUTES is the number of routes');
    const sendTo = (route: (typeof routes)[number], amount: number, salt: string) =>
      sendAll(`${server.url}${route.path}`, amount, {
        method: route.method,
        path: route.path,
        make: (i) => ({
          headers: { ...json(route.cookie), 'accept-language': LANGS[i % 2]! },
          body: JSON.stringify(route.body(bogusZone(i, salt), i)),
        }),
        expect: (i, status, body) => {
          if (status !== 400) return `${status} ${body.slice(0, 120)}`;
          const errors = (JSON.parse(body) as { errors?: unknown }).errors;
          return isDeepStrictEqual(errors, expectedErrors[LANGS[i % 2]!])
            ? null
            : `400 ${body.slice(0, 160)}`;
        },
      });

    for (const [r, route] of routes.entries()) {
      const warm = await sendTo(route, WARM_UP, `w${r}-`);
      if (warm.wrong > 0) throw new Error(`${route.name}: ${warm.examples.join('; ')}`);
    }
    const before = await settledRssMb(server);
    const heapBefore = heapAfterGcMb(server);

    const lines: string[] = [];
    let total = 0;
    for (const [r, route] of routes.entries()) {
      const sent = await sendTo(route, ZONES, `r${r}-`);
      if (sent.wrong > 0 || sent.requests !== ZONES)
        throw new Error(
          `${route.name}: ${sent.requests} of ${ZONES} answered, ${sent.wrong} wrong: ${sent.examples.join('; ')}`,
        );
      total += sent.requests;
      lines.push(
        `- \`${route.name}\`: ${thousands(sent.requests)} names in ${sent.seconds.toFixed(0)} s, every one a 400 with the translated message.`,
      );
    }
    const peak = rssMb(server);
    const after = await settledRssMb(server);
    const heapAfter = heapAfterGcMb(server);
    const growth = after - before;
    lines.push(
      `- Resident set, settled: ${before.toFixed(1)} MB after the warm-up, ${after.toFixed(1)} MB after ${thousands(total)} requests (${peak.toFixed(1)} MB before collecting): growth **${growth.toFixed(1)} MB** (goal: ${GOAL_MB} MB at most${growth <= GOAL_MB ? ', met' : ', NOT met'}). A negative growth is memory the process had not yet handed back after the warm-up.`,
      `- V8 heap in use after a full collection: ${heapBefore.toFixed(1)} MB after the warm-up, ${heapAfter.toFixed(1)} MB after: **${(heapAfter - heapBefore).toFixed(1)} MB**.`,
      '',
      `Measured ${new Date().toISOString().slice(0, 10)}; ${cpus().length} CPU cores, Node ${process.version}.`,
    );
    return lines;
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
