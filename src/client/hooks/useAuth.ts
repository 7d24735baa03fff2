import { useQuery } from '@tanstack/react-query';
import { CURRENT_USER_KEY, sessionQuery } from '../lib/auth-api.ts';

export { CURRENT_USER_KEY };

/** The session: authenticated when the session check (GET /api/session) returns data (SPEC §4, §7). */
export function useAuth() {
  const { data, isLoading } = useQuery(sessionQuery);
  return { user: data ?? null, isLoading, isAuthenticated: !!data };
}
