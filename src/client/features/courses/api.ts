import { useQuery } from '@tanstack/react-query';
import type { LessonStatus } from '#shared/schemas/course.ts';

export interface CourseSummary {
  id: string;
  title: string;
  subtitle: string;
  description: string;
  premium: boolean;
  locked: boolean;
  lessonCount: number;
  completedCount: number;
  nextLessonId: string | null;
}

export interface CourseDetail extends Omit<
  CourseSummary,
  'lessonCount' | 'completedCount' | 'nextLessonId'
> {
  tracks: { id: string; name: string }[];
  lessons: {
    id: string;
    order: number;
    title: string;
    summary: string;
    track: string | null;
    status: LessonStatus;
  }[];
}

export interface Scripture {
  reference: string;
  text: string | null;
  translation: string | null;
}

export interface LessonDetail {
  id: string;
  courseId: string;
  courseTitle: string;
  order: number;
  lessonCount: number;
  title: string;
  summary: string;
  track: string | null;
  body: string;
  keyScripture: Scripture;
  additionalScriptures: Scripture[];
  reflectionQuestions: string[];
  practicePrompt: string;
  response: string;
  status: LessonStatus;
  previousLessonId: string | null;
  nextLessonId: string | null;
}

export const useCourses = () => useQuery<CourseSummary[]>({ queryKey: ['/api/courses'] });
export const useCourse = (id: string) => useQuery<CourseDetail>({ queryKey: ['/api/courses', id] });
export const useLesson = (id: string) => useQuery<LessonDetail>({ queryKey: ['/api/lessons', id] });
