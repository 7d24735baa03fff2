/**
 * Churches (issue 38 item 4, ADR 0067): pastors, the code that lets a leader ask to attach a
 * group, a pastor's approval, and the weekly roll-up of counts. The routes are listed in
 * src/shared/churches.ts. A church is answered only to its pastors (404 to anyone else, the
 * same as a church that does not exist); a group's church only to the people in the group.
 */
import { and, count, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomInt, randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  ACTIVE_DAYS_AIM,
  CHURCH_CODE_ALPHABET,
  CHURCH_CODE_LENGTH,
  CHURCH_ERRORS,
  CHURCH_GROUPS_MAX,
  CHURCH_INVITATION_DAYS,
  CHURCH_PASTORS_MAX,
  CHURCH_WEEKS_BACK,
  CHURCHES_PASTORED_MAX,
  attachChurchSchema,
  churchDetailSchema,
  churchInvitationPreviewSchema,
  churchSummarySchema,
  createChurchSchema,
  formatChurchCode,
  groupChurchSchema,
  groupRhythmSchema,
  normalizeChurchCode,
  pastorInvitationSchema,
  renameChurchSchema,
  rhythmInputSchema,
  weekQuerySchema,
  weekReportSchema,
  type ChurchDetail,
  type GroupChurch,
  type GroupRhythm,
} from '#shared/churches.ts';
import type { Language } from '#shared/constants.ts';
import { addDays, daysBetween, localDate, periodOf, usableTimeZone } from '#shared/values/time.ts';
import type { CourseCatalog } from '../courses/service.ts';
import type { Database, Executor } from '../db/client.ts';
import { createOnce } from '../db/create-once.ts';
import {
  activityDay,
  church,
  churchGroup,
  churchInvitation,
  churchPastor,
  groupMember,
  user,
} from '../db/schema.ts';
import { HttpError } from '../errors.ts';
import { translate } from '../i18n/translate.ts';
import { currentUser } from '../security/access.ts';
import type { RateLimitStore } from '../security/rate-limit-store.ts';
import { groupToday } from '../groups/progress.ts';
import { rateLimited } from '../groups/routes.ts';
import { hashToken, isId, newToken, readMembership } from '../groups/service.ts';
import { churchGroups, csvLine, weekRows } from './rollup.ts';

type ChurchRow = typeof church.$inferSelect;

const HOUR = 3600;
/** Codes a leader may try in an hour (a code is 8 of 31 characters: not guessable at this pace). */
export const CODE_TRIES_PER_HOUR = 20;

const params = z.object({ id: z.string().max(100) });
const groupParams = z.object({ id: z.string().max(100), groupId: z.string().max(100) });
const tokenParams = z.object({ token: z.string().max(200) });

export const churchInvitationPath = (token: string) => `/churches?invite=${token}`;

const newCode = () =>
  Array.from(
    { length: CHURCH_CODE_LENGTH },
    () => CHURCH_CODE_ALPHABET[randomInt(CHURCH_CODE_ALPHABET.length)],
  ).join('');

const notFound = () => new HttpError(404, CHURCH_ERRORS.notFound, {}, 'NOT_FOUND');

/** The church, if the reader pastors it; 404 otherwise (a church is not shown to others). */
export async function pastoredChurch(
  db: Executor,
  churchId: string,
  userId: string,
): Promise<ChurchRow> {
  if (!isId(churchId)) throw notFound();
  const [row] = await db
    .select({ church })
    .from(church)
    .innerJoin(
      churchPastor,
      and(eq(churchPastor.churchId, church.id), eq(churchPastor.userId, userId)),
    )
    .where(eq(church.id, churchId));
  if (!row) throw notFound();
  return row.church;
}

async function pastoredCount(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(churchPastor)
    .where(eq(churchPastor.userId, userId));
  return Number(row?.n ?? 0);
}

const thisWeek = (c: Pick<ChurchRow, 'timeZone'>, now: Date) =>
  periodOf('weekly', localDate(now, usableTimeZone(c.timeZone))).start;

async function detailOf(db: Executor, c: ChurchRow, userId: string): Promise<ChurchDetail> {
  const [pastors, groups] = await Promise.all([
    db
      .select({ userId: churchPastor.userId, firstName: user.firstName, lastName: user.lastName })
      .from(churchPastor)
      .innerJoin(user, eq(user.id, churchPastor.userId))
      .where(eq(churchPastor.churchId, c.id))
      .orderBy(churchPastor.addedAt),
    churchGroups(db, c.id),
  ]);
  const shape = (g: (typeof groups)[number]) => ({
    groupId: g.groupId,
    name: g.name,
    leader: g.leader,
    members: g.members,
    since: g.since.toISOString(),
  });
  return {
    id: c.id,
    name: c.name,
    code: formatChurchCode(c.code),
    timeZone: c.timeZone,
    thisWeek: thisWeek(c, new Date()),
    pastors: pastors.map((p) => ({
      name: `${p.firstName} ${p.lastName}`.trim(),
      me: p.userId === userId,
    })),
    groups: groups.filter((g) => g.status === 'attached').map(shape),
    requests: groups.filter((g) => g.status === 'pending').map(shape),
  };
}

/** Deletes the churches left with no pastor (run when a pastor's account is deleted). */
export async function deleteChurchesWithoutPastors(tx: Executor): Promise<void> {
  await tx.execute(
    sql`delete from church c where not exists (select 1 from church_pastor p where p.church_id = c.id)`,
  );
}

/** A group's rhythm this week for one reader: their aim and days, and the group's count. */
async function rhythmOf(
  db: Executor,
  group: { id: string; timeZone: string },
  me: { id: string; userId: string; aim: number; level: string },
): Promise<GroupRhythm> {
  const week = periodOf('weekly', groupToday(group, new Date()));
  const days = sql<number>`(select count(*) from ${activityDay} d where d.user_id = ${groupMember.userId}
    and d.day between ${week.start} and ${week.end})`;
  const [mine] = await db
    .select({ n: count() })
    .from(activityDay)
    .where(
      and(
        eq(activityDay.userId, me.userId),
        sql`${activityDay.day} between ${week.start} and ${week.end}`,
      ),
    );
  const [group_] = await db
    .select({
      sharing: count(),
      reached: sql<number>`count(*) filter (where ${days} >= ${groupMember.aim})`,
    })
    .from(groupMember)
    .where(and(eq(groupMember.groupId, group.id), ne(groupMember.level, 'membership')));
  return {
    weekStart: week.start,
    weekEnd: week.end,
    aim: me.aim,
    myDays: Number(mine?.n ?? 0),
    reached: Number(group_?.reached ?? 0),
    sharing: Number(group_?.sharing ?? 0),
    counted: me.level !== 'membership',
  };
}

export function registerChurchRoutes(
  appBase: FastifyInstance,
  deps: { db: Database; courses: CourseCatalog; appUrl: string; rateLimitStore: RateLimitStore },
) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['churches'];

  app.get(
    '/api/churches',
    {
      schema: {
        tags,
        summary: 'The churches I pastor',
        response: { 200: z.array(churchSummarySchema) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const rows = await db
        .select({
          id: church.id,
          name: church.name,
          pastors: sql<number>`(select count(*) from church_pastor p where p.church_id = ${church.id})`,
          groups: sql<number>`(select count(*) from church_group g join study_group s on s.id = g.group_id
            where g.church_id = ${church.id} and g.status = 'attached' and s.ended_at is null)`,
          requests: sql<number>`(select count(*) from church_group g join study_group s on s.id = g.group_id
            where g.church_id = ${church.id} and g.status = 'pending' and s.ended_at is null)`,
        })
        .from(church)
        .innerJoin(churchPastor, eq(churchPastor.churchId, church.id))
        .where(eq(churchPastor.userId, me.id))
        .orderBy(church.name);
      return rows.map((r) => ({
        ...r,
        pastors: Number(r.pastors),
        groups: Number(r.groups),
        requests: Number(r.requests),
      }));
    },
  );

  app.post(
    '/api/churches',
    {
      schema: {
        tags,
        summary: 'Create a church; I am its first pastor',
        body: createChurchSchema,
        response: { 200: churchDetailSchema, 201: churchDetailSchema },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const { row, created } = await createOnce(request.body.id, {
        find: async (id) => {
          const [found] = await db.select().from(church).where(eq(church.id, id));
          if (!found) return undefined;
          const [mine] = await db
            .select({ userId: churchPastor.userId })
            .from(churchPastor)
            .where(and(eq(churchPastor.churchId, id), eq(churchPastor.userId, me.id)));
          return { church: found, mine: Boolean(mine) };
        },
        owns: (found) => found.mine,
        insert: async (id) =>
          db.transaction(async (tx) => {
            // One at a time per member: the limit holds against two tabs creating at once.
            await tx.execute(sql`select id from "user" where id = ${me.id} for update`);
            if ((await pastoredCount(tx, me.id)) >= CHURCHES_PASTORED_MAX) {
              throw new HttpError(409, CHURCH_ERRORS.pastorLimit, {
                count: CHURCHES_PASTORED_MAX,
              });
            }
            const [made] = await tx
              .insert(church)
              .values({
                id,
                name: request.body.name,
                code: newCode(),
                timeZone: usableTimeZone(me.preferences.timeZone),
              })
              .onConflictDoNothing()
              .returning();
            if (!made) return null;
            await tx.insert(churchPastor).values({ churchId: id, userId: me.id });
            return { church: made, mine: true };
          }),
      });
      return reply.status(created ? 201 : 200).send(await detailOf(db, row.church, me.id));
    },
  );

  app.get(
    '/api/churches/:id',
    {
      schema: {
        tags,
        summary: 'A church as its pastors see it: code, pastors, groups, requests',
        params,
        response: { 200: churchDetailSchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      return detailOf(db, await pastoredChurch(db, request.params.id, me.id), me.id);
    },
  );

  app.patch(
    '/api/churches/:id',
    {
      schema: {
        tags,
        summary: 'Rename a church (a pastor)',
        params,
        body: renameChurchSchema,
        response: { 200: churchDetailSchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const c = await pastoredChurch(db, request.params.id, me.id);
      const [updated] = await db
        .update(church)
        .set({ name: request.body.name, updatedAt: new Date() })
        .where(eq(church.id, c.id))
        .returning();
      return detailOf(db, updated!, me.id);
    },
  );

  app.delete(
    '/api/churches/:id',
    {
      schema: {
        tags,
        summary: 'Delete a church: its groups go on, out of it; nothing of a group is deleted',
        params,
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const c = await pastoredChurch(db, request.params.id, me.id);
      await db.delete(church).where(eq(church.id, c.id));
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/churches/:id/code',
    {
      schema: {
        tags,
        summary: 'A new code for the church’s leaders (the old one stops working)',
        params,
        response: { 200: churchDetailSchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const c = await pastoredChurch(db, request.params.id, me.id);
      const [updated] = await db
        .update(church)
        .set({ code: newCode(), updatedAt: new Date() })
        .where(eq(church.id, c.id))
        .returning();
      return detailOf(db, updated!, me.id);
    },
  );

  app.post(
    '/api/churches/:id/leave',
    { schema: { tags, summary: 'Stop being a pastor of a church (not its last one)', params } },
    async (request, reply) => {
      const me = currentUser(request);
      await db.transaction(async (tx) => {
        const c = await pastoredChurch(tx, request.params.id, me.id);
        await tx.execute(sql`select id from church where id = ${c.id} for update`);
        const [n] = await tx
          .select({ n: count() })
          .from(churchPastor)
          .where(eq(churchPastor.churchId, c.id));
        if (Number(n?.n ?? 0) <= 1) throw new HttpError(409, CHURCH_ERRORS.lastPastor);
        await tx
          .delete(churchPastor)
          .where(and(eq(churchPastor.churchId, c.id), eq(churchPastor.userId, me.id)));
      });
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/churches/:id/pastor-invitations',
    {
      schema: {
        tags,
        summary: 'A link that makes whoever opens it a pastor (one use, 7 days; shown once)',
        params,
        response: { 200: pastorInvitationSchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const c = await pastoredChurch(db, request.params.id, me.id);
      const token = newToken();
      const expiresAt = new Date(Date.now() + CHURCH_INVITATION_DAYS * 86_400_000);
      await db
        .insert(churchInvitation)
        .values({ id: randomUUID(), churchId: c.id, tokenHash: hashToken(token), expiresAt });
      return {
        token,
        url: `${deps.appUrl}${churchInvitationPath(token)}`,
        expiresAt: expiresAt.toISOString(),
      };
    },
  );

  async function invitationByToken(db_: Executor, token: string) {
    const [row] = await db_
      .select({ inv: churchInvitation, church })
      .from(churchInvitation)
      .innerJoin(church, eq(church.id, churchInvitation.churchId))
      .where(eq(churchInvitation.tokenHash, hashToken(token)));
    return row;
  }
  const usable = (inv: typeof churchInvitation.$inferSelect, now: Date) =>
    inv.usedAt === null && inv.expiresAt > now;

  app.get(
    '/api/church-invitations/:token',
    {
      schema: {
        tags,
        summary: 'What a pastor’s invitation link shows before accepting',
        params: tokenParams,
        response: { 200: churchInvitationPreviewSchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const row = await invitationByToken(db, request.params.token);
      if (!row) throw new HttpError(404, CHURCH_ERRORS.invitation, {}, 'NOT_FOUND');
      const [already] = await db
        .select({ userId: churchPastor.userId })
        .from(churchPastor)
        .where(and(eq(churchPastor.churchId, row.church.id), eq(churchPastor.userId, me.id)));
      return {
        churchName: row.church.name,
        usable: usable(row.inv, new Date()),
        alreadyPastor: Boolean(already),
      };
    },
  );

  app.post(
    '/api/church-invitations/:token/accept',
    {
      schema: {
        tags,
        summary: 'Become a pastor of the church with a pastor’s invitation link',
        params: tokenParams,
        response: { 200: churchSummarySchema },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      await rateLimited(deps.rateLimitStore, reply, `churches:accept:${me.id}`, {
        window: HOUR,
        max: CODE_TRIES_PER_HOUR,
      });
      const c = await db.transaction(async (tx) => {
        const row = await invitationByToken(tx, request.params.token);
        if (!row) throw new HttpError(404, CHURCH_ERRORS.invitation, {}, 'NOT_FOUND');
        const [already] = await tx
          .select({ userId: churchPastor.userId })
          .from(churchPastor)
          .where(and(eq(churchPastor.churchId, row.church.id), eq(churchPastor.userId, me.id)));
        if (already) return row.church;
        await tx.execute(sql`select id from church where id = ${row.church.id} for update`);
        await tx.execute(sql`select id from "user" where id = ${me.id} for update`);
        // Used once: the update that marks it is the check (two people at once: one wins).
        const taken = await tx
          .update(churchInvitation)
          .set({ usedAt: new Date() })
          .where(
            and(
              eq(churchInvitation.id, row.inv.id),
              isNull(churchInvitation.usedAt),
              gt(churchInvitation.expiresAt, new Date()),
            ),
          )
          .returning({ id: churchInvitation.id });
        if (taken.length === 0) throw new HttpError(410, CHURCH_ERRORS.invitation, {}, 'GONE');
        const [n] = await tx
          .select({ n: count() })
          .from(churchPastor)
          .where(eq(churchPastor.churchId, row.church.id));
        if (Number(n?.n ?? 0) >= CHURCH_PASTORS_MAX) {
          throw new HttpError(409, CHURCH_ERRORS.pastorsFull, { count: CHURCH_PASTORS_MAX });
        }
        if ((await pastoredCount(tx, me.id)) >= CHURCHES_PASTORED_MAX) {
          throw new HttpError(409, CHURCH_ERRORS.pastorLimit, { count: CHURCHES_PASTORED_MAX });
        }
        await tx.insert(churchPastor).values({ churchId: row.church.id, userId: me.id });
        return row.church;
      });
      const detail = await detailOf(db, c, me.id);
      return {
        id: c.id,
        name: c.name,
        pastors: detail.pastors.length,
        groups: detail.groups.length,
        requests: detail.requests.length,
      };
    },
  );

  app.post(
    '/api/churches/:id/groups/:groupId/approve',
    {
      schema: {
        tags,
        summary: 'Approve a group that asked to join the church (a pastor)',
        params: groupParams,
        response: { 200: churchDetailSchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const c = await pastoredChurch(db, request.params.id, me.id);
      const done = await db
        .update(churchGroup)
        .set({ status: 'attached', attachedAt: new Date() })
        .where(
          and(
            eq(churchGroup.churchId, c.id),
            eq(churchGroup.groupId, request.params.groupId),
            eq(churchGroup.status, 'pending'),
          ),
        )
        .returning({ groupId: churchGroup.groupId });
      if (done.length === 0) throw new HttpError(404, 'errors.notFound', {}, 'NOT_FOUND');
      return detailOf(db, c, me.id);
    },
  );

  app.post(
    '/api/churches/:id/groups/:groupId/remove',
    {
      schema: {
        tags,
        summary: 'Decline a group’s request, or take an attached group out of the church',
        params: groupParams,
        response: { 200: churchDetailSchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const c = await pastoredChurch(db, request.params.id, me.id);
      const gone = await db
        .delete(churchGroup)
        .where(and(eq(churchGroup.churchId, c.id), eq(churchGroup.groupId, request.params.groupId)))
        .returning({ groupId: churchGroup.groupId });
      if (gone.length === 0) throw new HttpError(404, 'errors.notFound', {}, 'NOT_FOUND');
      return detailOf(db, c, me.id);
    },
  );

  /** The church, week and language of a report asked for; 400 for a week out of range. */
  async function reportOf(
    me: ReturnType<typeof currentUser>,
    churchId: string,
    week: string | undefined,
  ) {
    const c = await pastoredChurch(db, churchId, me.id);
    const current = thisWeek(c, new Date());
    const start = week ?? current;
    const back = daysBetween(start, current);
    if (periodOf('weekly', start).start !== start || back < 0 || back > CHURCH_WEEKS_BACK * 7) {
      throw new HttpError(400, CHURCH_ERRORS.week, { weeks: CHURCH_WEEKS_BACK }, 'WEEK');
    }
    return { church: c, week: { start, end: addDays(start, 6) } };
  }

  app.get(
    '/api/churches/:id/report',
    {
      schema: {
        tags,
        summary: 'A week of the church’s groups, counts only; the week is named by its Monday',
        params,
        querystring: weekQuerySchema,
        response: { 200: weekReportSchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { church: c, week } = await reportOf(me, request.params.id, request.query.week);
      return {
        churchId: c.id,
        churchName: c.name,
        weekStart: week.start,
        weekEnd: week.end,
        aim: ACTIVE_DAYS_AIM,
        groups: await weekRows(db, deps, c.id, week, request.lang),
      };
    },
  );

  app.get(
    '/api/churches/:id/report.csv',
    {
      schema: {
        tags,
        summary: 'The same week as a CSV file, in the pastor’s own language',
        params,
        querystring: weekQuerySchema,
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const { church: c, week } = await reportOf(me, request.params.id, request.query.week);
      // The pastor's saved language: a link the browser follows carries no app header.
      const lang: Language = me.preferences.language ?? request.lang;
      const groups = await weekRows(db, deps, c.id, week, lang);
      const head = [
        'group',
        'leader',
        'members',
        'meetings',
        'attendance',
        'places',
        'visitors',
        'covered',
        'sharing',
        'reachedAim',
      ].map((k) => translate(lang, `churches.csv.${k}`, { aim: ACTIVE_DAYS_AIM }));
      const lines = [
        csvLine(head),
        ...groups.map((g) =>
          csvLine([
            g.name,
            g.leader,
            g.members,
            g.meetings,
            g.attendance,
            g.places,
            g.visitors,
            g.covered.join(' · '),
            g.sharing,
            g.reachedAim,
          ]),
        ),
      ];
      const slug = c.name.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'church';
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="church-${week.start}.csv"; filename*=UTF-8''${encodeURIComponent(`${slug}-${week.start}.csv`)}`,
        )
        .header('cache-control', 'private, no-store')
        .send(`\uFEFF${lines.join('\r\n')}\r\n`);
    },
  );

  // ---- A group's side: its church, and its weekly rhythm --------------------------------

  async function groupChurchOf(groupId: string, leader: boolean): Promise<GroupChurch> {
    const [row] = await db
      .select({ name: church.name, status: churchGroup.status })
      .from(churchGroup)
      .innerJoin(church, eq(church.id, churchGroup.churchId))
      .where(eq(churchGroup.groupId, groupId));
    return { church: row ?? null, canChange: leader };
  }

  app.get(
    '/api/groups/:id/church',
    {
      schema: {
        tags: ['groups'],
        summary: 'The church the group belongs to, or asked to (everyone in the group)',
        params,
        response: { 200: groupChurchSchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { group, me: member } = await readMembership(db, request.params.id, me.id);
      return groupChurchOf(group.id, member.role === 'leader');
    },
  );

  app.put(
    '/api/groups/:id/church',
    {
      schema: {
        tags: ['groups'],
        summary: 'Ask to attach the group to a church, by its code (the leader; a pastor approves)',
        params,
        body: attachChurchSchema,
        response: { 200: groupChurchSchema },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const { group, me: member } = await readMembership(db, request.params.id, me.id);
      if (member.role !== 'leader') throw new HttpError(403, CHURCH_ERRORS.leaderOnly);
      await rateLimited(deps.rateLimitStore, reply, `churches:code:${me.id}`, {
        window: HOUR,
        max: CODE_TRIES_PER_HOUR,
      });
      const code = normalizeChurchCode(request.body.code);
      await db.transaction(async (tx) => {
        const [target] = await tx.select().from(church).where(eq(church.code, code));
        if (!target) throw new HttpError(404, CHURCH_ERRORS.code, {}, 'NOT_FOUND');
        await tx.execute(sql`select id from church where id = ${target.id} for update`);
        const [current] = await tx
          .select()
          .from(churchGroup)
          .where(eq(churchGroup.groupId, group.id));
        if (current?.churchId === target.id) return;
        const [n] = await tx
          .select({ n: count() })
          .from(churchGroup)
          .where(eq(churchGroup.churchId, target.id));
        if (Number(n?.n ?? 0) >= CHURCH_GROUPS_MAX) {
          throw new HttpError(409, CHURCH_ERRORS.groupsFull, { count: CHURCH_GROUPS_MAX });
        }
        // One church per group: asking another leaves the first (a pastor approves again).
        if (current) await tx.delete(churchGroup).where(eq(churchGroup.groupId, group.id));
        await tx
          .insert(churchGroup)
          .values({ groupId: group.id, churchId: target.id, status: 'pending' });
      });
      return groupChurchOf(group.id, true);
    },
  );

  app.delete(
    '/api/groups/:id/church',
    {
      schema: {
        tags: ['groups'],
        summary: 'Take the group out of its church, or withdraw its request (the leader)',
        params,
        response: { 200: groupChurchSchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { group, me: member } = await readMembership(db, request.params.id, me.id);
      if (member.role !== 'leader') throw new HttpError(403, CHURCH_ERRORS.leaderOnly);
      await db.delete(churchGroup).where(eq(churchGroup.groupId, group.id));
      return groupChurchOf(group.id, true);
    },
  );

  app.get(
    '/api/groups/:id/rhythm',
    {
      schema: {
        tags: ['groups'],
        summary:
          'This week: my aim and active days, and how many of the group reached their aim (a count)',
        params,
        response: { 200: groupRhythmSchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { group, me: member } = await readMembership(db, request.params.id, me.id);
      return rhythmOf(db, group, member);
    },
  );

  app.put(
    '/api/groups/:id/rhythm',
    {
      schema: {
        tags: ['groups'],
        summary: 'Change my aim: active days a week',
        params,
        body: rhythmInputSchema,
        response: { 200: groupRhythmSchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { group, me: member } = await readMembership(db, request.params.id, me.id);
      const [updated] = await db
        .update(groupMember)
        .set({ aim: request.body.aim })
        .where(eq(groupMember.id, member.id))
        .returning();
      return rhythmOf(db, group, updated!);
    },
  );
}
