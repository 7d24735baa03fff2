import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  PACK_FORMAT,
  PACK_PART_MAX_BYTES,
  type CoursePart,
  type OfflineManifest,
  type PackLesson,
} from '#shared/schemas/offline.ts';
import { COURSE_IDS, LESSON_COUNTS } from '#shared/values/course.ts';
import type { LessonDetail } from '#client/features/courses/api.ts';
import { useTestApp } from '../helpers/app.ts';

/**
 * The offline pack's courses (issue 40; ADR 0070): each course in parts of whole lessons, both
 * languages, the teaching rendered and every Scripture's address parsed, as the lesson route
 * gives them; a premium course only to a member with a membership; nothing of anyone's progress.
 */
const app = useTestApp({ bibles: true }, { member: {}, premium: { isPremium: true } });

async function manifest(who: 'member' | 'premium'): Promise<OfflineManifest> {
  const res = await app.call(app[who], 'GET', '/api/offline/manifest');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as OfflineManifest;
}

async function lessonsOf(
  who: 'member' | 'premium',
  course: OfflineManifest['courses'][number],
): Promise<{ parts: CoursePart[]; lessons: PackLesson[] }> {
  const parts: CoursePart[] = [];
  for (const listed of course.parts) {
    const res = await app.call(app[who], 'GET', `/api/offline/parts/${listed.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const bytes = res.rawPayload;
    expect(bytes.length).toBe(listed.bytes);
    expect(bytes.length).toBeLessThanOrEqual(PACK_PART_MAX_BYTES);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(listed.id);
    const part = JSON.parse(gunzipSync(bytes).toString('utf8')) as CoursePart;
    expect(part).toMatchObject({ format: PACK_FORMAT, kind: 'course' });
    expect([part.lessons[0]!.id, part.lessons.at(-1)!.id]).toEqual([listed.from, listed.to]);
    parts.push(part);
  }
  return { parts, lessons: parts.flatMap((p) => p.lessons) };
}

describe('the courses of the offline pack', () => {
  it('lists the courses a member may open: the free one, and with a membership all three', async () => {
    expect((await manifest('member')).courses.map((c) => c.id)).toEqual(['101']);
    const all = await manifest('premium');
    expect(all.courses.map((c) => [c.id, c.premium, c.lessons.length])).toEqual(
      COURSE_IDS.map((id) => [id, id !== '101', LESSON_COUNTS[id]]),
    );
    for (const course of all.courses) {
      expect(course.bytes).toBe(course.parts.reduce((sum, p) => sum + p.bytes, 0));
      expect(course.title.en).not.toBe(course.title.es);
    }
    // The three courses together weigh little beside a Bible.
    expect(all.courses.reduce((sum, c) => sum + c.bytes, 0)).toBeLessThan(400_000);
  });

  it('holds every lesson once, in order, as the lesson route gives it, in both languages', async () => {
    const all = await manifest('premium');
    for (const course of all.courses) {
      const { parts, lessons } = await lessonsOf('premium', course);
      expect(lessons.map((l) => l.id)).toEqual(course.lessons);
      // Each part carries the course's outline: any one answers the course's page.
      for (const part of parts) {
        expect(part.course.lessons.map((l) => l.id)).toEqual(course.lessons);
      }
      for (const lang of ['en', 'es'] as const) {
        for (const lesson of [lessons[0]!, lessons.at(-1)!]) {
          const res = await app.call(
            app.premium,
            'GET',
            `/api/lessons/${lesson.id}`,
            undefined,
            lang,
          );
          // A lesson after one not completed is locked by the route: its content is the same.
          if (res.statusCode === 409) continue;
          expect(res.statusCode, res.body).toBe(200);
          const served = res.json() as LessonDetail;
          const text = lesson.text[lang];
          expect({
            title: text.title,
            summary: text.summary,
            bodyHtml: text.bodyHtml,
            reflectionQuestions: text.reflectionQuestions,
            practicePrompt: text.practicePrompt,
            track: lesson.track,
            key: lesson.keyScripture.shown[lang],
            more: lesson.additionalScriptures.map((s) => s.shown[lang]),
          }).toEqual({
            title: served.title,
            summary: served.summary,
            bodyHtml: served.bodyHtml,
            reflectionQuestions: served.reflectionQuestions,
            practicePrompt: served.practicePrompt,
            track: served.track,
            key: served.keyScripture.reference,
            more: served.additionalScriptures.map((s) => s.reference),
          });
        }
      }
      // Every Scripture's address was read: the phone needs no parser.
      const unread = lessons
        .flatMap((l) => [l.keyScripture, ...l.additionalScriptures])
        .filter((s) => !s.ranges);
      expect(unread).toEqual([]);
    }
  });

  it('sends a premium course’s parts only with a membership, and nothing personal in any part', async () => {
    const premium = (await manifest('premium')).courses.find((c) => c.premium)!;
    const refused = await app.call(
      app.member,
      'GET',
      `/api/offline/parts/${premium.parts[0]!.id}`,
      undefined,
      'es',
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('PREMIUM_REQUIRED');
    // The member answers a lesson; the parts sent afterwards are the same bytes.
    const free = (await manifest('member')).courses[0]!;
    const saved = await app.call(app.member, 'PUT', `/api/lessons/${free.lessons[0]}/response`, {
      response: 'A private answer',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const again = await manifest('member');
    expect(again.courses[0]!.parts).toEqual(free.parts);
    const { parts } = await lessonsOf('member', free);
    expect(JSON.stringify(parts)).not.toContain('A private answer');
  });
});
