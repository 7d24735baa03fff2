import type { SharedReflection } from '#shared/groups.ts';
import { apiRequest } from '../../lib/queryClient.ts';
import { readJson, useGroupWrite } from './queries.ts';

// ── Sharing a lesson's reflection with a group (the lesson page; strings in `groupShare`) ──

export function useShareReflection(id: string) {
  return useGroupWrite(
    (lessonId: string) =>
      readJson<SharedReflection>(
        apiRequest('POST', `/api/groups/${id}/reflections`, { lessonId }, { idempotent: true }),
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
