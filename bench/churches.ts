/**
 * `npm run bench -- --church` (issue 38 item 4, ADR 0067): a pastor's weekly roll-up of a church
 * of 50 groups of 20 members on PostgreSQL. The groups, members, 60 days of activity and a week
 * of meetings with attendance are written with SQL; the pastor then reads the week as the page
 * does (`GET /api/churches/:id/report?week=`) and as a CSV, each timed one request at a time,
 * interleaved with the bare route in the same run.
 */
import pg from 'pg';
import { randomUUID } from 'node:crypto';
import { addDays, periodOf } from '../src/shared/values/time.ts';
import { freePort, startServer } from '../tests/helpers/server-process.ts';
import { signedIn } from './sign-up.ts';

export const CHURCH_INTRO = `A pastor's week on PostgreSQL (issue 38 item 4): \`GET /api/churches/:id/report?week=\` and its CSV for a church of
50 groups of 20 members, each member with 60 days of activity and a third of them sharing only their membership, each
group with two meetings that week and their attendance (written with SQL; bench/churches.ts). Requests are sent one
at a time, the report, the CSV and the bare route interleaved, 40 rounds; the goal is the week in ≤ 1 s
(issue 38). \`npm run bench -- --church\` measures this section alone and writes it here.`;

const GROUPS = 50;
const SIZE = 20;
const ROUNDS = 40;

const percentile = (list: number[], p: number) => {
  const sorted = [...list].sort((a, b) => a - b);
  return Number(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!.toFixed(1));
};

/** A church of GROUPS groups of SIZE members (its leader among them), attached, with a week. */
async function seedChurch(client: pg.Client, churchId: string, monday: string) {
  for (let g = 0; g < GROUPS; g++) {
    const groupId = randomUUID();
    const people = Array.from({ length: SIZE }, () => randomUUID());
    await client.query(
      `insert into "user" (id, name, email, first_name, last_name, age_verified, preferences)
       select id, 'Member', id || '@bench.example.com', 'Member', 'No. ' || n, true,
         jsonb_build_object('timeZone', 'America/Bogota')
       from unnest($1::text[], $2::int[]) as t(id, n)`,
      [people, people.map((_, i) => i)],
    );
    await client.query(
      `insert into study_group (id, name, language, path_kind, course_id, lessons_per_week, starts_on, time_zone)
       values ($1, $2, 'es', 'course', '101', 1, $3::date, 'America/Bogota')`,
      [groupId, `Célula ${g + 1}`, addDays(monday, -60)],
    );
    const memberIds = people.map(() => randomUUID());
    await client.query(
      `insert into group_member (id, group_id, user_id, role, level)
       select mid, $1, uid, case when n = 0 then 'leader' else 'member' end,
         (array['membership', 'progress', 'reflections'])[1 + n % 3]
       from unnest($2::text[], $3::text[], $4::int[]) as t(mid, uid, n)`,
      [groupId, memberIds, people, people.map((_, i) => i)],
    );
    await client.query(
      `insert into church_group (group_id, church_id, status, attached_at) values ($1, $2, 'attached', now())`,
      [groupId, churchId],
    );
    // Activity: each member on a different share of the last 60 days.
    await client.query(
      `insert into activity_day (user_id, day, count)
       select u.id, d.day, 1 from unnest($1::text[], $2::int[]) as u(id, n)
       cross join (select ($3::date + 6 - g)::date as day, g from generate_series(0, 59) g) d
       where (d.g + u.n) % (1 + u.n % 3) = 0`,
      [people, people.map((_, i) => i), monday],
    );
    for (const [i, day] of [monday, addDays(monday, 3)].entries()) {
      const meetingId = randomUUID();
      await client.query(
        `insert into group_meeting (id, group_id, held_on, members, visitors, covered_kind, covered_id)
         values ($1, $2, $3::date, $4, $5, 'lesson', '101-1')`,
        [meetingId, groupId, day, SIZE, i + 1],
      );
      await client.query(
        `insert into group_attendance (meeting_id, member_id)
         select $1, m from unnest($2::text[]) with ordinality as t(m, k) where k % 4 <> $3`,
        [meetingId, memberIds, i],
      );
    }
  }
}

export async function churchBench(adminUrl: string): Promise<string[]> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const name = `bench_church_${Date.now()}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${name}`;
  const server = await startServer({
    PORT: String(await freePort()),
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    API_RATE_LIMIT_MAX: '100000000',
    DATABASE_URL: dbUrl.toString(),
    BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  });
  const client = new pg.Client({ connectionString: dbUrl.toString() });
  try {
    await client.connect();
    const base = server.url;
    const origin = base.replace('127.0.0.1', 'localhost');
    const pastor = await signedIn(base);
    const made = await fetch(`${base}/api/churches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: pastor.cookie, origin },
      body: JSON.stringify({ name: 'Iglesia de prueba' }),
    });
    if (!made.ok) throw new Error(`church: ${made.status} ${await made.text()}`);
    const church = (await made.json()) as { id: string; thisWeek: string };
    const monday = addDays(periodOf('weekly', church.thisWeek).start, -7);
    const seeded = performance.now();
    await seedChurch(client, church.id, monday);
    const seedSeconds = ((performance.now() - seeded) / 1000).toFixed(1);
    await client.query('analyze');
    const report = `${base}/api/churches/${church.id}/report?week=${monday}`;
    const csv = `${base}/api/churches/${church.id}/report.csv?week=${monday}`;
    const check = (await (await fetch(report, { headers: { cookie: pastor.cookie } })).json()) as {
      groups: { attendance: number; reachedAim: number; sharing: number }[];
    };
    if (check.groups.length !== GROUPS) throw new Error(`${check.groups.length} groups`);
    const attendance = check.groups.reduce((s, g) => s + g.attendance, 0);
    const reached = check.groups.reduce((s, g) => s + g.reachedAim, 0);
    const sharing = check.groups.reduce((s, g) => s + g.sharing, 0);

    const urls = [report, csv, `${base}/healthz`];
    const times = urls.map(() => [] as number[]);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, url] of urls.entries()) {
        const started = performance.now();
        const res = await fetch(url, { headers: { cookie: pastor.cookie } });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`${url}: ${res.status}`);
        times[i]!.push(performance.now() - started);
      }
    }
    const [r, c, bare] = times as [number[], number[], number[]];
    return [
      `- PostgreSQL, ${GROUPS} groups × ${SIZE} members (seeded in ${seedSeconds} s; the week: ${attendance} present, ${reached} of ${sharing} sharing members with 4+ active days): the week's report median **${percentile(r, 0.5)} ms**, p95 **${percentile(r, 0.95)} ms**; its CSV median ${percentile(c, 0.5)} ms, p95 ${percentile(c, 0.95)} ms; the bare route ${percentile(bare, 0.5)} ms (${ROUNDS} rounds, interleaved). Goal ≤ 1,000 ms: ${percentile(r, 0.95) <= 1000 ? 'met' : '**not met**'}.`,
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
