import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SUPPORT_TICKETS_PER_EMAIL_PER_HOUR,
  SUPPORT_TICKETS_PER_IP_PER_HOUR,
} from '#shared/constants.ts';
import {
  SUPPORT_HONEYPOT_FIELD,
  myTicketSchema,
  ticketCreatedSchema,
  ticketInputSchema,
  ticketReplySchema,
} from '#shared/schemas/support.ts';
import type { SessionUser } from '../auth/session.ts';
import type { Database } from '../db/client.ts';
import { createOnce } from '../db/create-once.ts';
import { supportMessage, supportTicket } from '../db/schema.ts';
import { HttpError, notFound } from '../errors.ts';
import { currentUser, hasPremium } from '../security/access.ts';
import type { RateLimitStore } from '../security/rate-limit-store.ts';
import { ticketReceived, type SupportEventDeps } from './events.ts';
import { addMessage, threadsOf, ticketById } from './service.ts';

const HOUR = 60 * 60;
/** A member sees their newest tickets (a member has few; older ones stay with the team). */
const MY_TICKETS_LIMIT = 50;

export interface SupportDeps extends SupportEventDeps {
  db: Database;
  rateLimitStore: RateLimitStore;
  /** The signed-in member of a public route's request, if any. */
  resolveSession: (cookies: Record<string, string | undefined>) => Promise<SessionUser | null>;
}

const tooMany = () => new HttpError(429, 'support.errors.tooMany', {}, 'RATE_LIMITED');

export function registerSupportRoutes(appBase: FastifyInstance, deps: SupportDeps) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  app.post(
    '/api/support/tickets',
    {
      schema: {
        tags: ['support'],
        summary: 'File a support ticket (visitors and members); an acknowledgement is e-mailed',
        body: ticketInputSchema,
        response: { 200: ticketCreatedSchema, 201: ticketCreatedSchema },
      },
    },
    async (request, reply) => {
      const input = request.body;
      const member = await deps.resolveSession(request.cookies);
      // A bot filled the field people never see: it is told "received" and nothing is kept.
      if (input[SUPPORT_HONEYPOT_FIELD]) {
        request.log.info({ event: 'support.honeypot' }, 'support form honeypot filled');
        return reply.status(201).send({
          number: 0,
          confirmation: deps.mailer.delivers ? 'sent' : 'noMailServer',
        });
      }
      const email = input.email.toLowerCase();
      // Sent again with the id the form chose (its answer lost): the ticket already filed, from
      // the same address, answers; no second ticket, no second acknowledgement, no rate counted.
      const find = async (id: string) => ticketById(db, id);
      const sameSender = (row: { email: string }) => row.email.toLowerCase() === email;
      // The first copy sent the acknowledgement (or kept it, with no mail server): it is not sent
      // again, and the answer says what that first copy did as far as this server can tell.
      const again = (number: number) => ({
        number,
        confirmation: deps.mailer.delivers ? ('sent' as const) : ('noMailServer' as const),
      });
      if (input.id) {
        const filed = await find(input.id);
        if (filed && !sameSender(filed)) throw new HttpError(409, 'errors.idTaken', {}, 'ID_TAKEN');
        if (filed) return reply.status(200).send(again(filed.number));
      }
      const byIp = await deps.rateLimitStore.consume(`support:ip:${request.ip}`, {
        window: HOUR,
        max: SUPPORT_TICKETS_PER_IP_PER_HOUR,
      });
      if (!byIp.allowed) {
        reply.header('retry-after', String(byIp.retryAfter ?? HOUR));
        throw tooMany();
      }
      const byEmail = await deps.rateLimitStore.consume(`support:email:${email}`, {
        window: HOUR,
        max: SUPPORT_TICKETS_PER_EMAIL_PER_HOUR,
      });
      if (!byEmail.allowed) {
        reply.header('retry-after', String(byEmail.retryAfter ?? HOUR));
        throw tooMany();
      }

      const now = new Date();
      const author = member?.ageVerified ? member.id : null;
      const { row: created, created: isNew } = await createOnce(input.id, {
        find,
        owns: sameSender,
        // The ticket and its first message (null: a copy sent at the same time filed it first).
        insert: (id) =>
          db.transaction(async (tx) => {
            const [row] = await tx
              .insert(supportTicket)
              .values({
                id,
                userId: author,
                name: input.name,
                email: input.email,
                phone: input.phone,
                subject: input.subject,
                language: request.lang,
                // Premium members get priority support (SPEC §1).
                priority: member?.ageVerified && hasPremium(member) ? 'high' : 'normal',
                awaitingSince: now,
                createdAt: now,
                updatedAt: now,
              })
              .onConflictDoNothing({ target: supportTicket.id })
              .returning();
            if (!row) return null;
            await addMessage(tx, {
              ticketId: id,
              author: 'requester',
              authorId: author,
              authorName: input.name,
              body: input.message,
              createdAt: now,
            });
            return row;
          }),
      });
      if (!isNew) return reply.status(200).send(again(created.number));
      request.log.info(
        { event: 'support.ticket-created', ticket: created.id },
        'support ticket filed',
      );
      const confirmation = await ticketReceived(deps, {
        id: created.id,
        number: created.number,
        name: input.name,
        email: input.email,
        // A member is written to in their saved language (issue 22), a visitor in the page's.
        language: member?.ageVerified ? member.preferences.language : request.lang,
        userId: member?.id ?? null,
      });
      return reply.status(201).send({ number: created.number, confirmation });
    },
  );

  app.get(
    '/api/support/tickets',
    {
      schema: {
        tags: ['support'],
        summary: "The member's own tickets with their threads, newest first",
        response: { 200: z.object({ items: z.array(myTicketSchema) }) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const rows = await db
        .select()
        .from(supportTicket)
        .where(eq(supportTicket.userId, me.id))
        .orderBy(desc(supportTicket.updatedAt))
        .limit(MY_TICKETS_LIMIT);
      const threads = await threadsOf(
        db,
        rows.map((r) => r.id),
        false,
      );
      return {
        items: rows.map((r) => ({
          id: r.id,
          number: r.number,
          subject: r.subject as z.infer<typeof myTicketSchema>['subject'],
          status: r.status,
          priority: r.priority,
          createdAt: r.createdAt.toISOString(),
          updatedAt: r.updatedAt.toISOString(),
          messages: threads.get(r.id) ?? [],
        })),
      };
    },
  );

  app.post(
    '/api/support/tickets/:id/replies',
    {
      schema: {
        tags: ['support'],
        summary: "The member writes in their ticket's thread (a closed ticket opens again)",
        params: z.object({ id: z.string().min(1).max(100) }),
        body: ticketReplySchema,
        response: {
          200: z.object({ ok: z.literal(true) }),
          201: z.object({ ok: z.literal(true) }),
        },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const now = new Date();
      // Sent again with the id the browser chose (its answer lost): the reply already written.
      const { created } = await createOnce(request.body.id, {
        find: async (id) =>
          (await db.select().from(supportMessage).where(eq(supportMessage.id, id)))[0],
        owns: (m) => m.ticketId === request.params.id && m.authorId === me.id,
        insert: (id) =>
          db.transaction(async (tx) => {
            const [ticket] = await tx
              .update(supportTicket)
              .set({ status: 'open', awaitingSince: now, closedAt: null, updatedAt: now })
              .where(and(eq(supportTicket.id, request.params.id), eq(supportTicket.userId, me.id)))
              .returning({ id: supportTicket.id });
            if (!ticket) throw notFound();
            return addMessage(tx, {
              id,
              ticketId: ticket.id,
              author: 'requester',
              authorId: me.id,
              authorName: `${me.firstName} ${me.lastName}`.trim() || me.email,
              body: request.body.body,
              createdAt: now,
            });
          }),
      });
      return reply.status(created ? 201 : 200).send({ ok: true as const });
    },
  );
}
