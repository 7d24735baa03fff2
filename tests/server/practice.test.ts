import { beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { activity, activityDay, goal, readingPlanRun } from '#server/db/schema.ts';
import { addDays } from '#shared/values/time.ts';
import { dayBounds, readingPlan } from '#server/reading/plans.ts';
import { createUser, useTestApp } from '../helpers/app.ts';

const app = useTestApp({ bibles: true }, { member: {}, other: {} });
const call = app.call;
const utcToday = () => new Date().toISOString().slice(0, 10);

/**
 * These tests compare the days the server counts with `utcToday()` read by the test: one that ran
 * across midnight UTC saw two days (seen once, in CI: the member's journal counted on the 30th,
 * "today" the 1st). A test that would start in a day's last 20 seconds waits for the next day.
 */
beforeEach(async () => {
  const untilMidnight = 86_400_000 - (Date.now() % 86_400_000);
  if (untilMidnight < 20_000)
    await new Promise((resolve) => setTimeout(resolve, untilMidnight + 50));
});
const fieldErrors = (res: { json: () => { errors?: { path: string; message: string }[] } }) =>
  Object.fromEntries((res.json().errors ?? []).map((e) => [e.path, e.message]));

describe('prayer requests', () => {
  it('adds, edits, lists (urgent first), answers and deletes, for the owner only', async () => {
    const a = await call(app.member, 'POST', '/api/prayers', {
      title: 'For my sister',
      category: 'family',
    });
    expect(a.statusCode).toBe(201);
    expect(a.json()).toMatchObject({
      title: 'For my sister',
      category: 'family',
      description: '',
      urgent: false,
      status: 'active',
      answeredAt: null,
    });
    const b = await call(app.member, 'POST', '/api/prayers', {
      title: 'Surgery on Friday',
      category: 'health',
      description: 'For the doctors and for peace.',
      urgent: true,
    });
    const list = (await call(app.member, 'GET', '/api/prayers')).json();
    expect(list.items.map((p: { title: string }) => p.title)).toEqual([
      'Surgery on Friday',
      'For my sister',
    ]);
    expect(list.counts).toEqual({ active: 2, answered: 0 });

    const edited = await call(app.member, 'PATCH', `/api/prayers/${a.json().id}`, {
      description: 'That she finds work.',
    });
    expect(edited.json()).toMatchObject({
      title: 'For my sister',
      description: 'That she finds work.',
    });

    // Another member cannot see, edit, answer or delete it.
    const id = b.json().id;
    expect((await call(app.other, 'PATCH', `/api/prayers/${id}`, { title: 'x' })).statusCode).toBe(
      404,
    );
    expect((await call(app.other, 'POST', `/api/prayers/${id}/answer`, {})).statusCode).toBe(404);
    expect((await call(app.other, 'DELETE', `/api/prayers/${id}`)).statusCode).toBe(404);
    expect((await call(app.other, 'GET', '/api/prayers')).json().items).toEqual([]);

    const answered = await call(app.member, 'POST', `/api/prayers/${id}/answer`, {
      note: 'The surgery went well.',
    });
    expect(answered.json()).toMatchObject({
      status: 'answered',
      answerNote: 'The surgery went well.',
    });
    expect(answered.json().answeredAt).not.toBeNull();
    expect((await call(app.member, 'POST', `/api/prayers/${id}/answer`, {})).statusCode).toBe(409);
    const answeredList = (await call(app.member, 'GET', '/api/prayers?status=answered')).json();
    expect(answeredList.items.map((p: { id: string }) => p.id)).toEqual([id]);
    expect(answeredList.counts).toEqual({ active: 1, answered: 1 });

    expect((await call(app.member, 'DELETE', `/api/prayers/${id}`)).statusCode).toBe(204);
    expect((await call(app.member, 'GET', '/api/prayers?status=answered')).json().total).toBe(0);
  });

  it('refuses a category outside the eight, in the reader language, and a missing title', async () => {
    const res = await call(
      app.member,
      'POST',
      '/api/prayers',
      { title: 'x', category: 'sports' },
      'es',
    );
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res).category).toBe('Elige una de las categorías.');
    const empty = await call(app.member, 'POST', '/api/prayers', { title: ' ', category: 'world' });
    expect(empty.statusCode).toBe(400);
    expect(fieldErrors(empty).title).toBe('This field is required');
  });

  it('records a timer session: minutes today, the activity log and prayer goals', async () => {
    const pray = await createUser(app.t);
    const created = await call(pray, 'POST', '/api/goals', {
      preset: 'pray-10-minutes-daily',
      title: 'Pray 10 minutes daily',
    });
    expect(created.statusCode).toBe(201);
    const first = await call(pray, 'POST', '/api/prayer-sessions', { minutes: 6 });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ minutes: 6, minutesToday: 6, badgesAwarded: [] });
    expect(
      (await call(pray, 'POST', '/api/prayer-sessions', { minutes: 5 })).json().minutesToday,
    ).toBe(11);
    const [g] = (await call(pray, 'GET', '/api/goals')).json().items;
    expect(g).toMatchObject({ progress: 11, target: 10, status: 'completed', unit: 'minutes' });
    const log = await app.t.database.db.select().from(activity).where(eq(activity.userId, pray.id));
    expect(log.map((r) => [r.kind, r.amount])).toEqual([
      ['prayer', 6],
      ['prayer', 5],
    ]);
    for (const minutes of [0, 121, 2.5]) {
      const bad = await call(pray, 'POST', '/api/prayer-sessions', { minutes }, 'es');
      expect(bad.statusCode).toBe(400);
      expect(fieldErrors(bad).minutes).toBe('Elige entre 1 y 120 minutos.');
    }
  });
});

describe('goals', () => {
  it('requires a title, with the SPEC Spanish message', async () => {
    const res = await call(
      app.member,
      'POST',
      '/api/goals',
      { preset: 'complete-lesson-weekly', title: '' },
      'es',
    );
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res).title).toBe('Por favor ingresa un título para el objetivo.');
    const custom = await call(app.member, 'POST', '/api/goals', { title: 'Fast on Fridays' });
    expect(custom.statusCode).toBe(400);
    expect(Object.keys(fieldErrors(custom)).sort()).toEqual(['period', 'target', 'unit']);
  });

  it('keeps the recommended preset for premium members', async () => {
    const res = await call(app.member, 'POST', '/api/goals', {
      preset: 'read-chapter-daily',
      title: 'Read',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('PREMIUM_REQUIRED');
    const premium = await createUser(app.t, { isPremium: true });
    const ok = await call(premium, 'POST', '/api/goals', {
      preset: 'read-chapter-daily',
      title: 'Read',
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({
      target: 1,
      unit: 'chapters',
      period: 'daily',
      preset: 'read-chapter-daily',
    });
  });

  it('marks progress to completion, edits, and starts a new period at zero', async () => {
    const owner = await createUser(app.t);
    const created = (
      await call(owner, 'POST', '/api/goals', {
        title: 'Memorize Psalm 23',
        target: 6,
        unit: 'verses',
        period: 'monthly',
        priority: 'high',
        // A preset's numbers are ignored for a custom goal, and vice versa.
      })
    ).json();
    expect(created).toMatchObject({
      progress: 0,
      status: 'in_progress',
      priority: 'high',
      preset: null,
    });
    const step = await call(owner, 'POST', `/api/goals/${created.id}/progress`, { amount: 4 });
    expect(step.json()).toMatchObject({ progress: 4, status: 'in_progress' });
    const done = await call(owner, 'POST', `/api/goals/${created.id}/progress`, {});
    expect(done.json()).toMatchObject({ progress: 5, status: 'in_progress' });
    const lowered = await call(owner, 'PATCH', `/api/goals/${created.id}`, { target: 5 });
    expect(lowered.json()).toMatchObject({ target: 5, status: 'completed' });
    expect(lowered.json().completedAt).not.toBeNull();

    // Last month's goal: today it starts again at 0, and last month counts as reached.
    await app.t.database.db
      .update(goal)
      .set({ periodStart: '2000-01-01' })
      .where(eq(goal.id, created.id));
    expect((await call(owner, 'GET', '/api/goals')).json().items[0]).toMatchObject({
      progress: 0,
      status: 'in_progress',
      periodsCompleted: 1,
    });
    const again = await call(owner, 'POST', `/api/goals/${created.id}/progress`, { amount: 2 });
    expect(again.json()).toMatchObject({ progress: 2, periodsCompleted: 1 });

    expect(
      (await call(app.other, 'POST', `/api/goals/${created.id}/progress`, {})).statusCode,
    ).toBe(404);
    expect((await call(app.other, 'DELETE', `/api/goals/${created.id}`)).statusCode).toBe(404);
    const bad = await call(owner, 'POST', `/api/goals/${created.id}/progress`, { amount: 0 });
    expect(bad.statusCode).toBe(400);
    expect((await call(owner, 'DELETE', `/api/goals/${created.id}`)).statusCode).toBe(204);
    // The member's own date (UTC for this member) comes with the list, to tell when periods end.
    expect((await call(owner, 'GET', '/api/goals')).json()).toEqual({
      items: [],
      today: utcToday(),
    });
  });

  it('counts lessons and memory reviews towards matching goals', async () => {
    const learner = await createUser(app.t);
    await call(learner, 'POST', '/api/goals', {
      preset: 'complete-lesson-weekly',
      title: 'Lesson',
    });
    await call(learner, 'POST', '/api/goals', { preset: 'memorize-verse-weekly', title: 'Verse' });
    await call(learner, 'POST', '/api/lessons/101-1/complete');
    const verse = await call(learner, 'POST', '/api/memory-verses', {
      reference: 'John 3:16',
      category: 'salvation',
    });
    await call(learner, 'POST', `/api/memory-verses/${verse.json().id}/review`, { rating: 'good' });
    const items = (await call(learner, 'GET', '/api/goals')).json().items;
    expect(items.map((g: { unit: string; status: string }) => [g.unit, g.status]).sort()).toEqual([
      ['lessons', 'completed'],
      ['verses', 'completed'],
    ]);
  });
});

describe('reading plans and daily reading', () => {
  it('lists six plans with durations and suggests the preferred one', async () => {
    const res = (await call(app.member, 'GET', '/api/reading-plans')).json();
    expect(res.items).toHaveLength(6);
    expect(res.active).toBeNull();
    const whole = res.items.find((p: { id: string }) => p.id === 'whole-bible');
    expect(whole).toMatchObject({
      difficulty: 'advanced',
      durations: [90, 180, 365, 730],
      suggestedDuration: 365,
      chapters: 1189,
      books: 66,
    });
  });

  it('has no reading without a plan', async () => {
    const fresh = await createUser(app.t);
    expect((await call(fresh, 'GET', '/api/daily-reading')).json()).toEqual({
      plan: null,
      day: null,
      passages: [],
      translation: null,
      requestedTranslation: null,
      fallback: false,
    });
    expect((await call(fresh, 'POST', '/api/daily-reading/complete')).statusCode).toBe(404);
    expect((await call(fresh, 'POST', '/api/reading-plans/catch-up')).statusCode).toBe(404);
  });

  it('starts a plan, shows today with text, marks it read and counts the chapters', async () => {
    const reader = await createUser(app.t, { isPremium: true });
    await call(reader, 'POST', '/api/goals', { preset: 'read-chapter-daily', title: 'Read daily' });
    expect(
      (await call(reader, 'POST', '/api/reading-plans/gospels/start', { duration: 365 }))
        .statusCode,
    ).toBe(400);
    const started = await call(reader, 'POST', '/api/reading-plans/whole-bible/start', {});
    expect(started.json()).toMatchObject({
      planId: 'whole-bible',
      duration: 365,
      totalDays: 365,
      currentDay: 1,
      expectedDay: 1,
      status: 'on-track',
      readToday: false,
      percent: 0,
    });
    const today = (await call(reader, 'GET', '/api/daily-reading', undefined, 'es')).json();
    expect(today.day).toBe(1);
    expect(today.translation).toBe('RV1909');
    expect(today.passages.map((p: { reference: string }) => p.reference)).toEqual(['Génesis 1-3']);
    const verses = today.passages[0].verses;
    expect(verses[0]).toMatchObject({ chapter: 1, verse: 1 });
    expect(verses.at(-1)).toMatchObject({ chapter: 3, verse: 24 });

    const done = (await call(reader, 'POST', '/api/daily-reading/complete')).json();
    expect(done.chapters).toBe(3);
    expect(done.badgesAwarded).toEqual([]);
    expect(done.plan).toMatchObject({
      currentDay: 2,
      completedDays: 1,
      readToday: true,
      status: 'on-track',
    });
    const next = (await call(reader, 'GET', '/api/daily-reading')).json();
    expect(next.day).toBe(2);
    expect(next.passages[0].reference).toMatch(/^Genesis 4/);
    // Reading ahead once more puts the member ahead of the calendar.
    expect((await call(reader, 'POST', '/api/daily-reading/complete')).json().plan.status).toBe(
      'ahead',
    );
    const [g] = (await call(reader, 'GET', '/api/goals')).json().items;
    expect(g.progress).toBeGreaterThanOrEqual(4);
    expect(g.status).toBe('completed');
  });

  it('catches up by re-planning the rest over the days left', async () => {
    const late = await createUser(app.t);
    await call(late, 'POST', '/api/reading-plans/new-testament/start', { duration: 90 });
    expect((await call(late, 'POST', '/api/reading-plans/catch-up')).statusCode).toBe(409);
    // Started ten days ago, nothing read: day 11 is due, ten days behind.
    await app.t.database.db
      .update(readingPlanRun)
      .set({ startedOn: addDays(utcToday(), -10) })
      .where(eq(readingPlanRun.userId, late.id));
    const behind = (await call(late, 'GET', '/api/reading-plans')).json().active;
    expect(behind).toMatchObject({
      expectedDay: 11,
      currentDay: 1,
      daysBehind: 10,
      status: 'behind',
    });
    const caught = (await call(late, 'POST', '/api/reading-plans/catch-up')).json();
    expect(caught).toMatchObject({
      currentDay: 11,
      daysBehind: 0,
      status: 'on-track',
      totalDays: 90,
      percent: 0,
    });
    // Today now starts where the member stopped (Matthew 1).
    const after = (await call(late, 'GET', '/api/daily-reading')).json();
    expect(after.day).toBe(11);
    expect(after.passages[0].reference).toMatch(/^Matthew 1/);
    // The 80 days left hold the whole New Testament, ending with Revelation 22 on day 90.
    const [run] = await app.t.database.db
      .select()
      .from(readingPlanRun)
      .where(eq(readingPlanRun.userId, late.id));
    const plan = readingPlan('new-testament')!;
    expect(dayBounds(plan, run!, 11)[0]).toBe(0);
    expect(dayBounds(plan, run!, 90)[1]).toBe(plan.totalVerses);
  });

  it('finishes a plan on its last day and stops a plan', async () => {
    const finisher = await createUser(app.t);
    await call(finisher, 'POST', '/api/reading-plans/gospels/start', { duration: 90 });
    await app.t.database.db
      .update(readingPlanRun)
      .set({ currentDay: 90 })
      .where(eq(readingPlanRun.userId, finisher.id));
    const last = (await call(finisher, 'POST', '/api/daily-reading/complete')).json();
    expect(last.plan).toMatchObject({ status: 'finished', percent: 100 });
    expect(last.plan.completedAt).not.toBeNull();
    const res = await call(finisher, 'POST', '/api/daily-reading/complete', undefined, 'es');
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('PLAN_FINISHED');
    expect((await call(finisher, 'GET', '/api/daily-reading')).json()).toMatchObject({
      day: null,
      passages: [],
    });
    expect((await call(finisher, 'DELETE', '/api/reading-plans/active')).statusCode).toBe(204);
    expect((await call(finisher, 'GET', '/api/reading-plans')).json().active).toBeNull();
  });
});

describe('streaks and the dashboard', () => {
  it('returns every section in one call for a new member', async () => {
    const fresh = await createUser(app.t);
    const res = await call(fresh, 'GET', '/api/dashboard');
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d.verseOfTheDay.verses.length).toBeGreaterThan(0);
    expect(d.todaysReading).toBeNull();
    expect(d.streak).toMatchObject({ current: 0, today: false, graceDaysLeft: 2 });
    expect(d.streak.days).toHaveLength(84);
    expect(d.courseProgress.map((c: { id: string; locked: boolean }) => [c.id, c.locked])).toEqual([
      ['101', false],
      ['202', true],
      ['303', true],
    ]);
    expect(d.memoryVerseCount).toEqual({ total: 0, due: 0 });
    expect(d.recentActivity).toEqual([]);
    expect(d.quickActions.map((a: { id: string }) => a.id)).toEqual([
      'continue-lesson',
      'choose-plan',
      'review-verses',
      'pray',
      'journal',
      'study',
    ]);
  });

  it('counts a day for each kind of practice, keeps a streak through a grace day and awards 7-Day Streak', async () => {
    const faithful = await createUser(app.t);
    await call(faithful, 'POST', '/api/journal', { content: 'Thankful.', title: 'Morning' });
    const today = utcToday();
    // Six earlier active days, with one missed day in between (a grace day).
    const earlier = [1, 2, 4, 5, 6, 7].map((n) => addDays(today, -n));
    await app.t.database.db
      .insert(activityDay)
      .values(earlier.map((day) => ({ userId: faithful.id, day, count: 2 })));
    // Any activity re-checks the streak: now 7 active days, and the answer names the badge.
    const prayed = await call(faithful, 'POST', '/api/prayer-sessions', { minutes: 10 });
    expect(prayed.json().badgesAwarded).toEqual(['seven-day-streak']);
    const verse = await call(faithful, 'POST', '/api/memory-verses', {
      reference: 'Psalm 23:1',
      category: 'peace',
    });
    await call(faithful, 'POST', `/api/memory-verses/${verse.json().id}/review`, {
      rating: 'easy',
    });
    const badges = (await call(faithful, 'GET', '/api/badges')).json();
    expect(JSON.stringify(badges)).toContain('seven-day-streak');

    const d = (await call(faithful, 'GET', '/api/dashboard', undefined, 'es')).json();
    expect(d.streak).toMatchObject({ current: 7, today: true, graceDaysLeft: expect.any(Number) });
    const heat = new Map(
      d.streak.days.map((x: { date: string; count: number; grace: boolean }) => [x.date, x]),
    );
    expect(heat.get(today)).toMatchObject({ count: 3, grace: false });
    expect(heat.get(addDays(today, -3))).toMatchObject({ count: 0, grace: true });
    expect(d.recentActivity.map((a: { kind: string }) => a.kind)).toEqual([
      'memory',
      'prayer',
      'journal',
    ]);
    expect(d.recentActivity[0]).toMatchObject({ label: 'Salmo 23:1', href: '/memory-verses' });
    expect(d.recentActivity[1]).toMatchObject({ amount: 10, href: '/prayer' });
    expect(d.recentActivity[2]).toMatchObject({ label: 'Morning', href: '/journal' });
    expect(d.memoryVerseCount.total).toBe(1);
    const log = await app.t.database.db
      .select()
      .from(activity)
      .where(and(eq(activity.userId, faithful.id), eq(activity.kind, 'journal')));
    expect(log).toHaveLength(1);
  });

  it('reads further back for a streak longer than the first window', async () => {
    const veteran = await createUser(app.t);
    const today = utcToday();
    await app.t.database.db.insert(activityDay).values(
      Array.from({ length: 450 }, (_, i) => ({
        userId: veteran.id,
        day: addDays(today, -1 - i),
      })),
    );
    const d = (await call(veteran, 'GET', '/api/dashboard')).json();
    expect(d.streak).toMatchObject({ current: 450, today: false, graceDaysLeft: 2 });
    expect(d.streak.days.filter((x: { count: number }) => x.count > 0)).toHaveLength(83);
  });

  it("shows today's reading and puts what is waiting first", async () => {
    const reader = await createUser(app.t);
    await call(reader, 'POST', '/api/reading-plans/psalms-proverbs/start', { duration: 90 });
    const d = (await call(reader, 'GET', '/api/dashboard')).json();
    expect(d.todaysReading).toMatchObject({
      planId: 'psalms-proverbs',
      references: ['Psalms 1-4'],
    });
    expect(d.quickActions[0]).toMatchObject({ id: 'daily-reading', href: '/daily-reading' });
    await call(reader, 'POST', '/api/daily-reading/complete');
    const after = (await call(reader, 'GET', '/api/dashboard')).json();
    expect(after.quickActions[0].id).toBe('continue-lesson');
    expect(after.recentActivity[0]).toMatchObject({
      kind: 'reading',
      amount: 4,
      label: 'Psalms 1-4',
    });
  });
});
