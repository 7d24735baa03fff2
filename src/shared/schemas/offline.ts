import { z } from 'zod';
export * from '../values/offline.ts';

/** A part as the manifest lists it: its name (SHA-256 of its bytes), size and chapters. */
export const packPartSchema = z.object({
  id: z.string(),
  bytes: z.number().int(),
  /** The first and last chapter it holds: "Gen.1", "Gen.31". */
  from: z.string(),
  to: z.string(),
});

/** GET /api/offline/manifest: every translation the pack can hold, cut into parts. */
export const offlineManifestSchema = z.object({
  format: z.number().int(),
  maxPartBytes: z.number().int(),
  bibles: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      language: z.enum(['en', 'es']),
      /** All its parts' bytes: what downloading it costs. */
      bytes: z.number().int(),
      parts: z.array(packPartSchema),
    }),
  ),
  /**
   * The courses this member may open (a premium course only with a membership), each cut into
   * parts of whole lessons: `from` and `to` are lesson ids, `lessons` every lesson id in order.
   */
  courses: z.array(
    z.object({
      id: z.string(),
      premium: z.boolean(),
      title: z.object({ en: z.string(), es: z.string() }),
      lessons: z.array(z.string()),
      bytes: z.number().int(),
      parts: z.array(packPartSchema),
    }),
  ),
});
export type OfflineManifest = z.infer<typeof offlineManifestSchema>;
