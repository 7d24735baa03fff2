/**
 * The course values the product names (lists, limits and pure helpers), without Zod: a page that
 * needs only these does not download the validator (the schemas in ../schemas/course.ts re-export them).
 */
export const COURSE_IDS = ['101', '202', '303'] as const;
export type CourseId = (typeof COURSE_IDS)[number];
export const PREMIUM_COURSES: readonly CourseId[] = ['202', '303'];
export const LESSON_COUNTS: Record<CourseId, number> = { '101': 18, '202': 10, '303': 10 };
export const TRACKS = [
  'evangelism',
  'apologetics',
  'discipleship',
  'leadership',
  'eschatology',
] as const;
export const BADGES = ['first-lesson', 'seven-day-streak', 'complete-101'] as const;
export type Badge = (typeof BADGES)[number];
export const LESSON_STATUSES = ['completed', 'in_progress', 'available', 'locked'] as const;
export type LessonStatus = (typeof LESSON_STATUSES)[number];
