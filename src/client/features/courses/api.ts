import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Badge, LessonStatus } from '#shared/schemas/course.ts';
import { toast } from '../../hooks/use-toast.ts';
import { apiRequest, errorMessage } from '../../lib/queryClient.ts';

// ── Query keys (a key is the URL's segments: the default loader joins them with "/") ──

export const COURSES_KEY = ['/api/courses'] as const;
export const courseKey = (id: string) => [COURSES_KEY[0], id] as const;
export const lessonKey = (id: string) => ['/api/lessons', id] as const;
export const BADGES_KEY = ['/api/badges'] as const;

/** After a lesson is completed: courses, lessons and badges. */
export function invalidateCourses(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (q) => /^\/api\/(courses|lessons|badges)/.test(String(q.queryKey[0])),
  });
}

// ── Types of the answers ──

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
  /**
   * Read from the course downloaded to this device, with no network (src/client/sw/
   * offline-courses.ts): every lesson open, the member's progress unknown until online.
   */
  onDevice?: boolean;
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
  /** The teaching as HTML, rendered by the server from the team's Markdown. */
  bodyHtml: string;
  keyScripture: Scripture;
  additionalScriptures: Scripture[];
  reflectionQuestions: string[];
  practicePrompt: string;
  response: string;
  status: LessonStatus;
  previousLessonId: string | null;
  nextLessonId: string | null;
  /**
   * Read from the course downloaded to this device, with no network: the member's answer and
   * progress stay on the server, so nothing is written over them until the network is back.
   */
  onDevice?: boolean;
}

export interface AwardedBadge {
  badge: Badge;
  awardedAt: string;
}

export interface CompleteResult {
  nextLessonId: string | null;
  courseCompleted: boolean;
  curriculumCompleted: boolean;
  badgesAwarded: Badge[];
}

// ── Queries ──

export const useCourses = () => useQuery<CourseSummary[]>({ queryKey: COURSES_KEY });
export const useCourse = (id: string) => useQuery<CourseDetail>({ queryKey: courseKey(id) });
export const useLesson = (id: string) => useQuery<LessonDetail>({ queryKey: lessonKey(id) });
export const useBadges = () => useQuery<AwardedBadge[]>({ queryKey: BADGES_KEY });

// ── Mutations ──

/** The practice response, saved as the member types (callbacks drive the "Saving…" line). */
export function useSaveLessonResponse(
  lessonId: string,
  on: { saving: () => void; saved: (response: string) => void; failed: () => void },
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (response: string) =>
      apiRequest('PUT', `/api/lessons/${lessonId}/response`, { response }),
    // One save at a time, in order: a retried save never lands after a newer one.
    scope: { id: `lesson-response:${lessonId}` },
    onMutate: () => on.saving(),
    onSuccess: (_res, response) => {
      on.saved(response);
      queryClient.setQueryData<LessonDetail>(lessonKey(lessonId), (old) =>
        old
          ? { ...old, response, status: old.status === 'completed' ? 'completed' : 'in_progress' }
          : old,
      );
    },
    onError: (error) => {
      on.failed();
      toast({
        title: t('courses.errors.saveResponse'),
        description: errorMessage(error, t),
        variant: 'destructive',
      });
    },
  });
}

const ENCOURAGEMENTS = ['m1', 'm2', 'm3', 'm4', 'm5'] as const;

/**
 * Completes a lesson: a congratulation (or an encouragement with any new badges), then the
 * courses, lessons and badges are refreshed before `onCompleted` moves on.
 */
export function useCompleteLesson(
  id: string,
  lesson: LessonDetail | undefined,
  onCompleted: (result: CompleteResult, lesson: LessonDetail) => void,
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      // A lesson completed twice is completed once: safe to send again.
      (
        await apiRequest('POST', `/api/lessons/${id}/complete`, undefined, { idempotent: true })
      ).json() as Promise<CompleteResult>,
    onSuccess: async (result) => {
      const data = lesson!;
      const badges = result.badgesAwarded.map((b) => t(`courses.badges.${b}`)).join(' · ');
      const encouragement = t(
        `courses.encouragement.${ENCOURAGEMENTS[Math.floor(Math.random() * ENCOURAGEMENTS.length)]}`,
      );
      if (result.courseCompleted && !result.nextLessonId) {
        toast({
          title: t('courses.congratulations.title'),
          description: [t('courses.congratulations.course', { course: data.courseTitle }), badges]
            .filter(Boolean)
            .join(' '),
        });
      } else {
        toast({
          title: encouragement,
          description: badges ? `${t('courses.badges.title')}: ${badges}` : undefined,
        });
      }
      await invalidateCourses(queryClient);
      onCompleted(result, data);
    },
    onError: (error) =>
      toast({
        title: t('courses.errors.completeLesson'),
        description: errorMessage(error, t),
        variant: 'destructive',
      }),
  });
}
