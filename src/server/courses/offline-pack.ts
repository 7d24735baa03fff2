/**
 * The courses of the offline pack (issue 40; docs/decisions/0070): each course cut into parts of
 * whole lessons, in both languages of the interface, with the teaching already rendered and each
 * Scripture's address parsed, so the phone answers a lesson with no server and no parser. Each
 * part carries the course's outline, so any one of them answers the course's page. Content only:
 * a member's answers and progress never go in (the phone keeps those apart, and only online).
 */
import { createHash } from 'node:crypto';
import type { Language } from '#shared/constants.ts';
import type { OfflineManifest } from '#shared/schemas/offline.ts';
import {
  PACK_FORMAT,
  PACK_PART_MAX_BYTES,
  type CoursePart,
  type PackCourseOutline,
  type PackLesson,
  type PackScripture,
} from '#shared/values/offline.ts';
import { formatReference, parseReference } from '../bible/reference.ts';
import { gzip } from '../bible/offline-pack.ts';
import { markdownToHtml } from '../content/markdown.ts';
import type { Course, Lesson } from './content.ts';
import type { CourseCatalog } from './service.ts';

export type ManifestCourse = OfflineManifest['courses'][number];

export interface CoursePack {
  /** Every course, as a manifest lists it (the route leaves out those a member may not open). */
  courses: ManifestCourse[];
  /** Every part of every course by id, with the course it belongs to. */
  parts: ReadonlyMap<string, { bytes: Buffer; course: string }>;
}

const LANGUAGES: Language[] = ['en', 'es'];

function scripture(reference: string): PackScripture {
  const parsed = parseReference(reference, 'en');
  if (!parsed) return { reference, shown: { en: reference, es: reference }, ranges: null };
  return {
    reference,
    shown: {
      en: formatReference(parsed.ranges, 'en'),
      es: formatReference(parsed.ranges, 'es'),
    },
    ranges: parsed.ranges,
  };
}

function packLesson(lesson: Lesson): PackLesson {
  const text = (lang: Language) => {
    const t = lesson.text[lang];
    return {
      title: t.title,
      summary: t.summary,
      bodyHtml: markdownToHtml(t.body),
      reflectionQuestions: t.reflectionQuestions,
      practicePrompt: t.practicePrompt,
    };
  };
  return {
    id: lesson.id,
    order: lesson.order,
    track: lesson.track ?? null,
    text: { en: text('en'), es: text('es') },
    keyScripture: scripture(lesson.keyScripture),
    additionalScriptures: lesson.additionalScriptures.map(scripture),
  };
}

function outline(course: Course): PackCourseOutline {
  const text = (lang: Language) => {
    const t = course.text[lang];
    return {
      title: t.title,
      subtitle: t.subtitle,
      description: t.description,
      tracks: t.tracks ?? [],
    };
  };
  return {
    id: course.id,
    premium: course.premium,
    text: { en: text('en'), es: text('es') },
    lessons: course.lessons.map((l) => ({
      id: l.id,
      order: l.order,
      track: l.track ?? null,
      title: { en: l.text.en.title, es: l.text.es.title },
      summary: { en: l.text.en.summary, es: l.text.es.summary },
    })),
  };
}

/** One course's parts: its lessons in order, as many to a part as fit in PACK_PART_MAX_BYTES. */
export function courseParts(
  course: Course,
): { id: string; bytes: Buffer; from: string; to: string }[] {
  const head = outline(course);
  const part = (lessons: PackLesson[]): CoursePart => ({
    format: PACK_FORMAT,
    kind: 'course',
    course: head,
    lessons,
  });
  const built: { id: string; bytes: Buffer; from: string; to: string }[] = [];
  let current: PackLesson[] = [];
  let fits: Buffer | null = null;
  const close = () => {
    const bytes = fits!;
    built.push({
      id: createHash('sha256').update(bytes).digest('hex'),
      bytes,
      from: current[0]!.id,
      to: current.at(-1)!.id,
    });
    current = [];
    fits = null;
  };
  for (const lesson of course.lessons.map(packLesson)) {
    const bytes = gzip(part([...current, lesson]));
    if (bytes.length <= PACK_PART_MAX_BYTES) {
      current.push(lesson);
      fits = bytes;
      continue;
    }
    if (current.length === 0) throw new Error(`lesson ${lesson.id} alone is over a part`);
    close();
    const alone = gzip(part([lesson]));
    if (alone.length > PACK_PART_MAX_BYTES)
      throw new Error(`lesson ${lesson.id} alone is over a part`);
    current = [lesson];
    fits = alone;
  }
  if (current.length > 0) close();
  return built;
}

const packs = new WeakMap<CourseCatalog, CoursePack>();

/** The courses' part of the pack, built once per catalog (a few milliseconds). */
export function coursePack(catalog: CourseCatalog): CoursePack {
  const kept = packs.get(catalog);
  if (kept) return kept;
  const parts = new Map<string, { bytes: Buffer; course: string }>();
  const courses = catalog.courses.map((course): ManifestCourse => {
    const built = courseParts(course);
    for (const p of built) parts.set(p.id, { bytes: p.bytes, course: course.id });
    return {
      id: course.id,
      premium: course.premium,
      title: Object.fromEntries(LANGUAGES.map((l) => [l, course.text[l].title])) as {
        en: string;
        es: string;
      },
      lessons: course.lessons.map((l) => l.id),
      bytes: built.reduce((sum, p) => sum + p.bytes.length, 0),
      parts: built.map(({ id, bytes, from, to }) => ({ id, bytes: bytes.length, from, to })),
    };
  });
  const pack = { courses, parts };
  packs.set(catalog, pack);
  return pack;
}
