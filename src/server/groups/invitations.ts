/**
 * Invitations to a group (issue 25, ADR 0052): a link whose token is shown once and stored
 * hashed, and a personal invitation to an existing member by e-mail. Nobody is added without
 * accepting, signed in and past the age gate.
 */
import { and, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Language } from '#shared/constants.ts';
import {
  INVITATION_STATUS_ERROR,
  INVITATION_DEFAULT_EXPIRY_DAYS,
  acceptSchema,
  createInvitationSchema,
  createdInvitationSchema,
  emailInvitationSchema,
  emailInvitationSentSchema,
  invitationListSchema,
  invitationPath,
  invitationPreviewSchema,
  joinedGroupSchema,
  receivedInvitationListSchema,
  type ConsentLevel,
  type Invitation,
} from '#shared/groups.ts';
import type { CourseCatalog } from '../courses/service.ts';
import type { Database } from '../db/client.ts';
import { groupInvitation, groupMember, studyGroup, user } from '../db/schema.ts';
import { HttpError, notFound } from '../errors.ts';
import { notify } from '../notifications/notify.ts';
import { currentUser } from '../security/access.ts';
import type { RateLimitStore } from '../security/rate-limit-store.ts';
import { rateLimited } from './routes.ts';
import {
  hashToken,
  invitationStatus,
  isId,
  join,
  memberCount,
  memberCounts,
  membershipOf,
  readMembership,
  newToken,
  pathOf,
  requireLeaders,
  type GroupRow,
  type InvitationRow,
} from './service.ts';
import { pathTitle } from './shape.ts';

const DAY_MS = 86_400_000;
const HOUR = 3600;
/** Invitations one member may accept in an hour (a leaked link tried by a script). */
export const ACCEPTS_PER_HOUR = 20;
/** Personal invitations one member may send in a day (each is an e-mail to someone). */
export const EMAIL_INVITATIONS_PER_DAY = 30;
/** Link invitations a group keeps in its list (newest first). */
const LINKS_LISTED = 20;

const params = z.object({ id: z.string().max(100) });
const invitationParams = z.object({ id: z.string().max(100), invitationId: z.string().max(100) });
const tokenParams = z.object({ token: z.string().max(200) });

function toInvitation(inv: InvitationRow, group: GroupRow, members: number, now: Date): Invitation {
  return {
    id: inv.id,
    status: invitationStatus(inv, group, members, now),
    expiresAt: inv.expiresAt.toISOString(),
    maxUses: inv.maxUses,
    uses: inv.uses,
    createdAt: inv.createdAt.toISOString(),
  };
}

/** What an invitation shows of its group: nothing more than this (issue 25). */
function preview(group: GroupRow, leaderFirstName: string, courses: CourseCatalog, lang: Language) {
  const path = pathOf(group);
  return {
    name: group.name,
    leaderFirstName,
    language: group.language,
    path,
    pathTitle: pathTitle(path, courses, lang),
    startsOn: group.startsOn,
    meetingNote: group.meetingNote,
  };
}

const leaderName = sql<string>`coalesce((select u.first_name from group_member lm
  join "user" u on u.id = lm.user_id
  where lm.group_id = study_group.id and lm.role = 'leader'), '')`;

export function registerInvitationRoutes(
  appBase: FastifyInstance,
  deps: {
    db: Database;
    courses: CourseCatalog;
    rateLimitStore: RateLimitStore;
    appUrl: string;
  },
) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { db, courses } = deps;
  const tags = ['groups'];

  /** Accepts an invitation (the group row locked): the status first, then the join. */
  async function accept(
    tx: Parameters<Parameters<Database['transaction']>[0]>[0],
    inv: InvitationRow,
    userId: string,
    level: ConsentLevel,
  ): Promise<string> {
    const [group] = await tx
      .select()
      .from(studyGroup)
      .where(eq(studyGroup.id, inv.groupId))
      .for('update');
    if (!group) throw notFound();
    // Read again under the group's lock: two people accepting the last use take turns.
    const [fresh] = await tx.select().from(groupInvitation).where(eq(groupInvitation.id, inv.id));
    if (!fresh) throw new HttpError(404, 'groups.errors.invitationNotFound', {}, 'NOT_FOUND');
    inv = fresh;
    const now = new Date();
    const [already] = await tx
      .select({ id: groupMember.id })
      .from(groupMember)
      .where(and(eq(groupMember.groupId, group.id), eq(groupMember.userId, userId)));
    // Already in the group (a second press, another device): the group opens, nothing counted.
    if (already && !group.endedAt) return group.id;
    const status = invitationStatus(inv, group, await memberCount(tx, group.id), now);
    if (status !== 'open') {
      throw new HttpError(410, INVITATION_STATUS_ERROR[status], {}, status.toUpperCase());
    }
    const { joined } = await join(tx, group, userId, level, now);
    if (joined) {
      await tx
        .update(groupInvitation)
        .set({ uses: sql`${groupInvitation.uses} + 1` })
        .where(eq(groupInvitation.id, inv.id));
    }
    return group.id;
  }

  app.get(
    '/api/groups/:id/invitations',
    {
      schema: {
        tags,
        summary: 'The group’s invitation links (leaders)',
        params,
        response: { 200: invitationListSchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { group, me: membership } = await readMembership(db, request.params.id, me.id);
      requireLeaders(membership);
      const [rows, members] = await Promise.all([
        db
          .select()
          .from(groupInvitation)
          .where(and(eq(groupInvitation.groupId, group.id), isNotNull(groupInvitation.tokenHash)))
          .orderBy(desc(groupInvitation.createdAt))
          .limit(LINKS_LISTED),
        memberCount(db, group.id),
      ]);
      const now = new Date();
      return { items: rows.map((r) => toInvitation(r, group, members, now)) };
    },
  );

  app.post(
    '/api/groups/:id/invitations',
    {
      schema: {
        tags,
        summary: 'A new invitation link (the previous links stop working)',
        params,
        body: createInvitationSchema,
        response: { 201: createdInvitationSchema },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const input = request.body;
      const token = newToken();
      const now = new Date();
      const { row, group, members } = await db.transaction(async (tx) => {
        const { group, me: membership } = await membershipOf(tx, request.params.id, me.id, {
          lock: true,
        });
        requireLeaders(membership);
        // One live link at a time: making a new one is how a leaked link is replaced.
        await tx
          .update(groupInvitation)
          .set({ revokedAt: now })
          .where(
            and(
              eq(groupInvitation.groupId, group.id),
              isNotNull(groupInvitation.tokenHash),
              isNull(groupInvitation.revokedAt),
            ),
          );
        const [row] = await tx
          .insert(groupInvitation)
          .values({
            id: randomUUID(),
            groupId: group.id,
            tokenHash: hashToken(token),
            expiresAt: new Date(now.getTime() + input.expiresInDays * DAY_MS),
            maxUses: input.maxUses,
            createdAt: now,
          })
          .returning();
        return { row: row!, group, members: await memberCount(tx, group.id) };
      });
      return reply.status(201).send({
        invitation: toInvitation(row, group, members, now),
        token,
        url: `${deps.appUrl}${invitationPath(token)}`,
      });
    },
  );

  app.post(
    '/api/groups/:id/invitations/:invitationId/revoke',
    { schema: { tags, summary: 'Stop an invitation (leaders)', params: invitationParams } },
    async (request, reply) => {
      const me = currentUser(request);
      const { group, me: membership } = await readMembership(db, request.params.id, me.id);
      requireLeaders(membership);
      if (!isId(request.params.invitationId)) throw notFound();
      const changed = await db
        .update(groupInvitation)
        .set({ revokedAt: sql`coalesce(${groupInvitation.revokedAt}, now())` })
        .where(
          and(
            eq(groupInvitation.id, request.params.invitationId),
            eq(groupInvitation.groupId, group.id),
          ),
        )
        .returning({ id: groupInvitation.id });
      if (changed.length === 0) throw notFound();
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/groups/:id/invitations/email',
    {
      schema: {
        tags,
        summary:
          'Invite an existing member by e-mail (they accept in the app; the answer is the same for any address)',
        params,
        body: emailInvitationSchema,
        response: { 202: emailInvitationSentSchema },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const { group, me: membership } = await readMembership(db, request.params.id, me.id);
      requireLeaders(membership);
      await rateLimited(deps.rateLimitStore, reply, `groups:invite-email:${me.id}`, {
        window: 24 * HOUR,
        max: EMAIL_INVITATIONS_PER_DAY,
      });
      const email = request.body.email.toLowerCase();
      await db.transaction(async (tx) => {
        // Whether the address has an account, is in the group already or was invited: the
        // answer below is the same for all of them (ADR 0026), and so is the work's shape.
        const [invitee] = await tx
          .select({
            id: user.id,
            member: sql<boolean>`exists (select 1 from group_member m
              where m.group_id = ${group.id} and m.user_id = "user".id)`,
            pending: sql<boolean>`exists (select 1 from group_invitation i
              where i.group_id = ${group.id} and i.invitee_id = "user".id
              and i.revoked_at is null and i.uses = 0 and i.expires_at > now())`,
          })
          .from(user)
          .where(sql`lower(${user.email}) = ${email}`);
        if (!invitee || invitee.member || invitee.pending) return;
        const now = new Date();
        const id = randomUUID();
        const expiresAt = new Date(now.getTime() + INVITATION_DEFAULT_EXPIRY_DAYS * DAY_MS);
        await tx.insert(groupInvitation).values({
          id,
          groupId: group.id,
          inviteeId: invitee.id,
          expiresAt,
          maxUses: 1,
          createdAt: now,
        });
        await notify(
          tx,
          invitee.id,
          'groupInvitation',
          {
            group: group.name,
            sender: me.firstName,
            url: '/groups?invitations=1',
            // Its last day is told in the invitee's own time zone (content.ts `render`).
            expiresAt: expiresAt.toISOString(),
          },
          { dedupeKey: id, now },
        );
      });
      return reply.status(202).send({ status: 'sent-if-member' as const });
    },
  );

  app.get(
    '/api/invitations/received',
    {
      schema: {
        tags,
        summary: 'Invitations to groups I received by e-mail, still open',
        response: { 200: receivedInvitationListSchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const now = new Date();
      const rows = await db
        .select({ inv: groupInvitation, group: studyGroup, leader: leaderName })
        .from(groupInvitation)
        .innerJoin(studyGroup, eq(studyGroup.id, groupInvitation.groupId))
        .where(
          and(
            eq(groupInvitation.inviteeId, me.id),
            isNull(groupInvitation.revokedAt),
            eq(groupInvitation.uses, 0),
            gt(groupInvitation.expiresAt, now),
            isNull(studyGroup.endedAt),
          ),
        )
        .orderBy(desc(groupInvitation.createdAt));
      const sizes = await memberCounts(
        db,
        rows.map((r) => r.group.id),
      );
      return {
        items: rows.map(({ inv, group, leader }) => {
          const shown = preview(group, leader, courses, request.lang);
          return {
            id: inv.id,
            status: invitationStatus(inv, group, sizes.get(group.id) ?? 0, now),
            expiresAt: inv.expiresAt.toISOString(),
            group: {
              name: shown.name,
              leaderFirstName: shown.leaderFirstName,
              path: shown.path,
              pathTitle: shown.pathTitle,
              startsOn: shown.startsOn,
              meetingNote: shown.meetingNote,
            },
          };
        }),
      };
    },
  );

  app.post(
    '/api/invitations/received/:id/accept',
    {
      schema: {
        tags,
        summary: 'Join the group of an invitation I received',
        params,
        body: acceptSchema,
        response: { 200: joinedGroupSchema },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      if (!isId(request.params.id)) throw notFound();
      await rateLimited(deps.rateLimitStore, reply, `groups:accept:${me.id}`, {
        window: HOUR,
        max: ACCEPTS_PER_HOUR,
      });
      const groupId = await db.transaction(async (tx) => {
        const [inv] = await tx
          .select()
          .from(groupInvitation)
          .where(
            and(eq(groupInvitation.id, request.params.id), eq(groupInvitation.inviteeId, me.id)),
          );
        if (!inv) throw new HttpError(404, 'groups.errors.invitationNotFound', {}, 'NOT_FOUND');
        return accept(tx, inv, me.id, request.body.level);
      });
      return { groupId };
    },
  );

  app.post(
    '/api/invitations/received/:id/decline',
    { schema: { tags, summary: 'Decline an invitation I received', params } },
    async (request, reply) => {
      const me = currentUser(request);
      if (!isId(request.params.id)) throw notFound();
      const gone = await db
        .delete(groupInvitation)
        .where(and(eq(groupInvitation.id, request.params.id), eq(groupInvitation.inviteeId, me.id)))
        .returning({ id: groupInvitation.id });
      if (gone.length === 0) throw new HttpError(404, 'groups.errors.invitationNotFound');
      return reply.status(204).send();
    },
  );

  async function byToken(token: string) {
    const [row] = await db
      .select({ inv: groupInvitation, group: studyGroup, leader: leaderName })
      .from(groupInvitation)
      .innerJoin(studyGroup, eq(studyGroup.id, groupInvitation.groupId))
      .where(eq(groupInvitation.tokenHash, hashToken(token)));
    if (!row) throw new HttpError(404, 'groups.errors.invitationNotFound', {}, 'NOT_FOUND');
    return row;
  }

  app.get(
    '/api/invitations/:token',
    {
      schema: {
        tags,
        summary:
          'What an invitation link shows before joining (group name, leader’s first name, path, meeting note)',
        params: tokenParams,
        response: { 200: invitationPreviewSchema },
      },
    },
    async (request) => {
      const { inv, group, leader } = await byToken(request.params.token);
      const status = invitationStatus(inv, group, await memberCount(db, group.id), new Date());
      return {
        status,
        group: status === 'open' ? preview(group, leader, courses, request.lang) : null,
      };
    },
  );

  app.post(
    '/api/invitations/:token/accept',
    {
      schema: {
        tags,
        summary: 'Join a group with an invitation link (signed in, past the age gate)',
        params: tokenParams,
        body: acceptSchema,
        response: { 200: joinedGroupSchema },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      await rateLimited(deps.rateLimitStore, reply, `groups:accept:${me.id}`, {
        window: HOUR,
        max: ACCEPTS_PER_HOUR,
      });
      const { inv } = await byToken(request.params.token);
      const groupId = await db.transaction(async (tx) =>
        accept(tx, inv, me.id, request.body.level),
      );
      return { groupId };
    },
  );
}
