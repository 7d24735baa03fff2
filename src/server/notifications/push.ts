/**
 * Web Push (RFC 8030/8291/8292) through the `web-push` library. VAPID keys come from the
 * environment, or are generated once and kept in `app_setting`, so every instance signs with
 * the same key (a browser's subscription is bound to the public key it subscribed with).
 * Messages go only to the push services' hosts, at a public address (./push-endpoint.ts).
 */
import type { Agent, AgentOptions } from 'node:https';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { Database, Executor } from '../db/client.ts';
import { appSetting, pushSubscription } from '../db/schema.ts';
import { LruMap } from '#shared/values/lru.ts';
import {
  RefusedAddressError,
  createPushAgent,
  endpointProblem,
  type PushEndpointPolicy,
  type Resolver,
} from './push-endpoint.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const VAPID_SETTING = 'vapid';

/**
 * A VAPID signature (a JWT for one push service's origin) is valid for hours; signing one per
 * message was a tenth of a morning peak's CPU (issue 28). One is kept per push service origin
 * and key, used for an hour of its 12-hour validity, then signed again.
 */
const VAPID_TTL_SECONDS = 12 * 3600;
const VAPID_REUSE_MS = 3600_000;
const VAPID_ORIGINS = 64;

export async function resolveVapidKeys(
  db: Database,
  fromEnv: { publicKey?: string; privateKey?: string },
): Promise<VapidKeys> {
  if (fromEnv.publicKey && fromEnv.privateKey) {
    return { publicKey: fromEnv.publicKey, privateKey: fromEnv.privateKey };
  }
  const generated = webpush.generateVAPIDKeys();
  // Two instances starting together: the first insert wins, both read the same row back.
  await db
    .insert(appSetting)
    .values({ key: VAPID_SETTING, value: { ...generated } })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSetting).where(eq(appSetting.key, VAPID_SETTING));
  const value = row!.value;
  return { publicKey: value.publicKey!, privateKey: value.privateKey! };
}

export interface PushMessage {
  title: string;
  body: string;
  url: string;
  tag: string;
}

/**
 * What happened to one member's message, in counts only: the member is told delivered, not
 * subscribed, or failed, never a network error (which would map what the server can reach).
 */
export interface PushOutcome {
  tried: number;
  delivered: number;
  /** Subscriptions the push service said are gone (404/410): deleted. */
  removed: number;
  /** Not sent: the endpoint or the address it resolved to is not allowed. */
  refused: number;
  /** Sent, and failed (a push service error, a timeout, a network error). */
  failed: number;
}

export type PushSubscriptionRow = typeof pushSubscription.$inferSelect;

export interface PushSendOptions {
  ttlSeconds?: number;
  /** The member's subscriptions, read already (`subscriptionsOf`, for a batch of members). */
  subscriptions?: PushSubscriptionRow[];
  /**
   * Gather the ids of the subscriptions that took the message here instead of writing their
   * success time now: the caller writes a batch of them in one statement (`recordSuccess`).
   */
  succeeded?: string[];
}

/** Push service answers that mean the subscription is gone for good. */
const GONE = new Set([404, 410]);

export interface PushSenderOptions {
  policy: PushEndpointPolicy;
  log: FastifyBaseLogger;
  /** Tests: trust a local push endpoint's self-signed certificate. */
  tls?: Pick<AgentOptions, 'ca' | 'rejectUnauthorized'>;
  /** Tests: a stubbed name resolver. */
  resolve?: Resolver;
}

export class PushSender {
  /**
   * Every push connection goes through this agent: its lookup resolves the push service's
   * name and connects only to an address the policy allows (the one it checked).
   */
  private readonly agent: Agent;
  private readonly policy: PushEndpointPolicy;
  private readonly log: FastifyBaseLogger;

  constructor(
    private readonly db: Database,
    private readonly keys: () => Promise<VapidKeys>,
    private readonly subject: string,
    options: PushSenderOptions,
  ) {
    this.policy = options.policy;
    this.log = options.log;
    this.agent = createPushAgent(options.policy, options.tls, options.resolve);
  }

  private readonly signed = new LruMap<string, { headers: Record<string, string>; until: number }>(
    VAPID_ORIGINS,
  );

  /** The VAPID headers for a push service's origin, signed at most once an hour. */
  private vapidHeaders(endpoint: string, keys: VapidKeys): Record<string, string> {
    const origin = new URL(endpoint).origin;
    const key = `${origin} ${keys.publicKey}`;
    const now = Date.now();
    const kept = this.signed.get(key);
    if (kept && kept.until > now) return kept.headers;
    const headers = webpush.getVapidHeaders(
      origin,
      this.subject,
      keys.publicKey,
      keys.privateKey,
      'aes128gcm',
      Math.floor(now / 1000) + VAPID_TTL_SECONDS,
    ) as unknown as Record<string, string>;
    this.signed.set(key, { headers, until: now + VAPID_REUSE_MS });
    return headers;
  }

  /** Whether a subscription with this endpoint may be saved (null) or why not. */
  endpointProblem(endpoint: string) {
    return endpointProblem(endpoint, this.policy);
  }

  async publicKey(): Promise<string> {
    return (await this.keys()).publicKey;
  }

  async subscriptionCount(userId: string): Promise<number> {
    const rows = await this.db
      .select({ id: pushSubscription.id })
      .from(pushSubscription)
      .where(eq(pushSubscription.userId, userId));
    return rows.length;
  }

  /** The subscriptions of several members, in one query, by member. */
  async subscriptionsOf(userIds: string[]): Promise<Map<string, PushSubscriptionRow[]>> {
    const byMember = new Map<string, PushSubscriptionRow[]>(userIds.map((id) => [id, []]));
    if (userIds.length === 0) return byMember;
    const rows = await this.db
      .select()
      .from(pushSubscription)
      .where(inArray(pushSubscription.userId, userIds));
    for (const row of rows) byMember.get(row.userId)?.push(row);
    return byMember;
  }

  /** Writes the success time of subscriptions gathered by `send(…, { succeeded })`. */
  async recordSuccess(db: Executor, ids: string[], at: Date): Promise<void> {
    if (ids.length === 0) return;
    await db
      .update(pushSubscription)
      .set({ lastSuccessAt: at })
      .where(inArray(pushSubscription.id, ids));
  }

  /** Sends to every subscription of the member; a 404/410 deletes that subscription. */
  async send(
    userId: string,
    message: PushMessage,
    options: PushSendOptions = {},
  ): Promise<PushOutcome> {
    const ttlSeconds = options.ttlSeconds ?? 6 * 3600;
    const subs =
      options.subscriptions ??
      (await this.db.select().from(pushSubscription).where(eq(pushSubscription.userId, userId)));
    const outcome: PushOutcome = {
      tried: subs.length,
      delivered: 0,
      removed: 0,
      refused: 0,
      failed: 0,
    };
    if (subs.length === 0) return outcome;
    const keys = await this.keys();
    const payload = JSON.stringify(message);
    for (const sub of subs) {
      // Saved before the list changed, or before endpoints were checked at all: not sent.
      const problem = endpointProblem(sub.endpoint, this.policy);
      if (problem) {
        outcome.refused += 1;
        this.log.warn(
          { security: true, event: 'push.endpoint-refused', outcome: 'refused', userId, problem },
          'push endpoint not allowed: nothing sent',
        );
        continue;
      }
      try {
        await webpush.sendNotification(
          { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
          payload,
          {
            headers: this.vapidHeaders(sub.endpoint, keys),
            TTL: ttlSeconds,
            contentEncoding: 'aes128gcm',
            urgency: 'normal',
            topic: message.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32) || undefined,
            timeout: 10_000,
            agent: this.agent,
          },
        );
        outcome.delivered += 1;
        if (options.succeeded) options.succeeded.push(sub.id);
        else await this.recordSuccess(this.db, [sub.id], new Date());
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode;
        if (status !== undefined && GONE.has(status)) {
          await this.db.delete(pushSubscription).where(eq(pushSubscription.id, sub.id));
          outcome.removed += 1;
        } else if (error instanceof RefusedAddressError) {
          outcome.refused += 1;
          this.log.warn(
            {
              security: true,
              event: 'push.endpoint-refused',
              outcome: 'refused',
              userId,
              problem: 'address',
            },
            'push endpoint resolves to an address that is not allowed: nothing sent',
          );
        } else {
          outcome.failed += 1;
          // The cause stays in the log (the push service's host, never the endpoint's path,
          // which is the subscription's secret).
          this.log.warn(
            {
              event: 'push.failed',
              userId,
              host: new URL(sub.endpoint).host,
              status,
              code: (error as { code?: string }).code,
            },
            'push not delivered',
          );
        }
      }
    }
    return outcome;
  }

  /** Closes the kept-alive connections to the push services. */
  close(): void {
    this.agent.destroy();
  }
}
