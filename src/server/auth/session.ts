import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Database } from '../db/client.ts';
import { cookieNameVariants, type SessionCookieNames } from './cookies.ts';
import {
  ACTIVITY_WRITE_EVERY_MS,
  endStaleSession,
  idleCutoff,
  memoDeadline,
  recordActivity,
} from './idle.ts';
import { billingSubscription, passkey, session, user } from '../db/schema.ts';
import { listenAcrossInstances, type InstanceChannel } from '../redis.ts';
import { LIVE_STATUSES, premiumEntitlement } from '../subscription/entitlement.ts';
import {
  preferencesOf,
  type CurrentUser,
  type Role,
  type UserPreferences,
} from '#shared/schemas/user.ts';

export { SESSION_COOKIE } from './cookies.ts';

/** A better-auth signed cookie's value (`value.base64(HMAC-SHA256(secret, value))`), or null. */
export function unsignCookie(raw: string | undefined, secret: string): string | null {
  if (!raw) return null;
  const dot = raw.lastIndexOf('.');
  if (dot < 1) return null;
  const value = raw.slice(0, dot);
  const signature = Buffer.from(raw.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(value).digest();
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
  return value;
}

/** The first of the names (ADR 0042) a cookie is found under. */
const firstOf = (cookies: Record<string, string | undefined>, names: string[]) =>
  names.map((name) => cookies[name]).find((value) => value !== undefined);

/**
 * The identifier of a pending two-step sign-in (better-auth's two-factor plugin: password
 * checked, code not yet), from its signed cookie (or null).
 */
export const pendingSecondStep = (cookies: Record<string, string | undefined>, secret: string) =>
  unsignCookie(firstOf(cookies, cookieNameVariants('two_factor')), secret);

/** Whether the request carries a session cookie at all (valid or not): no database read. */
export const hasSessionCookie = (request: { cookies?: Record<string, string | undefined> }) =>
  Boolean(firstOf(request.cookies ?? {}, cookieNameVariants('session_token')));

export interface SessionUser {
  id: string;
  email: string;
  /** The address was confirmed by its link (ADR 0040). */
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  ageVerified: boolean;
  role: Role;
  /** Derived by `premiumEntitlement` (a live subscription or an admin's grant) at lookup. */
  isPremium: boolean;
  /** Sign-in asks for a code from an authenticator app (better-auth's two-factor plugin). */
  twoFactorEnabled: boolean;
  /**
   * The member has a passkey: sign-in asks for it (ADR 0044). A second factor either way
   * (this or `twoFactorEnabled`) opens the admin routes to an admin.
   */
  hasPasskey: boolean;
  preferences: UserPreferences;
  createdAt: Date;
  sessionId: string;
}

/** Redis channel on which instances tell each other to forget a member's sessions. */
export const SESSION_CHANNEL = 'camino:session:forget';

/**
 * A very short-lived, per-process memo of session lookups (docs/decisions/0008). A change to a
 * member's sessions or account forgets that member's entries, here and (with Redis) on every
 * other instance at once; without Redis, another instance's change is seen within `ttlMs`.
 * Nothing forgets every member at once: one member's sign-out, in a loop or not, costs the
 * others nothing.
 */
export class SessionCache {
  private readonly entries = new Map<
    string,
    { user: SessionUser; until: number; expiresAt: number }
  >();
  /** Each member's tokens in `entries`: forgetting a member reads only theirs. */
  private readonly byUser = new Map<string, Set<string>>();
  private channel: InstanceChannel | null = null;
  constructor(
    readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get(token: string, now: number): SessionUser | undefined {
    const hit = this.entries.get(token);
    if (!hit) return undefined;
    if (hit.until <= now || hit.expiresAt <= now) {
      this.delete(token);
      return undefined;
    }
    return hit.user;
  }

  set(token: string, user: SessionUser, expiresAt: Date, now: number): void {
    if (this.ttlMs <= 0) return;
    this.delete(token);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.delete(oldest);
    }
    this.entries.set(token, { user, until: now + this.ttlMs, expiresAt: expiresAt.getTime() });
    const tokens = this.byUser.get(user.id);
    if (tokens) tokens.add(token);
    else this.byUser.set(user.id, new Set([token]));
  }

  /** Forget every cached session of one member (their data or sessions changed), everywhere. */
  forgetUser(userId: string): void {
    if (this.ttlMs <= 0) return;
    this.drop(userId);
    this.channel?.publish(userId);
  }

  /**
   * With several instances, Redis carries `forgetUser` to all of them. While the link is down
   * their changes go unheard: what is kept then lasts `ttlMs` at most, as without Redis.
   */
  connect(redis: Redis): void {
    if (this.ttlMs <= 0) return;
    this.channel = listenAcrossInstances(redis, SESSION_CHANNEL, (userId) => this.drop(userId));
  }

  /** True while other instances' `forgetUser` reaches this one. */
  get linked(): boolean {
    return this.channel?.linked ?? false;
  }

  disconnect(): void {
    this.channel?.disconnect();
    this.channel = null;
  }

  get size(): number {
    return this.entries.size;
  }

  private drop(userId: string): void {
    for (const token of this.byUser.get(userId) ?? []) this.entries.delete(token);
    this.byUser.delete(userId);
  }

  private delete(token: string): void {
    const hit = this.entries.get(token);
    if (!hit) return;
    this.entries.delete(token);
    const tokens = this.byUser.get(hit.user.id);
    tokens?.delete(token);
    if (tokens?.size === 0) this.byUser.delete(hit.user.id);
  }
}

/**
 * Reads better-auth's signed session cookie (`token.base64(HMAC-SHA256(secret, token))`)
 * and loads the session with its user in one query. Equivalent to better-auth's
 * getSession for our absolute-lifetime sessions, without its extra round trips.
 */
export function createSessionResolver(
  db: Database,
  secret: string,
  cache: SessionCache,
  graceDays: number,
  names: SessionCookieNames,
  /** A session unused this long has ended (ADR 0041). */
  idleSeconds: number,
) {
  // The member's subscriptions that may still open premium, as JSON: the decision itself is
  // premiumEntitlement's (one function), this only keeps the lookup to one query.
  const s = billingSubscription;
  const subscriptions = sql<SubscriptionRow[] | null>`(select json_agg(json_build_object(
      'status', ${s.status}, 'currentPeriodEnd', ${s.currentPeriodEnd},
      'cancelAtPeriodEnd', ${s.cancelAtPeriodEnd}, 'endedAt', ${s.endedAt},
      'pastDueSince', ${s.pastDueSince}))
    from ${s} where ${s.userId} = ${user.id}
      and ${s.status} in (${sql.join(
        LIVE_STATUSES.map((x) => sql`${x}`),
        sql`, `,
      )}))`;
  const lookup = db
    .select({
      sessionId: session.id,
      sessionExpiresAt: session.expiresAt,
      sessionUsedAt: session.updatedAt,
      id: user.id,
      email: user.email,
      emailVerified: user.emailVerified,
      firstName: user.firstName,
      lastName: user.lastName,
      ageVerified: user.ageVerified,
      role: user.role,
      granted: user.isPremium,
      twoFactorEnabled: user.twoFactorEnabled,
      hasPasskey: sql<boolean>`exists(select 1 from ${passkey} where ${passkey.userId} = ${user.id})`,
      subscriptions,
      preferences: user.preferences,
      createdAt: user.createdAt,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(
      and(
        eq(session.token, sql.placeholder('token')),
        gt(session.expiresAt, sql`now()`),
        gt(session.updatedAt, idleCutoff(idleSeconds)),
        // A locked member's sessions are deleted when locked; this holds even before that.
        isNull(user.lockedAt),
      ),
    )
    .limit(1)
    .prepare('session_lookup');

  return async function resolve(
    cookies: Record<string, string | undefined>,
  ): Promise<SessionUser | null> {
    // Only the deployment's own name: over HTTPS a cookie without the __Host- prefix could have
    // been planted by another site (ADR 0042).
    const token = unsignCookie(cookies[names.current], secret);
    if (!token) return null;
    const now = Date.now();
    const cached = cache.get(token, now);
    if (cached) return cached;
    const [row] = await lookup.execute({ token });
    if (!row) {
      await endStaleSession(db, token, idleSeconds);
      return null;
    }
    const { sessionExpiresAt, sessionUsedAt, granted, subscriptions: subs, ...fields } = row;
    let usedAt = sessionUsedAt.getTime();
    if (now - usedAt >= ACTIVITY_WRITE_EVERY_MS) {
      await recordActivity(db, fields.sessionId);
      usedAt = now;
    }
    const found: SessionUser = {
      ...fields,
      isPremium: premiumEntitlement(
        { granted, subscriptions: (subs ?? []).map(subscriptionFacts) },
        new Date(now),
        graceDays,
      ).premium,
      preferences: preferencesOf(fields.preferences),
    };
    // The memo never outlives the session: its lifetime, nor its idle limit (ADR 0008, 0041).
    cache.set(token, found, memoDeadline(sessionExpiresAt, usedAt, idleSeconds), now);
    return found;
  };
}

interface SubscriptionRow {
  status: string;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  endedAt: string | null;
  pastDueSince: string | null;
}

const dateOrNull = (v: string | null) => (v ? new Date(v) : null);

const subscriptionFacts = (r: SubscriptionRow) => ({
  status: r.status,
  currentPeriodEnd: dateOrNull(r.currentPeriodEnd),
  cancelAtPeriodEnd: r.cancelAtPeriodEnd,
  endedAt: dateOrNull(r.endedAt),
  pastDueSince: dateOrNull(r.pastDueSince),
});

export function toCurrentUser(u: SessionUser): CurrentUser {
  return {
    id: u.id,
    email: u.email,
    emailVerified: u.emailVerified,
    firstName: u.firstName,
    lastName: u.lastName,
    ageVerified: u.ageVerified,
    role: u.role,
    isPremium: u.isPremium,
    twoFactorEnabled: u.twoFactorEnabled,
    hasPasskey: u.hasPasskey,
    preferences: u.preferences,
    createdAt: u.createdAt.toISOString(),
  };
}
