/**
 * The courses as the public pages describe them (titles, descriptions, lesson counts), made at
 * build time from content/courses (validated by readCourses, the same reader as the server's). A
 * Vite plugin serves them as the module `virtual:camino/courses`, so /course-overview, the landing
 * page and the Premium lists show what the content holds, in the prerendered HTML too (ADR 0013),
 * with no request; nothing in the strings repeats a count that could drift from the lessons.
 *
 * The module's exports are separate constants, so that a page that needs only the counts (the
 * landing page, a premium gate) does not download the descriptions.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { COURSES_DIR, readCourses } from '../../src/server/courses/content.ts';
import type { Language } from '../../src/shared/constants.ts';
import type { CourseCard, CoursesModule } from '../../src/shared/schemas/course-cards.ts';
import type { CourseId } from '../../src/shared/values/course.ts';

export function coursesModuleData(dir = COURSES_DIR): CoursesModule {
  const courses = readCourses(dir);
  const cards: CourseCard[] = courses.map((c) => ({
    id: c.id,
    premium: c.premium,
    lessons: c.lessons.length,
    text: {
      en: { title: c.text.en.title, description: c.text.en.description },
      es: { title: c.text.es.title, description: c.text.es.description },
    },
  }));
  const titles = (lang: Language) =>
    Object.fromEntries(cards.map((c) => [c.id, c.text[lang].title])) as Record<CourseId, string>;
  return {
    COURSES: cards,
    LESSONS: Object.fromEntries(cards.map((c) => [c.id, c.lessons])) as Record<CourseId, number>,
    TOTAL_LESSONS: cards.reduce((n, c) => n + c.lessons, 0),
    COURSE_TITLES: { en: titles('en'), es: titles('es') },
  };
}

const ID = 'virtual:camino/courses';

/** `import { COURSES, LESSONS, TOTAL_LESSONS, COURSE_TITLES } from 'virtual:camino/courses'`. */
export function coursesModule(): Plugin {
  return {
    name: 'camino-courses',
    resolveId: (id) => (id === ID ? `\0${ID}` : undefined),
    load(id) {
      if (id !== `\0${ID}`) return undefined;
      for (const folder of readdirSync(COURSES_DIR, { withFileTypes: true })) {
        if (!folder.isDirectory()) continue;
        for (const file of readdirSync(join(COURSES_DIR, folder.name)))
          this.addWatchFile(join(COURSES_DIR, folder.name, file));
      }
      const data = coursesModuleData();
      return Object.entries(data)
        .map(([name, value]) => `export const ${name} = ${JSON.stringify(value)};`)
        .join('\n');
    },
  };
}
