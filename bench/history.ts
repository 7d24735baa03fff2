/** The large-history member of the dashboard benchmark (issue 5), seeded straight in PostgreSQL. */
import pg from 'pg';

export const INTERLEAVED_ROUNDS = 300;

/**
 * Median latency (ms) of one URL for each cookie, requests sent one at a time and interleaved
 * (a, b, a, b, ...) so that drift and garbage collection weigh on all of them alike.
 */
export async function interleavedMedians(url: string, cookies: string[]): Promise<number[]> {
  const times = cookies.map(() => [] as number[]);
  for (let round = 0; round < INTERLEAVED_ROUNDS + 20; round++) {
    for (const [i, cookie] of cookies.entries()) {
      const started = performance.now();
      const res = await fetch(url, { headers: { cookie } });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${url} failed: ${res.status}`);
      if (round >= 20) times[i]!.push(performance.now() - started);
    }
  }
  return times.map((list) => {
    list.sort((a, b) => a - b);
    return Number(list[Math.floor(list.length / 2)]!.toFixed(2));
  });
}

/**
 * Gives a member a large history straight in PostgreSQL: 10,000 journal entries, 2,000 prayer
 * requests, 500 memory verses, two years of activity (one active day in ten missed), the
 * whole of Christianity 101 and a reading plan a hundred days in.
 */
export async function seedLargeHistory(dbUrl: string, base: string, cookie: string): Promise<void> {
  const me = (await (await fetch(`${base}/api/auth/user`, { headers: { cookie } })).json()) as {
    id: string;
  };
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const u = me.id;
    await client.query(
      `insert into journal_entry (id, user_id, title, content, tags, status, published_at, created_at, updated_at)
       select gen_random_uuid()::text, $1, 'Entry ' || n, repeat('Grace and peace. ', 40), '["faith","prayer"]'::jsonb,
              'published', now() - n * interval '1 hour', now() - n * interval '1 hour', now() - n * interval '1 hour'
       from generate_series(1, 10000) n`,
      [u],
    );
    await client.query(
      `insert into prayer_request (id, user_id, title, category, description, urgent, status, answered_at, created_at, updated_at)
       select gen_random_uuid()::text, $1, 'Request ' || n, (array['personal','family','church','world'])[1 + n % 4],
              'Lord, hear our prayer.', n % 50 = 0, case when n % 3 = 0 then 'answered' else 'active' end,
              case when n % 3 = 0 then now() - n * interval '2 hours' end, now() - n * interval '8 hours', now()
       from generate_series(1, 2000) n`,
      [u],
    );
    await client.query(
      `insert into memory_verse (id, user_id, reference, osis, translation, text, category, state, card, due_at, review_count)
       select gen_random_uuid()::text, $1, 'Psalms ' || (1 + n / 10) || ':' || (1 + n % 10), 'Ps.' || (1 + n / 10) || '.' || (1 + n % 10),
              'KJV', 'The LORD is my shepherd.', 'peace', 'review', '{}'::jsonb, now() + (n - 250) * interval '1 hour', n % 7
       from generate_series(0, 499) n`,
      [u],
    );
    await client.query(
      `insert into activity_day (user_id, day, count)
       select $1, current_date - n, 1 + n % 4 from generate_series(0, 729) n where n % 10 <> 9`,
      [u],
    );
    await client.query(
      `insert into activity (id, user_id, kind, amount, subject, label, day, occurred_at)
       select gen_random_uuid()::text, $1, (array['journal','prayer','memory','reading'])[1 + n % 4], 1 + n % 10, 'Ps.23.1', 'Entry',
              current_date - (n / 20), now() - n * interval '72 minutes'
       from generate_series(1, 14600) n`,
      [u],
    );
    await client.query(
      `insert into lesson_progress (user_id, lesson_id, completed_at) select $1, id, now() - sort * interval '3 days'
       from lesson where course_id = '101'`,
      [u],
    );
    await client.query(
      `insert into reading_plan_run (user_id, plan_id, duration, total_days, started_on, current_day, days_read)
       values ($1, 'whole-bible', 365, 365, current_date - 100, 95, 94)`,
      [u],
    );
    // As autovacuum would have left a long-lived member's tables.
    await client.query('vacuum analyze');
  } finally {
    await client.end();
  }
}
