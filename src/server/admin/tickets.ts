import { aliasedTable, and, count, desc, eq, gte, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_PAGE_SIZE,
  adminNoteSchema,
  adminReplySchema,
  adminTicketDetailSchema,
  adminTicketPageSchema,
  adminTicketUpdateSchema,
  adminTicketsQuerySchema,
  type AdminTicket,
} from '#shared/schemas/admin.ts';
import { SUPPORT_REPLY_HOURS } from '#shared/constants.ts';
import type { SupportSubject } from '#shared/schemas/support.ts';
import type { Database } from '../db/client.ts';
import { supportTicket, user } from '../db/schema.ts';
import { HttpError, notFound } from '../errors.ts';
import { currentUser } from '../security/access.ts';
import { ticketAnswered, type SupportEventDeps } from '../support/events.ts';
import { addMessage, threadsOf, type TicketRow } from '../support/service.ts';
import { recordAudit } from './audit.ts';
import { displayName } from './members.ts';

export interface AdminTicketDeps extends SupportEventDeps {
  db: Database;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const idParams = z.object({ id: z.string().min(1).max(100) });
const assignee = aliasedTable(user, 'assignee');

const ticketColumns = {
  ticket: supportTicket,
  assigneeFirst: assignee.firstName,
  assigneeLast: assignee.lastName,
  assigneeEmail: assignee.email,
};

/** Overdue: still waiting on the team more than 24 hours after the sender last wrote. */
function isOverdue(t: TicketRow, now: number) {
  return (
    t.status === 'open' &&
    t.awaitingSince !== null &&
    now - t.awaitingSince.getTime() > SUPPORT_REPLY_HOURS * HOUR_MS
  );
}

function toAdminTicket(
  row: {
    ticket: TicketRow;
    assigneeFirst: string | null;
    assigneeLast: string | null;
    assigneeEmail: string | null;
  },
  now: number,
): AdminTicket {
  const t = row.ticket;
  return {
    id: t.id,
    number: t.number,
    name: t.name,
    email: t.email,
    phone: t.phone,
    subject: t.subject as SupportSubject,
    status: t.status,
    priority: t.priority,
    language: t.language,
    userId: t.userId,
    assigneeId: t.assigneeId,
    assigneeName: row.assigneeEmail
      ? displayName({
          firstName: row.assigneeFirst ?? '',
          lastName: row.assigneeLast ?? '',
          email: row.assigneeEmail,
        })
      : null,
    overdue: isOverdue(t, now),
    awaitingSince: t.awaitingSince?.toISOString() ?? null,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}

export function registerAdminTicketRoutes(appBase: FastifyInstance, deps: AdminTicketDeps) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  const loadTicket = async (id: string) => {
    const [row] = await db
      .select(ticketColumns)
      .from(supportTicket)
      .leftJoin(assignee, eq(assignee.id, supportTicket.assigneeId))
      .where(eq(supportTicket.id, id));
    if (!row) throw notFound();
    return row;
  };

  app.get(
    '/api/admin/tickets',
    {
      schema: {
        tags: ['admin'],
        summary: 'The ticket queue: overdue and urgent first, then oldest waiting',
        querystring: adminTicketsQuerySchema,
        response: { 200: adminTicketPageSchema },
      },
    },
    async (request) => {
      const q = request.query;
      const me = currentUser(request);
      const now = Date.now();
      const where = and(
        q.status === 'active'
          ? ne(supportTicket.status, 'closed')
          : q.status
            ? eq(supportTicket.status, q.status)
            : undefined,
        q.subject ? eq(supportTicket.subject, q.subject) : undefined,
        q.age === 'day' ? gte(supportTicket.createdAt, new Date(now - DAY_MS)) : undefined,
        q.age === 'week' ? gte(supportTicket.createdAt, new Date(now - 7 * DAY_MS)) : undefined,
        q.age === 'older' ? lt(supportTicket.createdAt, new Date(now - 7 * DAY_MS)) : undefined,
        q.mine ? eq(supportTicket.assigneeId, me.id) : undefined,
      );
      const order: SQL[] = [
        sql`case when ${supportTicket.status} = 'open' then 0 when ${supportTicket.status} = 'waiting_on_member' then 1 when ${supportTicket.status} = 'answered' then 2 else 3 end`,
        sql`case ${supportTicket.priority} when 'urgent' then 0 when 'high' then 1 when 'normal' then 2 else 3 end`,
        sql`${supportTicket.awaitingSince} asc nulls last`,
        desc(supportTicket.updatedAt),
      ];
      const [rows, totals] = await Promise.all([
        db
          .select(ticketColumns)
          .from(supportTicket)
          .leftJoin(assignee, eq(assignee.id, supportTicket.assigneeId))
          .where(where)
          .orderBy(...order)
          .limit(ADMIN_PAGE_SIZE)
          .offset((q.page - 1) * ADMIN_PAGE_SIZE),
        db.select({ n: count() }).from(supportTicket).where(where),
      ]);
      return {
        items: rows.map((r) => toAdminTicket(r, now)),
        total: Number(totals[0]?.n ?? 0),
        page: q.page,
        pageSize: ADMIN_PAGE_SIZE,
      };
    },
  );

  app.get(
    '/api/admin/tickets/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'A ticket with its whole thread (internal notes included) and the admins',
        params: idParams,
        response: { 200: adminTicketDetailSchema },
      },
    },
    async (request) => {
      const row = await loadTicket(request.params.id);
      const [threads, admins] = await Promise.all([
        threadsOf(db, [row.ticket.id], true),
        db
          .select({
            id: user.id,
            firstName: user.firstName,
            lastName: user.lastName,
            email: user.email,
          })
          .from(user)
          .where(eq(user.role, 'admin'))
          .orderBy(user.firstName)
          .limit(100),
      ]);
      return {
        ...toAdminTicket(row, Date.now()),
        messages: threads.get(row.ticket.id) ?? [],
        admins: admins.map((a) => ({ id: a.id, name: displayName(a) })),
      };
    },
  );

  app.patch(
    '/api/admin/tickets/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Close or reopen a ticket, set its priority, assign it to an admin',
        params: idParams,
        body: adminTicketUpdateSchema,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const changes = request.body;
      await db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(supportTicket)
          .where(eq(supportTicket.id, request.params.id))
          .for('update');
        if (!before) throw notFound();
        // Any id but null (unassigned) must name an admin: "" or an unknown id is a 400, not
        // a write that the foreign key refuses.
        if (changes.assigneeId !== undefined && changes.assigneeId !== null) {
          const [admin] = await tx
            .select({ id: user.id })
            .from(user)
            .where(and(eq(user.id, changes.assigneeId), eq(user.role, 'admin')));
          if (!admin) throw new HttpError(400, 'admin.errors.notAnAdmin', {}, 'NOT_AN_ADMIN');
        }
        const now = new Date();
        const reopening = changes.status === 'open' && before.status !== 'open';
        await tx
          .update(supportTicket)
          .set({
            ...changes,
            ...(changes.status === 'closed' ? { closedAt: now } : {}),
            ...(reopening ? { closedAt: null, awaitingSince: before.awaitingSince ?? now } : {}),
            updatedAt: now,
          })
          .where(eq(supportTicket.id, before.id));
        const target = { type: 'ticket' as const, id: before.id, label: `#${before.number}` };
        if (changes.status !== undefined && changes.status !== before.status) {
          const action =
            changes.status === 'closed'
              ? 'ticket.close'
              : before.status === 'closed'
                ? 'ticket.reopen'
                : 'ticket.status';
          await recordAudit(tx, me, action, target, { from: before.status, to: changes.status });
        }
        if (changes.priority !== undefined && changes.priority !== before.priority) {
          await recordAudit(tx, me, 'ticket.priority', target, {
            from: before.priority,
            to: changes.priority,
          });
        }
        if (changes.assigneeId !== undefined && changes.assigneeId !== before.assigneeId) {
          await recordAudit(tx, me, 'ticket.assign', target, { assigneeId: changes.assigneeId });
        }
      });
      return { ok: true as const };
    },
  );

  app.post(
    '/api/admin/tickets/:id/replies',
    {
      schema: {
        tags: ['admin'],
        summary: 'Answer the sender: added to the thread and e-mailed in their language',
        params: idParams,
        body: adminReplySchema,
        response: { 201: z.object({ emailed: z.boolean() }) },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const authorName = displayName(me);
      const ticket = await db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(supportTicket)
          .where(eq(supportTicket.id, request.params.id))
          .for('update');
        if (!before) throw notFound();
        const now = new Date();
        await tx
          .update(supportTicket)
          .set({
            status: request.body.status,
            awaitingSince: null,
            closedAt: null,
            firstRepliedAt: before.firstRepliedAt ?? now,
            assigneeId: before.assigneeId ?? me.id,
            updatedAt: now,
          })
          .where(eq(supportTicket.id, before.id));
        await addMessage(tx, {
          ticketId: before.id,
          author: 'staff',
          authorId: me.id,
          authorName,
          body: request.body.body,
          createdAt: now,
        });
        await recordAudit(
          tx,
          me,
          'ticket.reply',
          { type: 'ticket', id: before.id, label: `#${before.number}` },
          { status: request.body.status },
        );
        return before;
      });
      const { emailed } = await ticketAnswered(deps, ticket, {
        body: request.body.body,
        authorName,
      });
      return reply.status(201).send({ emailed });
    },
  );

  app.post(
    '/api/admin/tickets/:id/notes',
    {
      schema: {
        tags: ['admin'],
        summary: 'An internal note on a ticket (never shown to the sender)',
        params: idParams,
        body: adminNoteSchema,
        response: { 201: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      await db.transaction(async (tx) => {
        const [ticket] = await tx
          .select({ id: supportTicket.id, number: supportTicket.number })
          .from(supportTicket)
          .where(eq(supportTicket.id, request.params.id));
        if (!ticket) throw notFound();
        await addMessage(tx, {
          ticketId: ticket.id,
          author: 'note',
          authorId: me.id,
          authorName: displayName(me),
          body: request.body.body,
        });
        await tx
          .update(supportTicket)
          .set({ updatedAt: new Date() })
          .where(eq(supportTicket.id, ticket.id));
        await recordAudit(tx, me, 'ticket.note', {
          type: 'ticket',
          id: ticket.id,
          label: `#${ticket.number}`,
        });
      });
      return reply.status(201).send({ ok: true as const });
    },
  );
}
