/**
 * Meeting reports (reporte de célula, issue 38 item 3): the leader and co-leaders record a
 * meeting (who came, visitors, what it covered, the prayer needs they heard, a note) and read the
 * reports; every member reads their own attendance, and nothing else of them.
 */
import { and, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Language } from '#shared/constants.ts';
import {
  MEETING_DAYS_BACK,
  MEETING_ERRORS,
  MEETINGS_LISTED,
  createMeetingSchema,
  meetingListSchema,
  meetingReportSchema,
  type MeetingReport,
} from '#shared/meetings.ts';
import { daysBetween, localDate } from '#shared/values/time.ts';
import type { CourseCatalog } from '../courses/service.ts';
import type { Database } from '../db/client.ts';
import { createOnce } from '../db/create-once.ts';
import { groupAttendance, groupMeeting, groupMember, studySheet } from '../db/schema.ts';
import { HttpError, notFound } from '../errors.ts';
import { currentUser } from '../security/access.ts';
import { groupToday } from './progress.ts';
import {
  isId,
  isLeader,
  pathOf,
  readMembership,
  requireLeaders,
  type GroupRow,
} from './service.ts';
import { lessonRef, pathLessons } from './shape.ts';

type MeetingRow = typeof groupMeeting.$inferSelect;

const params = z.object({ id: z.string().max(100) });
const meetingParams = z.object({ id: z.string().max(100), meetingId: z.string().max(100) });

export function registerMeetingRoutes(
  appBase: FastifyInstance,
  deps: { db: Database; courses: CourseCatalog },
) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { db, courses } = deps;
  const tags = ['groups'];

  /** A report as the leaders read it: who came among those still in the group. */
  function shape(row: MeetingRow, present: string[], lang: Language): MeetingReport {
    const covered =
      row.coveredKind && row.coveredId
        ? {
            kind: row.coveredKind,
            id: row.coveredId,
            title:
              row.coveredKind === 'lesson'
                ? lessonRef(courses, row.coveredId, lang).title
                : (row.coveredTitle ?? ''),
          }
        : null;
    return {
      id: row.id,
      heldOn: row.heldOn,
      present,
      members: row.members,
      visitors: row.visitors,
      visitorNames: row.visitorNames,
      covered,
      prayer: row.prayer,
      note: row.note,
      createdAt: row.createdAt.toISOString(),
    };
  }

  async function presentAt(meetingIds: string[]): Promise<Map<string, string[]>> {
    const byMeeting = new Map<string, string[]>(meetingIds.map((id) => [id, []]));
    if (meetingIds.length === 0) return byMeeting;
    const rows = await db
      .select()
      .from(groupAttendance)
      .where(inArray(groupAttendance.meetingId, meetingIds));
    for (const row of rows) byMeeting.get(row.meetingId)?.push(row.memberId);
    return byMeeting;
  }

  /** What the report says it covered, checked against the group: none when no longer there. */
  async function coveredOf(
    group: GroupRow,
    covered: { kind: 'lesson' | 'sheet'; id: string } | null,
  ): Promise<Pick<MeetingRow, 'coveredKind' | 'coveredId' | 'coveredTitle'>> {
    const none = { coveredKind: null, coveredId: null, coveredTitle: null };
    if (!covered) return none;
    if (covered.kind === 'lesson') {
      const onPath = pathLessons(pathOf(group), courses, 'en').some((l) => l.id === covered.id);
      return onPath ? { coveredKind: 'lesson', coveredId: covered.id, coveredTitle: null } : none;
    }
    if (!isId(covered.id)) return none;
    const [sheet] = await db
      .select({ title: studySheet.title })
      .from(studySheet)
      .where(and(eq(studySheet.id, covered.id), eq(studySheet.groupId, group.id)));
    return sheet
      ? { coveredKind: 'sheet', coveredId: covered.id, coveredTitle: sheet.title }
      : none;
  }

  app.get(
    '/api/groups/:id/meetings',
    {
      schema: {
        tags,
        summary: 'Meeting reports (the leaders) and my own attendance (everyone in the group)',
        params,
        response: { 200: meetingListSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { group, me } = await readMembership(db, request.params.id, user.id);
      const since = localDate(me.joinedAt, group.timeZone);
      const mine = await db
        .select({
          heldOn: groupMeeting.heldOn,
          present: sql<boolean>`exists (select 1 from ${groupAttendance} a
            where a.meeting_id = ${groupMeeting.id} and a.member_id = ${me.id})`,
        })
        .from(groupMeeting)
        .where(and(eq(groupMeeting.groupId, group.id), gte(groupMeeting.heldOn, since)))
        .orderBy(desc(groupMeeting.heldOn), desc(groupMeeting.createdAt))
        .limit(MEETINGS_LISTED);
      const leads = isLeader(me);
      let reports: MeetingReport[] | null = null;
      if (leads) {
        const rows = await db
          .select()
          .from(groupMeeting)
          .where(eq(groupMeeting.groupId, group.id))
          .orderBy(desc(groupMeeting.heldOn), desc(groupMeeting.createdAt))
          .limit(MEETINGS_LISTED);
        const present = await presentAt(rows.map((r) => r.id));
        reports = rows.map((row) => shape(row, present.get(row.id) ?? [], request.lang));
      }
      return {
        canRecord: leads,
        reports,
        mine: mine.map((m) => ({ heldOn: m.heldOn, present: Boolean(m.present) })),
      };
    },
  );

  app.post(
    '/api/groups/:id/meetings',
    {
      schema: {
        tags,
        summary: 'Record a meeting (the leader and co-leaders); the same id again makes it once',
        params,
        body: createMeetingSchema,
        response: { 200: meetingReportSchema, 201: meetingReportSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { group, me } = await readMembership(db, request.params.id, user.id);
      requireLeaders(me);
      const input = request.body;
      const ago = daysBetween(input.heldOn, groupToday(group, new Date()));
      if (ago < 0 || ago > MEETING_DAYS_BACK) {
        throw new HttpError(400, MEETING_ERRORS.date, { days: MEETING_DAYS_BACK }, 'MEETING_DATE');
      }
      const { row, created } = await createOnce(input.id, {
        find: async (id) =>
          (await db.select().from(groupMeeting).where(eq(groupMeeting.id, id)))[0],
        owns: (found) => found.groupId === group.id,
        insert: async (id) => {
          const covered = await coveredOf(group, input.covered);
          return db.transaction(async (tx) => {
            const [size] = await tx
              .select({ n: count() })
              .from(groupMember)
              .where(eq(groupMember.groupId, group.id));
            const [made] = await tx
              .insert(groupMeeting)
              .values({
                id,
                groupId: group.id,
                heldOn: input.heldOn,
                members: Number(size?.n ?? 0),
                visitors: input.visitors,
                visitorNames: input.visitorNames,
                ...covered,
                prayer: input.prayer,
                note: input.note,
              })
              .onConflictDoNothing()
              .returning();
            if (!made) return null;
            // Members only, of this group, still in it (one who left since is not counted).
            const wanted = [...new Set(input.present)].filter(isId);
            const members = wanted.length
              ? await tx
                  .select({ id: groupMember.id })
                  .from(groupMember)
                  .where(and(eq(groupMember.groupId, group.id), inArray(groupMember.id, wanted)))
              : [];
            if (members.length) {
              await tx
                .insert(groupAttendance)
                .values(members.map((m) => ({ meetingId: id, memberId: m.id })));
            }
            return made;
          });
        },
      });
      const present = await presentAt([row.id]);
      return reply
        .status(created ? 201 : 200)
        .send(shape(row, present.get(row.id) ?? [], request.lang));
    },
  );

  app.delete(
    '/api/groups/:id/meetings/:meetingId',
    {
      schema: { tags, summary: 'Delete a meeting report (the leaders)', params: meetingParams },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { id, meetingId } = request.params;
      const { me } = await readMembership(db, id, user.id);
      requireLeaders(me);
      if (!isId(meetingId)) throw notFound();
      const gone = await db
        .delete(groupMeeting)
        .where(and(eq(groupMeeting.id, meetingId), eq(groupMeeting.groupId, id)))
        .returning({ id: groupMeeting.id });
      if (gone.length === 0) throw notFound();
      return reply.status(204).send();
    },
  );
}
