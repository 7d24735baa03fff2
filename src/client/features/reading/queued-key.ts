/**
 * The outbox's key for marking a day of the plan read (docs/decisions/0024): one write a day.
 * Plain values: the service worker reads the same keys (a day marked offline moves the reading on).
 */
export const queuedReadingKey = (day: number) => `reading:day-${day}`;

/** The day a queued write marks read, or null when it is another write. */
export function queuedReadingDay(key: string): number | null {
  const match = /^reading:day-(\d+)$/.exec(key);
  return match ? Number(match[1]) : null;
}
