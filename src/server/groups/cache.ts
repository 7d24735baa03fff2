import type { Redis } from 'ioredis';
import { listenAcrossInstances, type InstanceChannel } from '../redis.ts';

/** Redis channel on which instances tell each other that a member's data changed. */
export const GROUPS_CHANNEL = 'camino:groups:forget';

interface Entry<T> {
  version: number;
  day: string;
  value: T;
  until: number;
  userIds: readonly string[];
}

/**
 * A group's computed member rows, kept per process (ADR 0052, as the dashboard's in ADR 0011):
 * the leaders' dashboard of a 500-member group is read far more often than its members write.
 * An entry is used only for the group's current `version` (moved on every change of who is in
 * it and of their levels, on any instance) and day, and is dropped when any of its members
 * writes anything (here, or on another instance through Redis), and at the latest after `ttlMs`
 * (`unlinkedTtlMs` while Redis is configured but unreachable).
 */
export class GroupCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  /** The groups kept for each member, to drop them when that member writes. */
  private readonly byUser = new Map<string, Set<string>>();
  private readonly changed = new Map<string, number>();
  private clock = 0;
  private channel: InstanceChannel | null = null;

  constructor(
    readonly ttlMs: number,
    private readonly maxEntries = 2_000,
    readonly unlinkedTtlMs = 5_000,
  ) {}

  get(groupId: string, version: number, day: string, now: number): T | undefined {
    const hit = this.entries.get(groupId);
    if (!hit) return undefined;
    if (hit.version !== version || hit.day !== day || hit.until <= now) {
      this.delete(groupId);
      return undefined;
    }
    return hit.value;
  }

  ticket(): number {
    return this.clock;
  }

  /** Keeps `value` unless one of `userIds` changed something after `ticket` was taken. */
  set(
    groupId: string,
    entry: { version: number; day: string; value: T; userIds: readonly string[] },
    ticket: number,
    now: number,
  ): void {
    if (this.ttlMs <= 0) return;
    if (entry.userIds.some((id) => (this.changed.get(id) ?? -1) > ticket)) return;
    this.delete(groupId);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.delete(oldest);
    }
    const unlinked = this.channel !== null && !this.channel.linked;
    const ttl = unlinked ? Math.min(this.ttlMs, this.unlinkedTtlMs) : this.ttlMs;
    this.entries.set(groupId, { ...entry, until: now + ttl });
    for (const id of entry.userIds) {
      let set = this.byUser.get(id);
      if (!set) this.byUser.set(id, (set = new Set()));
      set.add(groupId);
    }
  }

  /** The member changed something: drop the groups they are in, here and on other instances. */
  forgetUser(userId: string): void {
    if (this.ttlMs <= 0) return;
    this.drop(userId);
    this.channel?.publish(userId);
  }

  connect(redis: Redis): void {
    if (this.ttlMs <= 0) return;
    this.channel = listenAcrossInstances(
      redis,
      GROUPS_CHANNEL,
      (userId) => this.drop(userId),
      () => {
        this.entries.clear();
        this.byUser.clear();
      },
    );
  }

  disconnect(): void {
    this.channel?.disconnect();
    this.channel = null;
  }

  get size(): number {
    return this.entries.size;
  }

  private drop(userId: string): void {
    for (const groupId of this.byUser.get(userId) ?? []) this.delete(groupId);
    this.byUser.delete(userId);
    this.clock += 1;
    this.changed.delete(userId);
    if (this.changed.size >= 10 * this.maxEntries) {
      const oldest = this.changed.keys().next().value;
      if (oldest !== undefined) this.changed.delete(oldest);
    }
    this.changed.set(userId, this.clock);
  }

  private delete(groupId: string): void {
    const entry = this.entries.get(groupId);
    if (!entry) return;
    this.entries.delete(groupId);
    for (const id of entry.userIds) {
      const set = this.byUser.get(id);
      set?.delete(groupId);
      if (set?.size === 0) this.byUser.delete(id);
    }
  }
}
