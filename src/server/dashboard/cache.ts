import type { Redis } from 'ioredis';
import { listenAcrossInstances, type InstanceChannel } from '../redis.ts';

/** Redis channel on which instances tell each other that a member's data changed. */
export const DASHBOARD_CHANNEL = 'camino:dashboard:forget';

/**
 * What the dashboard reads about each member, kept per process between the member's own
 * writes (docs/decisions/0011). An entry is dropped when the member writes anything (here, or
 * on another instance through Redis), when their local day changes, when one of their memory
 * verses falls due, and at the latest after `ttlMs` (`unlinkedTtlMs` while Redis is configured
 * but unreachable, ADR 0015).
 */
export class DashboardCache<T> {
  private readonly entries = new Map<string, { day: string; value: T; until: number }>();
  /** When each member last changed something, on a counter that `ticket` reads. */
  private readonly changed = new Map<string, number>();
  private clock = 0;
  private channel: InstanceChannel | null = null;

  constructor(
    readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    /**
     * How long an entry is kept while the instance is meant to hear other instances' changes
     * (Redis is configured) but does not (its link is down): another instance's write is seen
     * within this time instead of `ttlMs`.
     */
    readonly unlinkedTtlMs = 5_000,
  ) {}

  get(userId: string, day: string, now: number): T | undefined {
    const hit = this.entries.get(userId);
    if (!hit) return undefined;
    if (hit.day !== day || hit.until <= now) {
      this.entries.delete(userId);
      return undefined;
    }
    return hit.value;
  }

  /** Take one before reading the database; `set` refuses a value read before a change. */
  ticket(): number {
    return this.clock;
  }

  /**
   * Keeps `value` for the member's `day` until `now + ttlMs` (`unlinkedTtlMs` while the Redis
   * link is down), or `staleAt` if sooner — unless the member changed something after `ticket`
   * was taken (the value may predate the change).
   */
  set(
    userId: string,
    day: string,
    value: T,
    ticket: number,
    now: number,
    staleAt = Infinity,
  ): void {
    if (this.ttlMs <= 0) return;
    if ((this.changed.get(userId) ?? -1) > ticket) return;
    this.entries.delete(userId);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    const unlinked = this.channel !== null && !this.channel.linked;
    const ttl = unlinked ? Math.min(this.ttlMs, this.unlinkedTtlMs) : this.ttlMs;
    this.entries.set(userId, { day, value, until: Math.min(now + ttl, staleAt) });
  }

  /** The member changed something: drop their entry here and on the other instances. */
  forget(userId: string): void {
    if (this.ttlMs <= 0) return;
    this.drop(userId);
    this.channel?.publish(userId);
  }

  /**
   * With several instances, Redis carries `forget` to all of them (`listenAcrossInstances`).
   * From the moment the link is lost, other instances' changes go unheard: what is kept may
   * already be stale, and what is stored until the link is back is kept only briefly.
   */
  connect(redis: Redis): void {
    if (this.ttlMs <= 0) return;
    this.channel = listenAcrossInstances(
      redis,
      DASHBOARD_CHANNEL,
      (userId) => this.drop(userId),
      () => this.entries.clear(),
    );
  }

  /** True while other instances' `forget` reaches this one. */
  get linked(): boolean {
    return this.channel?.linked ?? false;
  }

  private drop(userId: string): void {
    this.entries.delete(userId);
    this.clock += 1;
    this.changed.delete(userId);
    if (this.changed.size >= this.maxEntries) {
      const oldest = this.changed.keys().next().value;
      if (oldest !== undefined) this.changed.delete(oldest);
    }
    this.changed.set(userId, this.clock);
  }

  disconnect(): void {
    this.channel?.disconnect();
    this.channel = null;
  }

  get size(): number {
    return this.entries.size;
  }
}
