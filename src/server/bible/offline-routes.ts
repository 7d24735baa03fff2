/**
 * The offline pack's routes (issue 40; docs/decisions/0070): the manifest (every translation
 * the pack can hold and the courses the member may open, cut into parts named by their SHA-256)
 * and the parts themselves, sent as stored (gzipped JSON): the phone checks a part's bytes
 * against its name before keeping it. A premium course's parts go only to a member with a
 * membership, as its lessons do.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PACK_PART_ID, offlineManifestSchema } from '#shared/schemas/offline.ts';
import { HttpError } from '../errors.ts';
import { coursePack } from '../courses/offline-pack.ts';
import { canAccess, type CourseCatalog } from '../courses/service.ts';
import { currentUser } from '../security/access.ts';
import { offlinePack } from './offline-pack.ts';

export function registerOfflineRoutes(appBase: FastifyInstance, deps: { courses: CourseCatalog }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { courses: catalog } = deps;
  /** Whether this member may have a course's lessons (a premium one: with a membership). */
  const opens = (request: Parameters<typeof currentUser>[0], id: string) => {
    const course = catalog.course(id);
    return !!course && canAccess(course, currentUser(request));
  };

  app.get(
    '/api/offline/manifest',
    {
      schema: {
        tags: ['offline'],
        summary: 'The offline pack: every translation it can hold, cut into parts',
        response: { 200: offlineManifestSchema },
      },
    },
    async (request, reply) => {
      const pack = await offlinePack();
      // Asked again at each visit of the download page: a text corrected since changes it.
      void reply.header('cache-control', 'private, no-cache');
      return {
        ...pack.manifest,
        courses: coursePack(catalog).courses.filter((c) => opens(request, c.id)),
      };
    },
  );

  app.get(
    '/api/offline/parts/:id',
    {
      schema: {
        tags: ['offline'],
        summary:
          "One part of the offline pack, as stored (gzipped JSON); its name is its bytes' SHA-256",
        params: z.object({
          id: z.string().regex(PACK_PART_ID, { error: 'offline.errors.partName' }),
        }),
      },
    },
    async (request, reply) => {
      const pack = await offlinePack();
      const course = coursePack(catalog).parts.get(request.params.id);
      if (course && !opens(request, course.course)) {
        throw new HttpError(403, 'courses.errors.premium', {}, 'PREMIUM_REQUIRED');
      }
      const bytes = course?.bytes ?? pack.parts.get(request.params.id);
      if (!bytes) throw new HttpError(404, 'offline.errors.partNotFound');
      // The same name is always the same bytes: kept for a year, never asked again.
      return reply
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('content-type', 'application/gzip')
        .send(bytes);
    },
  );
}
