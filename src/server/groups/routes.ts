import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Language } from '#shared/constants.ts';
import type { FEED_KINDS } from '#shared/groups.ts';
import {
  CO_LEADERS_MAX,
  GROUP_ERRORS,
  GROUP_FEED_SIZE,
  GROUP_MESSAGES_PER_DAY,
  createGroupSchema,
  groupDetailSchema,
  groupFeedSchema,
  groupListSchema,
  hideReflectionSchema,
  reflectionAudienceSchema,
  isPremiumPath,
  memberPageSchema,
  membersQuerySchema,
  messageSchema,
  messageSentSchema,
  myMembershipSchema,
  membershipSchema,
  reflectionListSchema,
  reflectionsQuerySchema,
  roleSchema,
  shareReflectionSchema,
  sharedReflectionSchema,
  transferSchema,
  updateGroupSchema,
  type FeedItem,
  type GroupDetail,
  type GroupPath,
  type GroupSummary,
  type SharedReflection,
} from '#shared/groups.ts';
import { daysBetween, localDate } from '#shared/values/time.ts';
import type { SessionUser } from '../auth/session.ts';
import type { CourseCatalog } from '../courses/service.ts';
import type { Database, Executor } from '../db/client.ts';
import { createOnce } from '../db/create-once.ts';
import {
  groupInvitation,
  groupMember,
  groupMessage,
  groupReflection,
  lessonProgress,
  studyGroup,
} from '../db/schema.ts';
import { HttpError, notFound } from '../errors.ts';
import { notifyMany } from '../notifications/notify.ts';
import { currentUser, hasPremium } from '../security/access.ts';
import { KeptJson, sendKept } from '../routes/kept-json.ts';
import type { RateLimitStore } from '../security/rate-limit-store.ts';
import type { GroupCache } from './cache.ts';
import {
  groupToday,
  paceOf,
  pathProgress,
  pathTotal,
  readMembers,
  type MemberData,
} from './progress.ts';
import {
  assertCanLead,
  assertCoLeaderRoom,
  bumpVersion,
  coLeaderCount,
  endGroup,
  groupCounts,
  isId,
  isLeader,
  memberCounts,
  memberOf,
  membershipOf,
  readMembership,
  pathOf,
  requireLeader,
  requireLeaders,
  type GroupRow,
  type MemberRow,
} from './service.ts';
import {
  groupBase,
  leadersOf,
  lessonRef,
  memberPage,
  pathLessons,
  shapePath,
  shapeProgress,
  statsOf,
} from './shape.ts';

/**
 * A group's member rows, and the answers already built from them for each reader (JSON, by
 * reader, their role, level and mute, entitlement and language): a leader who reloads the
 * dashboard is answered without building or checking it again.
 */
export interface GroupEntry {
  rows: MemberData[];
  bodies: Map<string, KeptJson>;
  /** The bytes of `bodies`, bounded by BODY_BYTES_PER_GROUP. */
  bodyBytes: number;
}
export type GroupRowsCache = GroupCache<GroupEntry>;

/**
 * At most this many bytes of answers kept per group (readers × languages × pages, each with
 * its compressed forms): a leader's dashboard of 500 is ~20 KB, a member's view ~3 KB.
 */
const BODY_BYTES_PER_GROUP = 256 * 1024;

export interface GroupDeps {
  db: Database;
  courses: CourseCatalog;
  cache: GroupRowsCache;
  rateLimitStore: RateLimitStore;
}

const HOUR = 3600;
/** Groups one member may create in an hour (a script making groups to spam invitations). */
export const GROUPS_CREATED_PER_HOUR = 10;
/** How far from today a group's start date may be. */
const START_RANGE_DAYS = 366;

const params = z.object({ id: z.string().max(100) });
const memberParams = z.object({ id: z.string().max(100), memberId: z.string().max(100) });
const reflectionParams = z.object({ id: z.string().max(100), reflectionId: z.string().max(100) });

export async function rateLimited(
  store: RateLimitStore,
  reply: FastifyReply,
  key: string,
  rule: { window: number; max: number },
): Promise<void> {
  const result = await store.consume(key, rule);
  if (result.allowed) return;
  reply.header('retry-after', String(result.retryAfter ?? rule.window));
  throw new HttpError(429, GROUP_ERRORS.tooManyAttempts, {}, 'RATE_LIMITED');
}

/** The reader's own progress data, for their list of groups (one query for all of them). */
async function ownProgress(db: Executor, userId: string) {
  const result = await db.execute<{
    done: string[] | null;
    plan_id: string | null;
    current_day: number | null;
    completed: boolean | null;
  }>(sql`
    select array(select lp.lesson_id from lesson_progress lp
        where lp.user_id = ${userId} and lp.completed_at is not null) as done,
      r.plan_id, r.current_day, (r.completed_at is not null) as completed
    from (select 1) as one left join reading_plan_run r on r.user_id = ${userId}`);
  const row = result.rows[0];
  return {
    done: new Set(row?.done ?? []),
    run: {
      planId: row?.plan_id ?? null,
      currentDay: row?.current_day ?? null,
      completed: row?.completed === true,
    },
  };
}

export function registerGroupRoutes(appBase: FastifyInstance, deps: GroupDeps) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { db, courses, cache } = deps;
  const tags = ['groups'];

  /** The group's member rows: kept between its members' writes (cache.ts), else one query. */
  async function entryOf(group: GroupRow, path: GroupPath, now: Date): Promise<GroupEntry> {
    const day = groupToday(group, now);
    const hit = cache.get(group.id, group.version, day, now.getTime());
    if (hit) return hit;
    const ticket = cache.ticket();
    const rows = await readMembers(db, group, path, courses, now);
    const entry: GroupEntry = { rows, bodies: new Map(), bodyBytes: 0 };
    cache.set(
      group.id,
      { version: group.version, day, value: entry, userIds: rows.map((r) => r.userId) },
      ticket,
      now.getTime(),
    );
    return entry;
  }

  /**
   * An answer that depends only on the group's entry and `variant` (which names the reader and
   * everything of theirs it shows): built and checked against `schema` once, then kept with the
   * entry until a member writes or the group changes (its version is part of the entry's key).
   */
  async function keptAnswer<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    entry: GroupEntry,
    variant: string,
    schema: z.ZodType<T>,
    build: () => T,
  ) {
    let kept = entry.bodies.get(variant);
    if (kept === undefined) {
      kept = new KeptJson(JSON.stringify(schema.parse(build())));
      entry.bodies.set(variant, kept);
    }
    const before = kept.bytes;
    const sent = sendKept(request, reply, kept);
    entry.bodyBytes += kept.bytes - before;
    if (entry.bodyBytes > BODY_BYTES_PER_GROUP) {
      entry.bodies.clear();
      entry.bodyBytes = 0;
    }
    return sent;
  }

  /** Who reads, as far as an answer of the group shows it. */
  const readerKey = (me: MemberRow, user: SessionUser, lang: Language) =>
    `${me.id}|${me.role}|${me.level}|${me.muted}|${hasPremium(user)}|${lang}`;

  async function detail(
    group: GroupRow,
    me: MemberRow,
    user: SessionUser,
    lang: Language,
  ): Promise<GroupDetail> {
    const now = new Date();
    const { rows } = await entryOf(group, pathOf(group), now);
    return detailOf(group, me, user, lang, rows, now);
  }

  function detailOf(
    group: GroupRow,
    me: MemberRow,
    user: SessionUser,
    lang: Language,
    rows: readonly MemberData[],
    now: Date,
  ): GroupDetail {
    const path = pathOf(group);
    const day = groupToday(group, now);
    const mine = rows.find((r) => r.memberId === me.id);
    if (!mine) throw notFound();
    const leaderView = isLeader(me);
    return {
      ...groupBase(group, path, rows.length, courses, lang),
      membersSeeReflections: group.membersSeeReflections,
      me: {
        memberId: me.id,
        role: me.role,
        level: me.level,
        muted: me.muted,
        joinedAt: me.joinedAt.toISOString(),
      },
      myProgress: shapeProgress(mine, courses, lang),
      iNeedPremium: isPremiumPath(path) && !hasPremium(user),
      pace: paceOf(group, path, pathTotal(path, courses), day),
      lessons: pathLessons(path, courses, lang),
      leaders: leadersOf(rows, user.id),
      stats: leaderView ? statsOf(rows, day) : null,
    };
  }

  app.get(
    '/api/groups',
    {
      schema: {
        tags,
        summary: 'My groups (leading and member of), with my pace against each group’s',
        response: { 200: groupListSchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const now = new Date();
      const mine = await db
        .select({ group: studyGroup, member: groupMember })
        .from(groupMember)
        .innerJoin(studyGroup, eq(studyGroup.id, groupMember.groupId))
        .where(and(eq(groupMember.userId, me.id), isNull(studyGroup.endedAt)))
        .orderBy(desc(groupMember.joinedAt));
      const [sizes, own, pending] = await Promise.all([
        memberCounts(
          db,
          mine.map((m) => m.group.id),
        ),
        mine.length ? ownProgress(db, me.id) : null,
        db
          .select({ n: sql<number>`count(*)` })
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
          ),
      ]);
      const items: GroupSummary[] = mine.map(({ group, member }) => {
        const path = pathOf(group);
        const pace = paceOf(group, path, pathTotal(path, courses), groupToday(group, now));
        const elapsed = daysBetween(group.startsOn, groupToday(group, now));
        const lessonIds =
          path.kind === 'course'
            ? (courses.course(path.courseId)?.lessons.map((l) => l.id) ?? [])
            : [];
        const progress = pathProgress(path, lessonIds, own!.done, own!.run, pace, {
          elapsedWeeks: elapsed < 0 ? 0 : Math.floor(elapsed / 7),
        });
        return {
          ...groupBase(group, path, sizes.get(group.id) ?? 0, courses, request.lang),
          membersSeeReflections: group.membersSeeReflections,
          role: member.role,
          level: member.level,
          muted: member.muted,
          pace,
          myProgress: shapePath(progress, courses, request.lang),
        };
      });
      const counts = {
        led: mine.filter((m) => m.member.role === 'leader').length,
        joined: mine.length,
      };
      let canCreate = true;
      try {
        assertCanLead(counts);
      } catch {
        canCreate = false;
      }
      return { items, pendingInvitations: Number(pending[0]?.n ?? 0), canCreate };
    },
  );

  app.post(
    '/api/groups',
    {
      schema: {
        tags,
        summary: 'Create a group (I lead it)',
        body: createGroupSchema,
        response: { 200: groupDetailSchema, 201: groupDetailSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const input = request.body;
      const today = localDate(new Date(), user.preferences.timeZone);
      if (Math.abs(daysBetween(today, input.startsOn)) > START_RANGE_DAYS) {
        throw new HttpError(400, GROUP_ERRORS.startDate, {}, 'START_DATE');
      }
      const find = async (id: string) => {
        const [row] = await db
          .select({ group: studyGroup, leader: groupMember.userId })
          .from(studyGroup)
          .leftJoin(
            groupMember,
            and(eq(groupMember.groupId, studyGroup.id), eq(groupMember.role, 'leader')),
          )
          .where(eq(studyGroup.id, id));
        return row;
      };
      if (!input.id || !(await find(input.id))) {
        await rateLimited(deps.rateLimitStore, reply, `groups:create:${user.id}`, {
          window: HOUR,
          max: GROUPS_CREATED_PER_HOUR,
        });
      }
      const { row: made, created } = await createOnce(input.id, {
        find,
        owns: (row) => row.leader === user.id,
        insert: (id) =>
          db.transaction(async (tx) => {
            // One member's creations take turns, so two at once cannot pass the limit together.
            await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`groups:${user.id}`}))`);
            assertCanLead(await groupCounts(tx, user.id));
            const now = new Date();
            const path = input.path;
            const [row] = await tx
              .insert(studyGroup)
              .values({
                id,
                name: input.name,
                description: input.description,
                language: input.language,
                pathKind: path.kind,
                courseId: path.kind === 'course' ? path.courseId : null,
                lessonsPerWeek: path.kind === 'course' ? path.lessonsPerWeek : null,
                planId: path.kind === 'plan' ? path.planId : null,
                planDuration: path.kind === 'plan' ? path.duration : null,
                startsOn: input.startsOn,
                meetingNote: input.meetingNote,
                timeZone: user.preferences.timeZone,
                createdAt: now,
                updatedAt: now,
              })
              .onConflictDoNothing()
              .returning();
            if (!row) return null;
            await tx.insert(groupMember).values({
              id: randomUUID(),
              groupId: id,
              userId: user.id,
              role: 'leader',
              level: 'progress',
              joinedAt: now,
            });
            return { group: row, leader: user.id };
          }),
      });
      const { group, me } = await readMembership(db, made.group.id, user.id);
      return reply.status(created ? 201 : 200).send(await detail(group, me, user, request.lang));
    },
  );

  app.get(
    '/api/groups/:id',
    {
      schema: {
        tags,
        summary: 'A group I belong to, shaped by my role',
        params,
        response: { 200: groupDetailSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { group, me } = await readMembership(db, request.params.id, user.id);
      const now = new Date();
      const entry = await entryOf(group, pathOf(group), now);
      const variant = `detail|${readerKey(me, user, request.lang)}`;
      return keptAnswer(request, reply, entry, variant, groupDetailSchema, () =>
        detailOf(group, me, user, request.lang, entry.rows, now),
      );
    },
  );

  app.patch(
    '/api/groups/:id',
    {
      schema: {
        tags,
        summary: 'Change a group’s details (leaders)',
        params,
        body: updateGroupSchema,
        response: { 200: groupDetailSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { me, group: before } = await readMembership(db, request.params.id, user.id);
      requireLeaders(me);
      const input = request.body;
      if (input.startsOn !== undefined) {
        const today = localDate(new Date(), user.preferences.timeZone);
        if (Math.abs(daysBetween(today, input.startsOn)) > START_RANGE_DAYS) {
          throw new HttpError(400, GROUP_ERRORS.startDate, {}, 'START_DATE');
        }
      }
      await db.transaction(async (tx) => {
        const [changed] = await tx
          .update(studyGroup)
          .set({ ...input, version: sql`${studyGroup.version} + 1`, updatedAt: new Date() })
          .where(eq(studyGroup.id, request.params.id))
          .returning({ name: studyGroup.name, version: studyGroup.version });
        // Members may now read reflections: what was shared stays with the leaders, and each
        // author is asked whether the members may read theirs too.
        if (changed && input.membersSeeReflections && !before.membersSeeReflections) {
          await askAuthorsToWiden(tx, before.id, changed.name, changed.version);
        }
      });
      const fresh = await readMembership(db, request.params.id, user.id);
      return detail(fresh.group, fresh.me, user, request.lang);
    },
  );

  app.post(
    '/api/groups/:id/end',
    { schema: { tags, summary: 'End a group (the leader)', params } },
    async (request, reply) => {
      const user = currentUser(request);
      await db.transaction(async (tx) => {
        const { me } = await membershipOf(tx, request.params.id, user.id, { lock: true });
        requireLeader(me);
        await endGroup(tx, request.params.id, {
          by: 'leader',
          sender: user.firstName,
          leaderUserId: user.id,
        });
      });
      return reply.status(204).send();
    },
  );

  app.patch(
    '/api/groups/:id/membership',
    {
      schema: {
        tags,
        summary: 'What I let the leaders see, and muting the group’s messages',
        params,
        body: membershipSchema,
        response: { 200: myMembershipSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const input = request.body;
      const row = await db.transaction(async (tx) => {
        const { me } = await membershipOf(tx, request.params.id, user.id, { lock: true });
        if (input.level === undefined && input.muted === undefined) return me;
        const [updated] = await tx
          .update(groupMember)
          .set(input)
          .where(eq(groupMember.id, me.id))
          .returning();
        // Below level 3 nothing stays shared: the reflections go at once.
        if (input.level && input.level !== 'reflections') {
          await tx.delete(groupReflection).where(eq(groupReflection.memberId, me.id));
        }
        if (input.level && input.level !== me.level) await bumpVersion(tx, me.groupId);
        return updated!;
      });
      return {
        memberId: row.id,
        role: row.role,
        level: row.level,
        muted: row.muted,
        joinedAt: row.joinedAt.toISOString(),
      };
    },
  );

  app.post(
    '/api/groups/:id/leave',
    { schema: { tags, summary: 'Leave a group (the leader transfers or ends it first)', params } },
    async (request, reply) => {
      const user = currentUser(request);
      await db.transaction(async (tx) => {
        const { me } = await membershipOf(tx, request.params.id, user.id, { lock: true });
        if (me.role === 'leader') {
          throw new HttpError(409, GROUP_ERRORS.leaderMustTransfer, {}, 'LEADER_MUST_TRANSFER');
        }
        await tx.delete(groupMember).where(eq(groupMember.id, me.id));
        await bumpVersion(tx, me.groupId);
      });
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/groups/:id/transfer',
    {
      schema: {
        tags,
        summary: 'Make another member the leader (the leader becomes a co-leader)',
        params,
        body: transferSchema,
        response: { 200: groupDetailSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await db.transaction(async (tx) => {
        const { me, group } = await membershipOf(tx, request.params.id, user.id, { lock: true });
        requireLeader(me);
        const target = await memberOf(tx, group.id, request.body.memberId);
        if (target.id === me.id) throw new HttpError(400, GROUP_ERRORS.notYourself, {}, 'SELF');
        const coLeaders =
          (await coLeaderCount(tx, group.id)) - (target.role === 'co-leader' ? 1 : 0);
        await tx
          .update(groupMember)
          .set({ role: coLeaders < CO_LEADERS_MAX ? 'co-leader' : 'member' })
          .where(eq(groupMember.id, me.id));
        await tx.update(groupMember).set({ role: 'leader' }).where(eq(groupMember.id, target.id));
        // The group's calendar follows its leader (ADR 0052).
        await tx.execute(sql`
          update study_group set time_zone = coalesce(
            (select u.preferences->>'timeZone' from "user" u where u.id = ${target.userId}),
            study_group.time_zone)
          where id = ${group.id}`);
        await bumpVersion(tx, group.id);
      });
      const { group, me } = await readMembership(db, request.params.id, user.id);
      return detail(group, me, user, request.lang);
    },
  );

  app.post(
    '/api/groups/:id/members/:memberId/role',
    {
      schema: {
        tags,
        summary: 'Make a member a co-leader, or a co-leader a member (the leader)',
        params: memberParams,
        body: roleSchema,
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await db.transaction(async (tx) => {
        const { me, group } = await membershipOf(tx, request.params.id, user.id, { lock: true });
        requireLeader(me);
        const target = await memberOf(tx, group.id, request.params.memberId);
        if (target.id === me.id) throw new HttpError(400, GROUP_ERRORS.notYourself, {}, 'SELF');
        if (target.role === request.body.role) return;
        if (request.body.role === 'co-leader')
          assertCoLeaderRoom(await coLeaderCount(tx, group.id));
        await tx
          .update(groupMember)
          .set({ role: request.body.role })
          .where(eq(groupMember.id, target.id));
        await bumpVersion(tx, group.id);
        // The new co-leader is told what changed for them: they see progress, all see their name.
        if (request.body.role === 'co-leader') {
          await notifyMany(
            tx,
            [target.userId],
            'groupNews',
            {
              event: 'coLeader',
              group: group.name,
              sender: user.firstName,
              url: `/groups/${group.id}`,
            },
            { dedupeKey: `co-leader:${target.id}:${group.version}` },
          );
        }
      });
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/groups/:id/members/:memberId/remove',
    {
      schema: {
        tags,
        summary: 'Remove a member (leaders; co-leaders remove members only)',
        params: memberParams,
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await db.transaction(async (tx) => {
        const { me, group } = await membershipOf(tx, request.params.id, user.id, { lock: true });
        requireLeaders(me);
        const target = await memberOf(tx, group.id, request.params.memberId);
        if (target.id === me.id) throw new HttpError(400, GROUP_ERRORS.notYourself, {}, 'SELF');
        if (target.role === 'leader' || (target.role === 'co-leader' && me.role !== 'leader')) {
          throw new HttpError(403, GROUP_ERRORS.cannotRemoveLeader, {}, 'CANNOT_REMOVE_LEADER');
        }
        await tx.delete(groupMember).where(eq(groupMember.id, target.id));
        await bumpVersion(tx, group.id);
      });
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/groups/:id/members',
    {
      schema: {
        tags,
        summary: 'The member list: leaders see each member by their level, members see names',
        params,
        querystring: membersQuerySchema,
        response: { 200: memberPageSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { group, me } = await readMembership(db, request.params.id, user.id);
      const entry = await entryOf(group, pathOf(group), new Date());
      const { sort, order, page } = request.query;
      const variant = `members|${sort}|${order}|${page}|${readerKey(me, user, request.lang)}`;
      return keptAnswer(request, reply, entry, variant, memberPageSchema, () =>
        memberPage(entry.rows, me, request.query, courses, request.lang, isLeader(me)),
      );
    },
  );

  app.get(
    '/api/groups/:id/feed',
    {
      schema: {
        tags,
        summary: 'The group’s activity: milestones of members who share activity, messages to all',
        params,
        response: { 200: groupFeedSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { group } = await readMembership(db, request.params.id, user.id);
      return { items: await feedOf(db, group, courses, request.lang) };
    },
  );

  app.post(
    '/api/groups/:id/messages',
    {
      schema: {
        tags,
        summary: 'Encourage one member or all (leaders; a few a day)',
        params,
        body: messageSchema,
        response: { 201: messageSentSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const input = request.body;
      const now = new Date();
      const senderDay = localDate(now, user.preferences.timeZone);
      const sent = await db.transaction(async (tx) => {
        const { me, group } = await membershipOf(tx, request.params.id, user.id, { lock: true });
        requireLeaders(me);
        const [{ n } = { n: 0 }] = await tx
          .select({ n: sql<number>`count(*)` })
          .from(groupMessage)
          .where(
            and(
              eq(groupMessage.groupId, group.id),
              eq(groupMessage.senderId, user.id),
              eq(groupMessage.senderDay, senderDay),
            ),
          );
        if (Number(n) >= GROUP_MESSAGES_PER_DAY) {
          throw new HttpError(
            429,
            GROUP_ERRORS.messageLimit,
            { max: GROUP_MESSAGES_PER_DAY },
            'MESSAGE_LIMIT',
          );
        }
        let to: MemberRow[];
        if (input.to === 'all') {
          to = await tx
            .select()
            .from(groupMember)
            .where(and(eq(groupMember.groupId, group.id), ne(groupMember.id, me.id)));
        } else {
          const target = await memberOf(tx, group.id, input.to);
          if (target.id === me.id) throw new HttpError(400, GROUP_ERRORS.notYourself, {}, 'SELF');
          to = [target];
        }
        const id = randomUUID();
        await tx.insert(groupMessage).values({
          id,
          groupId: group.id,
          senderId: user.id,
          senderDay,
          toMemberId: input.to === 'all' ? null : input.to,
          body: input.body,
          createdAt: now,
        });
        // Muted members keep the message out of their notifications; the leader is not told who.
        await notifyMany(
          tx,
          to.filter((m) => !m.muted).map((m) => m.userId),
          'groupMessage',
          {
            group: group.name,
            sender: user.firstName,
            message: input.body,
            url: `/groups/${group.id}`,
          },
          { dedupeKey: id, now },
        );
        return { recipients: to.length, remainingToday: GROUP_MESSAGES_PER_DAY - Number(n) - 1 };
      });
      return reply.status(201).send(sent);
    },
  );

  // ─── Shared reflections ─────────────────────────────────────────────────────────────────────

  app.get(
    '/api/groups/:id/reflections',
    {
      schema: {
        tags,
        summary: 'Reflections shared with the group (leaders; members if the leader allows)',
        params,
        querystring: reflectionsQuerySchema,
        response: { 200: reflectionListSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { group, me } = await readMembership(db, request.params.id, user.id);
      const items = await reflectionsOf(db, courses, group, me, request.lang, {
        lessonId: request.query.lessonId,
      });
      return { items };
    },
  );

  app.post(
    '/api/groups/:id/reflections',
    {
      schema: {
        tags,
        summary: 'Share my reflection on a lesson of the path with this group (level 3)',
        params,
        body: shareReflectionSchema,
        response: { 201: sharedReflectionSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { group, me } = await readMembership(db, request.params.id, user.id);
      if (me.level !== 'reflections') {
        throw new HttpError(409, GROUP_ERRORS.reflectionsLevel, {}, 'REFLECTIONS_LEVEL');
      }
      const path = pathOf(group);
      const lessonId = request.body.lessonId;
      const inPath =
        path.kind === 'course' &&
        courses.course(path.courseId)?.lessons.some((l) => l.id === lessonId);
      if (!inPath) throw new HttpError(400, GROUP_ERRORS.lessonNotInPath, {}, 'NOT_IN_PATH');
      const [written] = await db
        .select({ response: lessonProgress.response })
        .from(lessonProgress)
        .where(and(eq(lessonProgress.userId, user.id), eq(lessonProgress.lessonId, lessonId)));
      if (!written?.response.trim()) {
        throw new HttpError(409, GROUP_ERRORS.noReflection, {}, 'NO_REFLECTION');
      }
      // Never wider than the author was shown, nor than the group allows now.
      const audience =
        request.body.audience === 'members' && group.membersSeeReflections ? 'members' : 'leaders';
      await db
        .insert(groupReflection)
        .values({ id: randomUUID(), groupId: group.id, memberId: me.id, lessonId, audience })
        .onConflictDoNothing();
      const [item] = await reflectionsOf(db, courses, group, me, request.lang, {
        lessonId,
        mineOnly: true,
      });
      if (!item) throw notFound();
      return reply.status(201).send(item);
    },
  );

  app.delete(
    '/api/groups/:id/reflections/:reflectionId',
    { schema: { tags, summary: 'Stop sharing my reflection', params: reflectionParams } },
    async (request, reply) => {
      const user = currentUser(request);
      const { me } = await readMembership(db, request.params.id, user.id);
      if (!isId(request.params.reflectionId)) throw notFound();
      const gone = await db
        .delete(groupReflection)
        .where(
          and(
            eq(groupReflection.id, request.params.reflectionId),
            eq(groupReflection.memberId, me.id),
          ),
        )
        .returning({ id: groupReflection.id });
      if (gone.length === 0) throw notFound();
      return reply.status(204).send();
    },
  );

  app.put(
    '/api/groups/:id/reflections/:reflectionId/audience',
    {
      schema: {
        tags,
        summary:
          'Who reads my shared reflection: the leaders, or also the members (its author; widening needs the group to allow it)',
        params: reflectionParams,
        body: reflectionAudienceSchema,
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { me, group } = await readMembership(db, request.params.id, user.id);
      if (!isId(request.params.reflectionId)) throw notFound();
      const { audience } = request.body;
      if (audience === 'members' && !group.membersSeeReflections) {
        throw new HttpError(409, GROUP_ERRORS.membersClosed, {}, 'MEMBERS_CLOSED');
      }
      const changed = await db
        .update(groupReflection)
        .set({ audience })
        .where(
          and(
            eq(groupReflection.id, request.params.reflectionId),
            eq(groupReflection.memberId, me.id),
          ),
        )
        .returning({ id: groupReflection.id });
      if (changed.length === 0) throw notFound();
      return reply.status(204).send();
    },
  );

  app.patch(
    '/api/groups/:id/reflections/:reflectionId',
    {
      schema: {
        tags,
        summary: 'Hide a shared reflection from the group, or show it again (leaders)',
        params: reflectionParams,
        body: hideReflectionSchema,
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { me, group } = await readMembership(db, request.params.id, user.id);
      requireLeaders(me);
      if (!isId(request.params.reflectionId)) throw notFound();
      const changed = await db
        .update(groupReflection)
        .set({ hidden: request.body.hidden })
        .where(
          and(
            eq(groupReflection.id, request.params.reflectionId),
            eq(groupReflection.groupId, group.id),
          ),
        )
        .returning({ id: groupReflection.id });
      if (changed.length === 0) throw notFound();
      return reply.status(204).send();
    },
  );
}

/** Tells each author of a reflection shared with the leaders only that members may now read. */
async function askAuthorsToWiden(tx: Executor, groupId: string, name: string, version: number) {
  const authors = await tx
    .selectDistinct({ userId: groupMember.userId })
    .from(groupReflection)
    .innerJoin(groupMember, eq(groupMember.id, groupReflection.memberId))
    .where(and(eq(groupReflection.groupId, groupId), eq(groupReflection.audience, 'leaders')));
  await notifyMany(
    tx,
    authors.map((a) => a.userId),
    'groupNews',
    { event: 'reflectionsOpened', group: name, url: `/groups/${groupId}` },
    { dedupeKey: `reflections-opened:${groupId}:${version}` },
  );
}

/**
 * The reflections the reader may read: leaders all of them (hidden ones marked), members their
 * own and, if the leader allows, the others' that are not hidden. The text is the author's
 * practice response as it is now.
 */
async function reflectionsOf(
  db: Executor,
  courses: CourseCatalog,
  group: GroupRow,
  me: MemberRow,
  lang: Language,
  filter: { lessonId?: string; mineOnly?: boolean },
): Promise<SharedReflection[]> {
  const leaderView = isLeader(me);
  // A member reads another's reflection only if its author shared it with the members and the
  // group still lets members read reflections.
  const othersVisible = leaderView || group.membersSeeReflections;
  const result = await db.execute<{
    id: string;
    lesson_id: string;
    hidden: boolean;
    audience: 'leaders' | 'members';
    shared_at: string | Date;
    member_id: string;
    first_name: string;
    last_name: string;
    response: string;
    updated_at: string | Date;
  }>(sql`
    select gr.id, gr.lesson_id, gr.hidden, gr.audience, gr.shared_at, gr.member_id,
      u.first_name, u.last_name, lp.response, lp.updated_at
    from group_reflection gr
    join group_member m on m.id = gr.member_id
    join "user" u on u.id = m.user_id
    join lesson_progress lp on lp.user_id = m.user_id and lp.lesson_id = gr.lesson_id
    where gr.group_id = ${group.id}
      ${filter.lessonId ? sql`and gr.lesson_id = ${filter.lessonId}` : sql``}
      ${
        filter.mineOnly || !othersVisible
          ? sql`and gr.member_id = ${me.id}`
          : leaderView
            ? sql``
            : sql`and ((gr.hidden = false and gr.audience = 'members') or gr.member_id = ${me.id})`
      }
      and m.level = 'reflections' and btrim(lp.response) <> ''
    order by gr.shared_at desc
    limit 200`);
  return result.rows.map((r) => ({
    id: r.id,
    lesson: lessonRef(courses, r.lesson_id, lang),
    firstName: r.first_name,
    lastName: r.last_name,
    text: r.response,
    hidden: r.hidden,
    audience: r.audience,
    mine: r.member_id === me.id,
    sharedAt: new Date(r.shared_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  }));
}

/**
 * The group's feed, computed from the members' own rows (nothing copied): milestones since they
 * joined of the members whose activity sharing is on, who share progress with the group and whose
 * name the others may see (profile visibility; a leader's always), and the leaders' messages to
 * all. Newest first.
 */
async function feedOf(
  db: Executor,
  group: GroupRow,
  courses: CourseCatalog,
  lang: Language,
): Promise<FeedItem[]> {
  const path = pathOf(group);
  const lessonIds =
    path.kind === 'course' ? (courses.course(path.courseId)?.lessons.map((l) => l.id) ?? []) : [];
  // Shown by name, so only of members whose name the others may see (the leaders' always).
  const sharing = sql`m.group_id = ${group.id} and m.level <> 'membership'
    and coalesce((u.preferences->>'activitySharing')::boolean, false)
    and (m.role <> 'member' or coalesce((u.preferences->>'profileVisibility')::boolean, false))`;
  const result = await db.execute<{
    id: string;
    kind: (typeof FEED_KINDS)[number];
    first_name: string;
    last_name: string;
    lesson_id: string | null;
    badge: string | null;
    message: string | null;
    at: string | Date;
  }>(sql`
    select * from (
      select m.id || ':joined' as id, 'joined' as kind, u.first_name, u.last_name,
        null::text as lesson_id, null::text as badge, null::text as message, m.joined_at as at
      from group_member m join "user" u on u.id = m.user_id where ${sharing}
      ${
        lessonIds.length
          ? sql`union all
      select m.id || ':' || lp.lesson_id, 'lesson-completed', u.first_name, u.last_name,
        lp.lesson_id, null, null, lp.completed_at
      from group_member m join "user" u on u.id = m.user_id
      join lesson_progress lp on lp.user_id = m.user_id
      where ${sharing} and lp.completed_at >= m.joined_at
        and lp.lesson_id in (${sql.join(
          lessonIds.map((id) => sql`${id}`),
          sql`, `,
        )})`
          : sql``
      }
      ${
        path.kind === 'plan'
          ? sql`union all
      select m.id || ':plan', 'plan-finished', u.first_name, u.last_name, null, null, null,
        r.completed_at
      from group_member m join "user" u on u.id = m.user_id
      join reading_plan_run r on r.user_id = m.user_id
      where ${sharing} and r.plan_id = ${path.planId} and r.completed_at >= m.joined_at`
          : sql``
      }
      union all
      select m.id || ':' || b.badge, 'badge', u.first_name, u.last_name, null, b.badge, null,
        b.awarded_at
      from group_member m join "user" u on u.id = m.user_id
      join user_badge b on b.user_id = m.user_id
      where ${sharing} and b.awarded_at >= m.joined_at
      union all
      select gm.id, 'message', u.first_name, u.last_name, null, null, gm.body, gm.created_at
      from group_message gm join "user" u on u.id = gm.user_id
      where gm.group_id = ${group.id} and gm.to_member_id is null
    ) feed
    order by at desc, id
    limit ${GROUP_FEED_SIZE}`);
  return result.rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    firstName: r.first_name,
    lastName: r.last_name,
    lesson: r.lesson_id ? lessonRef(courses, r.lesson_id, lang) : null,
    badge: r.badge,
    message: r.message,
    at: new Date(r.at).toISOString(),
  }));
}
