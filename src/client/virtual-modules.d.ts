/** Modules made at build time by Vite plugins (vite.config.ts). */
declare module 'virtual:camino/gospel' {
  import type { GospelPage } from '#shared/schemas/gospel-page.ts';

  const pages: Record<'en' | 'es', GospelPage>;
  export default pages;
}

/** The courses read from content/courses (scripts/build/courses.ts). */
declare module 'virtual:camino/courses' {
  import type { CoursesModule } from '#shared/schemas/course-cards.ts';

  export const COURSES: CoursesModule['COURSES'];
  export const LESSONS: CoursesModule['LESSONS'];
  export const TOTAL_LESSONS: CoursesModule['TOTAL_LESSONS'];
  export const COURSE_TITLES: CoursesModule['COURSE_TITLES'];
}

/** The loaders of the chunks of strings, per language (scripts/build/strings.ts). */
declare module 'virtual:camino/strings' {
  import type { StringChunk } from '#client/lib/string-chunks.ts';

  type Strings = { [key: string]: string | Strings };
  const loaders: Record<
    'en' | 'es',
    Partial<Record<StringChunk, () => Promise<{ default: Strings }>>>
  >;
  export default loaders;
}
