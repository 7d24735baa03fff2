import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { activityDay } from '#server/db/schema.ts';
import { addDays } from '#shared/values/time.ts';
import { createUser, useTestApp } from '../helpers/app.ts';

const app = useTestApp({ bibles: true }, { member: {}, premium: { isPremium: true } });
const call = app.call;

describe('courses', () => {
  it('lists the three courses with progress and the premium lock', async () => {
    const res = await call(app.member, 'GET', '/api/courses');
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .map(
          (c: {
            id: string;
            lessonCount: number;
            locked: boolean;
            nextLessonId: string | null;
          }) => [c.id, c.lessonCount, c.locked, c.nextLessonId],
        ),
    ).toEqual([
      ['101', 18, false, '101-1'],
      ['202', 10, true, null],
      ['303', 10, true, null],
    ]);
    const es = (await call(app.member, 'GET', '/api/courses', undefined, 'es')).json();
    expect(es[0].title).toBe('Cristianismo 101: Fundamentos');
  });

  it('shows a premium course as a preview to a non-subscriber, and opens it to premium', async () => {
    const preview = (await call(app.member, 'GET', '/api/courses/303')).json();
    expect(preview.locked).toBe(true);
    expect(preview.lessons).toHaveLength(10);
    expect(
      preview.lessons.every(
        (l: { status: string; title: string }) => l.status === 'locked' && l.title,
      ),
    ).toBe(true);
    expect(preview.tracks.map((x: { id: string }) => x.id)).toEqual([
      'evangelism',
      'apologetics',
      'discipleship',
      'leadership',
      'eschatology',
    ]);
    const open = (await call(app.premium, 'GET', '/api/courses/303')).json();
    expect(open.locked).toBe(false);
    expect(open.lessons[0].status).toBe('available');
    expect(open.lessons[1].status).toBe('locked');
    expect((await call(app.member, 'GET', '/api/courses/999')).statusCode).toBe(404);
  });

  it('refuses premium lessons to non-subscribers with a clear body', async () => {
    const res = await call(app.member, 'GET', '/api/lessons/202-1');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: 'PREMIUM_REQUIRED',
      message: 'This course is part of Premium. Subscribe to Access.',
    });
    expect((await call(app.member, 'POST', '/api/lessons/303-1/complete')).statusCode).toBe(403);
  });
});

describe('lessons', () => {
  it('serves a lesson with scripture text in the reader language', async () => {
    const res = await call(app.member, 'GET', '/api/lessons/101-1', undefined, 'es');
    expect(res.statusCode).toBe(200);
    const lesson = res.json();
    expect(lesson).toMatchObject({
      id: '101-1',
      courseId: '101',
      order: 1,
      lessonCount: 18,
      status: 'available',
      previousLessonId: null,
      nextLessonId: '101-2',
    });
    expect(lesson.keyScripture.translation).toBe('RV1909');
    expect(lesson.keyScripture.text.length).toBeGreaterThan(20);
    expect(lesson.additionalScriptures.length).toBeGreaterThanOrEqual(2);
    expect(lesson.reflectionQuestions.length).toBeGreaterThanOrEqual(3);
    const teaching = lesson.bodyHtml.replace(/<[^>]+>/g, ' ');
    expect(teaching.split(/\s+/).length).toBeGreaterThan(400);
    expect(lesson.bodyHtml).toMatch(/^<(p|h[1-6])>/);
    const en = (await call(app.member, 'GET', '/api/lessons/101-1')).json();
    expect(en.keyScripture.translation).toBe('KJV'); // NKJV preference falls back
  });

  it('locks a lesson until the previous one is completed', async () => {
    const res = await call(app.member, 'GET', '/api/lessons/101-2');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'LESSON_LOCKED', message: 'Complete Previous Lessons' });
    expect((await call(app.member, 'POST', '/api/lessons/101-2/complete')).statusCode).toBe(409);
    expect(
      (await call(app.member, 'PUT', '/api/lessons/101-2/response', { response: 'x' })).statusCode,
    ).toBe(409);
  });

  it('saves the response (in progress), completes, awards First Lesson once, and moves on', async () => {
    const saved = await call(app.member, 'PUT', '/api/lessons/101-1/response', {
      response: 'God is Father, Son and Holy Spirit.',
    });
    expect(saved.statusCode).toBe(200);
    expect((await call(app.member, 'GET', '/api/lessons/101-1')).json()).toMatchObject({
      status: 'in_progress',
      response: 'God is Father, Son and Holy Spirit.',
    });

    const done = await call(app.member, 'POST', '/api/lessons/101-1/complete');
    expect(done.json()).toEqual({
      nextLessonId: '101-2',
      courseCompleted: false,
      curriculumCompleted: false,
      badgesAwarded: ['first-lesson'],
    });
    const again = await call(app.member, 'POST', '/api/lessons/101-1/complete');
    expect(again.json().badgesAwarded).toEqual([]);
    expect((await call(app.member, 'GET', '/api/lessons/101-2')).statusCode).toBe(200);
    const course = (await call(app.member, 'GET', '/api/courses/101')).json();
    expect(course.lessons.slice(0, 3).map((l: { status: string }) => l.status)).toEqual([
      'completed',
      'available',
      'locked',
    ]);
    const badges = (await call(app.member, 'GET', '/api/badges')).json();
    expect(badges.map((b: { badge: string }) => b.badge)).toEqual(['first-lesson']);
  });

  it('awards Complete 101 after the last lesson, with a congratulations flag', async () => {
    const learner = await createUser(app.t);
    let last;
    for (let i = 1; i <= 18; i++)
      last = (await call(learner, 'POST', `/api/lessons/101-${i}/complete`)).json();
    expect(last).toMatchObject({
      nextLessonId: null,
      courseCompleted: true,
      curriculumCompleted: false,
    });
    expect(last.badgesAwarded).toContain('complete-101');
  });

  it('awards 7-Day Streak from the activity log after seven active days in a row', async () => {
    const learner = await createUser(app.t);
    const awarded: string[][] = [];
    for (let i = 1; i <= 7; i++) {
      awarded.push(
        (await call(learner, 'POST', `/api/lessons/101-${i}/complete`)).json().badgesAwarded,
      );
      // Move today's activity back so that lesson i was finished (7 - i) days ago.
      const today = new Date().toISOString().slice(0, 10);
      await app.t.database.db
        .update(activityDay)
        .set({ day: addDays(today, i - 7) })
        .where(and(eq(activityDay.userId, learner.id), eq(activityDay.day, today)));
    }
    // Six days in a row are not enough; the seventh completion earns it, once.
    expect(awarded.slice(0, 6).flat()).not.toContain('seven-day-streak');
    expect(awarded[6]).toContain('seven-day-streak');
    const res = (await call(learner, 'POST', '/api/lessons/101-8/complete')).json();
    expect(res.badgesAwarded).toEqual([]);
  });

  it('validates the response and unknown lessons', async () => {
    expect(
      (
        await call(app.member, 'PUT', '/api/lessons/101-1/response', {
          response: 'x'.repeat(10_001),
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await call(app.member, 'PUT', '/api/lessons/101-1/response', { nope: 1 })).statusCode,
    ).toBe(400);
    expect((await call(app.member, 'GET', '/api/lessons/999-1')).statusCode).toBe(404);
  });

  it("keeps one member's progress from another", async () => {
    const other = await createUser(app.t);
    expect((await call(other, 'GET', '/api/lessons/101-1')).json()).toMatchObject({
      response: '',
      status: 'available',
    });
  });
});
