/**
 * Web Push (RFC 8030/8291/8292) through the `web-push` library. VAPID keys come from the
 * environment, or are generated once and kept in `app_setting`, so every instance signs with
 * the same key (a browser's subscription is bound to the public key it subscribed with).
 */
import type { Agent } from 'node:https';
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Database } from '../db/client.ts';
import { appSetting, pushSubscription } from '../db/schema.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const VAPID_SETTING = 'vapid';

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

export interface PushOutcome {
  tried: number;
  delivered: number;
  removed: number;
  errors: string[];
}

/** Push service answers that mean the subscription is gone for good. */
const GONE = new Set([404, 410]);

export class PushSender {
  constructor(
    private readonly db: Database,
    private readonly keys: () => Promise<VapidKeys>,
    private readonly subject: string,
    /** Tests point the sender at a local HTTPS endpoint with a self-signed certificate. */
    private readonly agent?: Agent,
  ) {}

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

  /** Sends to every subscription of the member; a 404/410 deletes that subscription. */
  async send(userId: string, message: PushMessage, ttlSeconds = 6 * 3600): Promise<PushOutcome> {
    const subs = await this.db
      .select()
      .from(pushSubscription)
      .where(eq(pushSubscription.userId, userId));
    const outcome: PushOutcome = { tried: subs.length, delivered: 0, removed: 0, errors: [] };
    if (subs.length === 0) return outcome;
    const keys = await this.keys();
    const payload = JSON.stringify(message);
    for (const sub of subs) {
      try {
        await webpush.sendNotification(
          { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
          payload,
          {
            vapidDetails: { subject: this.subject, ...keys },
            TTL: ttlSeconds,
            contentEncoding: 'aes128gcm',
            urgency: 'normal',
            topic: message.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32) || undefined,
            timeout: 10_000,
            ...(this.agent ? { agent: this.agent } : {}),
          },
        );
        outcome.delivered += 1;
        await this.db
          .update(pushSubscription)
          .set({ lastSuccessAt: new Date() })
          .where(eq(pushSubscription.id, sub.id));
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode;
        if (status !== undefined && GONE.has(status)) {
          await this.db.delete(pushSubscription).where(eq(pushSubscription.id, sub.id));
          outcome.removed += 1;
        } else {
          outcome.errors.push(
            status ? `HTTP ${status}` : String((error as Error).message ?? error),
          );
        }
      }
    }
    return outcome;
  }
}
