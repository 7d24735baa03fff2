/**
 * Lessons read from the offline pack (issue 40, docs/decisions/0070): with no network and no
 * copy of the server's answer kept, the worker answers `GET /api/lessons/:id` and
 * `GET /api/courses/:id` from the downloaded course, in the language asked, with each Scripture's
 * text from the downloaded Bible of that language. The answer is the route's, marked `onDevice`:
 * the member's own answer and progress live on the server, so the page says they will show (and
 * can be written) once the network is back, and writes nothing over them meanwhile.
 */
import type { CoursePart, PackScripture } from '../../shared/values/offline.ts';
import {
  PACK_CACHE,
  partUrl,
  readIndex,
  readPart,
  type PackIndex,
} from '../features/offline/pack.ts';
import { packAnswer, packRanges } from './offline-bible.ts';

export const LESSON_PATH = /^\/api\/lessons\/([A-Za-z0-9-]{1,20})$/;
export const COURSE_PATH = /^\/api\/courses\/([A-Za-z0-9-]{1,20})$/;

type Language = 'en' | 'es';
type IndexCourse = NonNullable<PackIndex['courses']>[number];

async function coursePart(course: IndexCourse, lessonId: string): Promise<CoursePart | null> {
  const at = course.lessons.indexOf(lessonId);
  const holding = course.parts.find(
    (p) => course.lessons.indexOf(p.from) <= at && at <= course.lessons.indexOf(p.to),
  );
  if (at < 0 || !holding) return null;
  const stored = await caches.match(partUrl(holding.id), { cacheName: PACK_CACHE });
  return stored ? readPart(new Uint8Array(await stored.arrayBuffer()), 'course') : null;
}

/** A Scripture's text from the downloaded Bible of the language, or null without one. */
async function scriptureText(
  index: PackIndex,
  scripture: PackScripture,
  lang: Language,
): Promise<{ reference: string; text: string | null; translation: string | null }> {
  const reference = scripture.shown[lang];
  const bible = index.bibles.find((b) => b.language === lang);
  if (!bible || !scripture.ranges) return { reference, text: null, translation: null };
  const verses = await packRanges(bible, scripture.ranges, lang);
  if (!verses) return { reference, text: null, translation: null };
  return { reference, text: verses.map((v) => v.text).join(' '), translation: bible.code };
}

/** The lesson route's answer from the download, or null when the lesson is not on the phone. */
export async function packLesson(pathname: string, lang: Language): Promise<Response | null> {
  const id = LESSON_PATH.exec(pathname)?.[1];
  const index = id ? await readIndex() : null;
  const course = index?.courses?.find((c) => c.lessons.includes(id!));
  if (!index || !course) return null;
  const read = await coursePart(course, id!);
  const lesson = read?.lessons.find((l) => l.id === id);
  if (!read || !lesson) return null;
  const at = course.lessons.indexOf(lesson.id);
  const text = lesson.text[lang];
  const [key, ...more] = await Promise.all(
    [lesson.keyScripture, ...lesson.additionalScriptures].map((s) => scriptureText(index, s, lang)),
  );
  return packAnswer({
    id: lesson.id,
    courseId: course.id,
    courseTitle: read.course.text[lang].title,
    order: lesson.order,
    lessonCount: course.lessons.length,
    title: text.title,
    summary: text.summary,
    track: lesson.track,
    bodyHtml: text.bodyHtml,
    keyScripture: key,
    additionalScriptures: more,
    reflectionQuestions: text.reflectionQuestions,
    practicePrompt: text.practicePrompt,
    response: '',
    status: 'available',
    previousLessonId: course.lessons[at - 1] ?? null,
    nextLessonId: course.lessons[at + 1] ?? null,
    onDevice: true,
  });
}

/** The course route's answer from the download (every lesson open), or null. */
export async function packCourse(pathname: string, lang: Language): Promise<Response | null> {
  const id = COURSE_PATH.exec(pathname)?.[1];
  const index = id ? await readIndex() : null;
  const course = index?.courses?.find((c) => c.id === id);
  const first = course?.lessons[0];
  const read = course && first ? await coursePart(course, first) : null;
  if (!read) return null;
  const text = read.course.text[lang];
  return packAnswer({
    id: read.course.id,
    title: text.title,
    subtitle: text.subtitle,
    description: text.description,
    premium: read.course.premium,
    locked: false,
    tracks: text.tracks,
    lessons: read.course.lessons.map((l) => ({
      id: l.id,
      order: l.order,
      title: l.title[lang],
      summary: l.summary[lang],
      track: l.track,
      status: 'available',
    })),
    onDevice: true,
  });
}
