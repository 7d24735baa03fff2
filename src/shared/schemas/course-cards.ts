import type { Language } from '../constants.ts';
import type { CourseId } from '../values/course.ts';

/**
 * The courses as the public pages describe them, read from content/courses at build time
 * (scripts/build/courses.ts, module `virtual:camino/courses`): the lesson counts and texts are
 * the content's, never repeated in the strings.
 */
export interface CourseCard {
  id: CourseId;
  premium: boolean;
  /** The number of lessons in content/courses/<id>. */
  lessons: number;
  text: Record<Language, { title: string; description: string }>;
}

export interface CoursesModule {
  COURSES: CourseCard[];
  LESSONS: Record<CourseId, number>;
  TOTAL_LESSONS: number;
  COURSE_TITLES: Record<Language, Record<CourseId, string>>;
}
