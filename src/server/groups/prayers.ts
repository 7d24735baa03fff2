/**
 * Prayer requests shared with a group (issue 38 item 3): a member shares their own requests with
 * the group's leaders, one by one, and unshares them; the leaders read them (and add them to a
 * meeting's report). The routes are listed in src/shared/group-prayers.ts.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  GROUP_PRAYERS_LISTED,
  groupPrayersSchema,
  type GroupPrayers,
} from '#shared/group-prayers.ts';
import type { Database } from '../db/client.ts';
import { groupMember, groupPrayer, prayerRequest, user } from '../db/schema.ts';
import { notFound } from '../errors.ts';
import { currentUser } from '../security/access.ts';
import { isId, isLeader, readMembership, type MemberRow } from './service.ts';

const params = z.object({ id: z.string().max(100) });
const prayerParams = z.object({ id: z.string().max(100), prayerId: z.string().max(100) });

export function registerGroupPrayerRoutes(appBase: FastifyInstance, deps: { db: Database }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['groups'];

  async function listFor(me: MemberRow): Promise<GroupPrayers> {
    const [own, sharedHere] = await Promise.all([
      db
        .select({
          prayerId: prayerRequest.id,
          title: prayerRequest.title,
          status: prayerRequest.status,
        })
        .from(prayerRequest)
        .where(eq(prayerRequest.userId, me.userId))
        .orderBy(prayerRequest.status, desc(prayerRequest.createdAt))
        .limit(GROUP_PRAYERS_LISTED),
      db
        .select({ prayerId: groupPrayer.prayerId })
        .from(groupPrayer)
        .where(eq(groupPrayer.memberId, me.id)),
    ]);
    const mineShared = new Set(sharedHere.map((r) => r.prayerId));
    let shared: GroupPrayers['shared'] = null;
    if (isLeader(me)) {
      const rows = await db
        .select({
          prayerId: prayerRequest.id,
          firstName: user.firstName,
          lastName: user.lastName,
          title: prayerRequest.title,
          description: prayerRequest.description,
          urgent: prayerRequest.urgent,
          status: prayerRequest.status,
          sharedOn: groupPrayer.sharedAt,
        })
        .from(groupPrayer)
        .innerJoin(prayerRequest, eq(prayerRequest.id, groupPrayer.prayerId))
        .innerJoin(groupMember, eq(groupMember.id, groupPrayer.memberId))
        .innerJoin(user, eq(user.id, groupMember.userId))
        .where(eq(groupPrayer.groupId, me.groupId))
        .orderBy(desc(groupPrayer.sharedAt))
        .limit(GROUP_PRAYERS_LISTED);
      shared = rows.map((r) => ({ ...r, sharedOn: r.sharedOn.toISOString() }));
    }
    return {
      mine: own.map((p) => ({ ...p, shared: mineShared.has(p.prayerId) })),
      shared,
    };
  }

  /** The reader's own request, or 404 (another member's is not theirs to share). */
  async function ownPrayer(prayerId: string, userId: string) {
    if (!isId(prayerId)) throw notFound();
    const [row] = await db
      .select({ id: prayerRequest.id })
      .from(prayerRequest)
      .where(and(eq(prayerRequest.id, prayerId), eq(prayerRequest.userId, userId)));
    if (!row) throw notFound();
    return row;
  }

  app.get(
    '/api/groups/:id/prayers',
    {
      schema: {
        tags,
        summary: 'My requests and which I share here; the leaders also read what members shared',
        params,
        response: { 200: groupPrayersSchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { me: member } = await readMembership(db, request.params.id, me.id);
      return listFor(member);
    },
  );

  app.put(
    '/api/groups/:id/prayers/:prayerId',
    {
      schema: {
        tags,
        summary: 'Share one of my prayer requests with the group’s leaders',
        params: prayerParams,
        response: { 200: groupPrayersSchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { me: member } = await readMembership(db, request.params.id, me.id);
      const prayer = await ownPrayer(request.params.prayerId, me.id);
      await db
        .insert(groupPrayer)
        .values({ groupId: member.groupId, memberId: member.id, prayerId: prayer.id })
        .onConflictDoNothing();
      return listFor(member);
    },
  );

  app.delete(
    '/api/groups/:id/prayers/:prayerId',
    {
      schema: {
        tags,
        summary: 'Stop sharing one of my prayer requests with the group',
        params: prayerParams,
        response: { 200: groupPrayersSchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { me: member } = await readMembership(db, request.params.id, me.id);
      const prayer = await ownPrayer(request.params.prayerId, me.id);
      await db
        .delete(groupPrayer)
        .where(and(eq(groupPrayer.memberId, member.id), eq(groupPrayer.prayerId, prayer.id)));
      return listFor(member);
    },
  );
}
