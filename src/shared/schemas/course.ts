import { z } from 'zod';
import { COURSE_IDS, TRACKS } from '../values/course.ts';
export * from '../values/course.ts';

/** course.<lang>.yaml */
export const courseFileSchema = z
  .object({
    id: z.enum(COURSE_IDS),
    title: z.string().min(3).max(120),
    subtitle: z.string().min(3).max(200),
    description: z.string().min(40).max(1500),
    tracks: z.array(z.object({ id: z.enum(TRACKS), name: z.string().min(2).max(60) })).optional(),
  })
  .strict();
export type CourseFile = z.infer<typeof courseFileSchema>;

const countWords = (text: string) =>
  (text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? []).length;

/** The front matter and teaching of one <lessonId>.<lang>.md file (content/courses/FORMAT.md). */
export const lessonFileSchema = z
  .object({
    id: z.string().regex(/^(101-([1-9]|1[0-8])|(202|303)-([1-9]|10))$/),
    order: z.number().int().min(1).max(18),
    track: z.enum(TRACKS).optional(),
    title: z.string().min(3).max(120),
    summary: z.string().min(20).max(400),
    keyScripture: z.string().min(3).max(60),
    additionalScriptures: z.array(z.string().min(3).max(60)).min(2).max(5),
    reflectionQuestions: z.array(z.string().min(10).max(400)).min(3).max(5),
    practicePrompt: z.string().min(20).max(800),
    body: z.string().refine((b) => countWords(b) >= 500 && countWords(b) <= 1000, {
      message: 'teaching must be 500–1,000 words',
    }),
  })
  .strict();
export type LessonFile = z.infer<typeof lessonFileSchema>;

export { countWords };
