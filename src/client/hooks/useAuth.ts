import { useQuery } from '@tanstack/react-query';
import { CURRENT_USER_KEY, sessionQuery } from '../lib/auth-api.ts';

export { CURRENT_USER_KEY };

/** The session: authenticated when GET /api/auth/user returns data (SPEC §4, §7). */
export function useAuth() {
  const { data, isLoading } = useQuery(sessionQuery);
  return { user: data ?? null, isLoading, isAuthenticated: !!data };
}
