/**
 * `npm run bench -- --groups` (issue 25, ADR 0052): a leader's dashboard of a 500-member group
 * on PostgreSQL, beside the bare route and beside a 5-member group, in one run. The members are
 * written with SQL (each with a course path's progress, a reading plan and 60 days of activity),
 * then the leader reads the group as the browser does: the group (`GET /api/groups/:id`) and the
 * first page of its members sorted by progress (`GET /api/groups/:id/members`).
 */
import autocannon from 'autocannon';
import pg from 'pg';
import { randomUUID } from 'node:crypto';
import { freePort, startServer } from '../tests/helpers/server-process.ts';
import { signedIn } from './sign-up.ts';

export const GROUPS_INTRO = `A leader's dashboard on PostgreSQL: \`GET /api/groups/:id\` (the group, its pace and the leaders' figures) and
\`GET /api/groups/:id/members?sort=progress&order=desc\` (the first page of 50 members with their progress), for a group
of 500 members and one of 5, each member with lessons done on the group's course, a reading plan and 60 days of activity
(written with SQL; bench/groups.ts). Throughput is autocannon beside the bare route in the same run; the latency ratio
is the median of requests sent one at a time, the two groups interleaved. Repeat visits are measured: the member rows
are kept between the members' writes (ADR 0052, as the dashboard's in ADR 0011); the first read after a write is
one query, timed alone as "uncached". Goal: the 500-member dashboard at 25% or more of the bare route's throughput and
within 1.5× of the 5-member group's latency (issue 25). \`npm run bench -- --groups\` measures this section alone and
writes it here.`;

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ROUNDS = 300;

async function rps(url: string, cookie?: string) {
  const headers = cookie ? { cookie } : {};
  await autocannon({ url, connections: CONNECTIONS, duration: 1, headers });
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  if (r.non2xx || r.errors) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p99: r.latency.p99 };
}

/** Median latency (ms) of each URL, requests one at a time, the URLs interleaved. */
async function interleaved(urls: string[], cookie: string): Promise<number[]> {
  const times = urls.map(() => [] as number[]);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, url] of urls.entries()) {
      const started = performance.now();
      const res = await fetch(url, { headers: { cookie } });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${url}: ${res.status}`);
      times[i]!.push(performance.now() - started);
    }
  }
  return times.map((list) => {
    list.sort((a, b) => a - b);
    return Number(list[Math.floor(list.length / 2)]!.toFixed(2));
  });
}

/** `size` members (the leader among them) with progress, a plan and 60 days of activity. */
async function seedGroup(client: pg.Client, groupId: string, size: number) {
  const today = new Date();
  const day = (n: number) => new Date(today.getTime() - n * 86_400_000).toISOString().slice(0, 10);
  const lessons = (
    await client.query<{ id: string }>(
      `select id from lesson where course_id = '101' order by sort`,
    )
  ).rows.map((r) => r.id);
  for (let start = 0; start < size - 1; start += 100) {
    const batch = Array.from({ length: Math.min(100, size - 1 - start) }, (_, i) => start + i);
    const ids = batch.map(() => randomUUID());
    await client.query(
      `insert into "user" (id, name, email, first_name, last_name, age_verified, preferences)
       select id, 'Member', id || '@bench.example.com', 'Member', 'No. ' || n, true,
         jsonb_build_object('timeZone', 'America/Lima', 'profileVisibility', n % 2 = 0)
       from unnest($1::text[], $2::int[]) as t(id, n)`,
      [ids, batch],
    );
    await client.query(
      `insert into group_member (id, group_id, user_id, role, level)
       select gen_random_uuid()::text, $1, id,
         'member', (array['membership', 'progress', 'reflections'])[1 + n % 3]
       from unnest($2::text[], $3::int[]) as t(id, n)`,
      [groupId, ids, batch],
    );
    await client.query(
      `insert into lesson_progress (user_id, lesson_id, response, completed_at)
       select u.id, l.id, 'A reflection', now()
       from unnest($1::text[], $2::int[]) as u(id, n)
       cross join lateral unnest($3::text[]) with ordinality as l(id, k)
       where l.k <= 1 + u.n % 18`,
      [ids, batch, lessons],
    );
    await client.query(
      `insert into activity_day (user_id, day, count)
       select u.id, d.day, 1 from unnest($1::text[]) as u(id)
       cross join (select (current_date - g)::date as day from generate_series(0, 59) g) d`,
      [ids],
    );
    await client.query(
      `insert into reading_plan_run (user_id, plan_id, duration, total_days, started_on, current_day, days_read)
       select id, 'gospels', 90, 90, $2::date, 1 + n % 20, n % 20 from unnest($1::text[], $3::int[]) as t(id, n)`,
      [ids, day(20), batch],
    );
  }
}

export async function groupsBench(adminUrl: string): Promise<string[]> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const name = `bench_groups_${Date.now()}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${name}`;
  const server = await startServer(
    {
      PORT: String(await freePort()),
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      API_RATE_LIMIT_MAX: '100000000',
      DATABASE_URL: dbUrl.toString(),
      BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    },
    {
      // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops.
      nodeArgs: process.env.BENCH_CPU_PROF
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
        : [],
    },
  );
  const client = new pg.Client({ connectionString: dbUrl.toString() });
  try {
    await client.connect();
    const base = server.url;
    const origin = base.replace('127.0.0.1', 'localhost');
    const leader = await signedIn(base);
    const make = async (groupName: string) => {
      const res = await fetch(`${base}/api/groups`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: leader.cookie, origin },
        body: JSON.stringify({
          name: groupName,
          language: 'en',
          path: { kind: 'course', courseId: '101' },
          startsOn: new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10),
        }),
      });
      if (!res.ok) throw new Error(`group: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { id: string }).id;
    };
    const large = await make('Church-wide course');
    const small = await make('A few friends');
    await seedGroup(client, large, 500);
    await seedGroup(client, small, 5);
    // The version moves as a join through the API would move it.
    await client.query(`update study_group set version = version + 1`);
    const detail = (id: string) => `${base}/api/groups/${id}`;
    const members = (id: string) => `${base}/api/groups/${id}/members?sort=progress&order=desc`;
    const check = (await (
      await fetch(members(large), { headers: { cookie: leader.cookie } })
    ).json()) as {
      total: number;
    };
    if (check.total !== 500) throw new Error(`the large group has ${check.total} members`);

    // Uncached: the first read of each group after a write (each timed alone, 20 times).
    const uncached = async (url: string) => {
      const times: number[] = [];
      for (let i = 0; i < 20; i++) {
        await client.query(`update study_group set version = version + 1`);
        const started = performance.now();
        const res = await fetch(url, { headers: { cookie: leader.cookie } });
        await res.arrayBuffer();
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      return Number(times[10]!.toFixed(1));
    };
    const coldLarge = await uncached(detail(large));
    const coldSmall = await uncached(detail(small));

    const bare1 = await rps(`${base}/healthz`);
    const largeDetail = await rps(detail(large), leader.cookie);
    const largeMembers = await rps(members(large), leader.cookie);
    const smallDetail = await rps(detail(small), leader.cookie);
    const bare2 = await rps(`${base}/healthz`);
    const bare = (bare1.rps + bare2.rps) / 2;
    const pct = (r: { rps: number }) => `${((r.rps / bare) * 100).toFixed(0)}%`;
    const [mLarge, mSmall, pLarge, pSmall] = await interleaved(
      [detail(large), detail(small), members(large), members(small)],
      leader.cookie,
    );
    return [
      `- PostgreSQL: the 500-member group's \`GET /api/groups/:id\` at **${pct(largeDetail)}** of the bare route's throughput (${largeDetail.rps.toFixed(0)} vs ${bare.toFixed(0)} req/s, p99 ${largeDetail.p99} ms); its member page at **${pct(largeMembers)}** (p99 ${largeMembers.p99} ms); the 5-member group's \`GET /api/groups/:id\` at ${pct(smallDetail)}.`,
      `- PostgreSQL: median latency, 500 members vs 5 (${ROUNDS} requests each, interleaved): the group ${mLarge} ms vs ${mSmall} ms = **${(mLarge! / mSmall!).toFixed(2)}×**; the member page ${pLarge} ms vs ${pSmall} ms = **${(pLarge! / pSmall!).toFixed(2)}×**.`,
      `- PostgreSQL: uncached (the first read after a member's write, median of 20): ${coldLarge} ms for 500 members vs ${coldSmall} ms for 5.`,
    ];
  } finally {
    await client.end().catch(() => undefined);
    await server.stop();
    const drop = new pg.Client({ connectionString: adminUrl });
    await drop.connect();
    await drop.query(`drop database if exists ${name} with (force)`);
    await drop.end();
  }
}
