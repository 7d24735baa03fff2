import type { ReflectionAudience, SharedReflection } from '#shared/groups.ts';
import { apiRequest } from '../../lib/queryClient.ts';
import { readJson, useGroupWrite } from './queries.ts';

// ── Sharing a lesson's reflection with a group (the lesson page; strings in `groupShare`) ──

/** `audience`: the readers the member was shown on the button they pressed. */
export function useShareReflection(id: string) {
  return useGroupWrite(
    ({ lessonId, audience }: { lessonId: string; audience: ReflectionAudience }) =>
      readJson<SharedReflection>(
        apiRequest(
          'POST',
          `/api/groups/${id}/reflections`,
          { lessonId, audience },
          { idempotent: true },
        ),
      ),
    { done: 'groupShare.shared', failed: 'groupShare.shareFailed' },
  );
}

export function useUnshareReflection(id: string) {
  return useGroupWrite(
    (reflectionId: string) => apiRequest('DELETE', `/api/groups/${id}/reflections/${reflectionId}`),
    { done: 'groupShare.unshared', failed: 'groupShare.unshareFailed' },
  );
}

/** The author widens their reflection to the group's members, or keeps it to the leaders. */
export function useReflectionAudience(id: string) {
  return useGroupWrite(
    ({ reflectionId, audience }: { reflectionId: string; audience: ReflectionAudience }) =>
      apiRequest('PUT', `/api/groups/${id}/reflections/${reflectionId}/audience`, { audience }),
    {
      done: (_, input) =>
        input.audience === 'members' ? 'groupShare.widened' : 'groupShare.narrowed',
      failed: 'groupShare.audienceFailed',
    },
  );
}
