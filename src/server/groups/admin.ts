/**
 * The admin panel's view of groups (issue 25): name, leader, size and dates, never a member's
 * data; ending a group is an audited admin action (ADR 0021).
 */
import { count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_GROUPS_PAGE_SIZE,
  adminGroupPageSchema,
  adminGroupsQuerySchema,
} from '#shared/groups.ts';
import { recordAudit } from '../admin/audit.ts';
import type { Database } from '../db/client.ts';
import { studyGroup } from '../db/schema.ts';
import { notFound } from '../errors.ts';
import { currentUser } from '../security/access.ts';
import { endGroup, isId } from './service.ts';

const idParams = z.object({ id: z.string().max(100) });

export function registerAdminGroupRoutes(appBase: FastifyInstance, deps: { db: Database }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  app.get(
    '/api/admin/groups',
    {
      schema: {
        tags: ['admin'],
        summary: 'Groups, newest first: name, leader, size, created (no member data)',
        querystring: adminGroupsQuerySchema,
        response: { 200: adminGroupPageSchema },
      },
    },
    async (request) => {
      const { page } = request.query;
      const [rows, totals] = await Promise.all([
        db
          .select({
            id: studyGroup.id,
            name: studyGroup.name,
            createdAt: studyGroup.createdAt,
            endedAt: studyGroup.endedAt,
            leaderName: sql<string | null>`(select u.first_name || ' ' || u.last_name
              from group_member m join "user" u on u.id = m.user_id
              where m.group_id = study_group.id and m.role = 'leader')`,
            size: sql<number>`(select count(*) from group_member m
              where m.group_id = study_group.id)::int`,
          })
          .from(studyGroup)
          .orderBy(desc(studyGroup.createdAt), desc(studyGroup.id))
          .limit(ADMIN_GROUPS_PAGE_SIZE)
          .offset((page - 1) * ADMIN_GROUPS_PAGE_SIZE),
        db.select({ n: count() }).from(studyGroup),
      ]);
      return {
        items: rows.map((r) => ({
          id: r.id,
          name: r.name,
          leaderName: r.leaderName ?? '',
          size: Number(r.size),
          createdAt: r.createdAt.toISOString(),
          endedAt: r.endedAt?.toISOString() ?? null,
        })),
        total: Number(totals[0]?.n ?? 0),
        page,
        pageSize: ADMIN_GROUPS_PAGE_SIZE,
      };
    },
  );

  app.post(
    '/api/admin/groups/:id/end',
    {
      schema: {
        tags: ['admin'],
        summary: 'End a group (audited); its members keep their own progress',
        params: idParams,
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      if (!isId(request.params.id)) throw notFound();
      await db.transaction(async (tx) => {
        const [group] = await tx
          .select()
          .from(studyGroup)
          .where(eq(studyGroup.id, request.params.id))
          .for('update');
        if (!group) throw notFound();
        if (group.endedAt) return;
        await endGroup(tx, group.id, { by: 'team' });
        await recordAudit(tx, me, 'group.end', { type: 'group', id: group.id, label: group.name });
      });
      return reply.status(204).send();
    },
  );
}
