import { z } from 'zod';

/** One signed-in device of the member, as account settings lists it (no token, no address). */
export const activeSessionSchema = z.object({
  id: z.string(),
  current: z.boolean(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  createdAt: z.string(),
  /** The session's last recorded use (within the hour: ADR 0041). */
  lastActiveAt: z.string(),
  expiresAt: z.string(),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;

export const activeSessionsSchema = z.object({ sessions: z.array(activeSessionSchema) });

/** Browser and system names from a User-Agent header (null when not recognised). */
export function describeUserAgent(ua: string | null | undefined): {
  browser: string | null;
  os: string | null;
} {
  const text = ua ?? '';
  const browser = /Edg\//.test(text)
    ? 'Edge'
    : /OPR\/|Opera/.test(text)
      ? 'Opera'
      : /Firefox\//.test(text)
        ? 'Firefox'
        : /Chrome\/|CriOS\//.test(text)
          ? 'Chrome'
          : /Safari\//.test(text)
            ? 'Safari'
            : null;
  const os = /iPhone|iPad|iPod/.test(text)
    ? 'iOS'
    : /Android/.test(text)
      ? 'Android'
      : /Windows/.test(text)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(text)
          ? 'macOS'
          : /CrOS/.test(text)
            ? 'ChromeOS'
            : /Linux/.test(text)
              ? 'Linux'
              : null;
  return { browser, os };
}
