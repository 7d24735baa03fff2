import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { splitFrontMatter } from '../content/front-matter.ts';
import type { Language } from '#shared/constants.ts';
import {
  COURSE_IDS,
  LESSON_COUNTS,
  PREMIUM_COURSES,
  courseFileSchema,
  lessonFileSchema,
  type CourseFile,
  type CourseId,
  type LessonFile,
} from '#shared/schemas/course.ts';
import { fromRoot } from '../paths.ts';

export const COURSES_DIR = fromRoot('content/courses');
const LANGS: Language[] = ['en', 'es'];

export class ContentError extends Error {
  constructor(problems: string[]) {
    super(`Course content is invalid:\n- ${problems.join('\n- ')}`);
    this.name = 'ContentError';
  }
}

export interface Lesson {
  id: string;
  courseId: CourseId;
  order: number;
  track: string | undefined;
  keyScripture: string;
  additionalScriptures: string[];
  text: Record<Language, LessonFile>;
}

export interface Course {
  id: CourseId;
  premium: boolean;
  text: Record<Language, CourseFile>;
  lessons: Lesson[];
}

/**
 * Reads and validates every course and lesson in both languages. Every problem is collected
 * (not just the first), and English and Spanish must agree on ids, order, tracks, references
 * and the number of questions.
 */
export function readCourses(dir = COURSES_DIR): Course[] {
  const problems: string[] = [];
  const courses: Course[] = [];
  for (const id of COURSE_IDS) {
    const folder = join(dir, id);
    const files = new Set(readdirSync(folder));
    const text = {} as Record<Language, CourseFile>;
    for (const lang of LANGS) {
      const name = `course.${lang}.yaml`;
      if (!files.has(name)) {
        problems.push(`${id}/${name} is missing`);
        continue;
      }
      const parsed = courseFileSchema.safeParse(
        parseYaml(readFileSync(join(folder, name), 'utf8')),
      );
      if (!parsed.success)
        problems.push(
          `${id}/${name}: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
        );
      else if (parsed.data.id !== id)
        problems.push(`${id}/${name}: id ${parsed.data.id} does not match its folder`);
      else text[lang] = parsed.data;
    }
    if (text.en && text.es) {
      const tracks = (c: CourseFile) => (c.tracks ?? []).map((t) => t.id).join(',');
      if (tracks(text.en) !== tracks(text.es))
        problems.push(`${id}: tracks differ between en and es`);
    }
    const lessons: Lesson[] = [];
    for (let order = 1; order <= LESSON_COUNTS[id]; order++) {
      const lessonId = `${id}-${order}`;
      const byLang = {} as Record<Language, LessonFile>;
      for (const lang of LANGS) {
        const name = `${lessonId}.${lang}.md`;
        if (!files.has(name)) {
          problems.push(`${id}/${name} is missing`);
          continue;
        }
        try {
          const { data, body } = splitFrontMatter(readFileSync(join(folder, name), 'utf8'));
          const parsed = lessonFileSchema.safeParse({ ...(data as object), body });
          if (!parsed.success) {
            problems.push(
              `${id}/${name}: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
            );
          } else if (parsed.data.id !== lessonId || parsed.data.order !== order) {
            problems.push(
              `${id}/${name}: id/order ${parsed.data.id}/${parsed.data.order} should be ${lessonId}/${order}`,
            );
          } else {
            byLang[lang] = parsed.data;
          }
        } catch (error) {
          problems.push(`${id}/${name}: ${(error as Error).message}`);
        }
      }
      const { en, es } = byLang;
      if (!en || !es) continue;
      const same = (label: string, a: unknown, b: unknown) => {
        if (JSON.stringify(a) !== JSON.stringify(b))
          problems.push(`${lessonId}: ${label} differs between en and es`);
      };
      same('track', en.track, es.track);
      same('keyScripture', en.keyScripture, es.keyScripture);
      same('additionalScriptures', en.additionalScriptures, es.additionalScriptures);
      same(
        'number of reflection questions',
        en.reflectionQuestions.length,
        es.reflectionQuestions.length,
      );
      if (id === '303' && !en.track) problems.push(`${lessonId}: a 303 lesson needs a track`);
      lessons.push({
        id: lessonId,
        courseId: id,
        order,
        track: en.track,
        keyScripture: en.keyScripture,
        additionalScriptures: en.additionalScriptures,
        text: byLang,
      });
    }
    const extra = [...files].filter(
      (f) => f.endsWith('.md') && !/^\d{3}-\d+\.(en|es)\.md$/.test(f),
    );
    if (extra.length) problems.push(`${id}: unexpected files ${extra.join(', ')}`);
    courses.push({ id, premium: PREMIUM_COURSES.includes(id), text, lessons });
  }
  if (problems.length) throw new ContentError(problems);
  return courses;
}
