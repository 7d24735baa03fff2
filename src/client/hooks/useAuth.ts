import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '#shared/schemas/user.ts';
import { CURRENT_USER_KEY, fetchSession } from '../lib/auth-api.ts';

export { CURRENT_USER_KEY };

/** The session: authenticated when GET /api/auth/user returns data (SPEC §4, §7). */
export function useAuth() {
  const { data, isLoading } = useQuery<CurrentUser | null>({
    queryKey: CURRENT_USER_KEY,
    queryFn: fetchSession,
    retry: false,
    staleTime: 5 * 60 * 1000,
  });
  return { user: data ?? null, isLoading, isAuthenticated: !!data };
}
