import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { session, user } from '../db/schema.ts';
import {
  DEFAULT_PREFERENCES,
  type CurrentUser,
  type Role,
  type UserPreferences,
} from '#shared/schemas/user.ts';

export const SESSION_COOKIE = 'better-auth.session_token';
const SECURE_SESSION_COOKIE = `__Secure-${SESSION_COOKIE}`;

export interface SessionUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  ageVerified: boolean;
  role: Role;
  isPremium: boolean;
  preferences: UserPreferences;
  createdAt: Date;
  sessionId: string;
}

/**
 * Reads better-auth's signed session cookie (`token.base64(HMAC-SHA256(secret, token))`)
 * and loads the session with its user in one query. Equivalent to better-auth's
 * getSession for our absolute-lifetime sessions, without its extra round trips.
 */
export function createSessionResolver(db: Database, secret: string) {
  const lookup = db
    .select({
      sessionId: session.id,
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      ageVerified: user.ageVerified,
      role: user.role,
      isPremium: user.isPremium,
      preferences: user.preferences,
      createdAt: user.createdAt,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(and(eq(session.token, sql.placeholder('token')), gt(session.expiresAt, sql`now()`)))
    .limit(1)
    .prepare('session_lookup');

  function verify(raw: string | undefined): string | null {
    if (!raw) return null;
    const dot = raw.lastIndexOf('.');
    if (dot < 1) return null;
    const token = raw.slice(0, dot);
    const signature = Buffer.from(raw.slice(dot + 1), 'base64');
    const expected = createHmac('sha256', secret).update(token).digest();
    if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
    return token;
  }

  return async function resolve(
    cookies: Record<string, string | undefined>,
  ): Promise<SessionUser | null> {
    const token = verify(cookies[SECURE_SESSION_COOKIE] ?? cookies[SESSION_COOKIE]);
    if (!token) return null;
    const [row] = await lookup.execute({ token });
    if (!row) return null;
    return { ...row, preferences: { ...DEFAULT_PREFERENCES, ...row.preferences } };
  };
}

export function toCurrentUser(u: SessionUser): CurrentUser {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    ageVerified: u.ageVerified,
    role: u.role,
    isPremium: u.isPremium,
    preferences: u.preferences,
    createdAt: u.createdAt.toISOString(),
  };
}
