import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { TicketMessage } from '#shared/schemas/support.ts';
import type { Database } from '../db/client.ts';
import { supportMessage, supportTicket } from '../db/schema.ts';

export type TicketRow = typeof supportTicket.$inferSelect;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Db = Database | Tx;

export const newId = () => randomUUID();

/** The thread of some tickets, oldest first; internal notes only when `withNotes`. */
export async function threadsOf(
  db: Db,
  ticketIds: string[],
  withNotes: boolean,
): Promise<Map<string, TicketMessage[]>> {
  const threads = new Map<string, TicketMessage[]>(ticketIds.map((id) => [id, []]));
  if (ticketIds.length === 0) return threads;
  const rows = await db
    .select()
    .from(supportMessage)
    .where(
      and(
        inArray(supportMessage.ticketId, ticketIds),
        // internal notes never leave the team
        withNotes ? undefined : ne(supportMessage.author, 'note'),
      ),
    )
    .orderBy(asc(supportMessage.createdAt), asc(supportMessage.id));
  for (const m of rows) {
    threads.get(m.ticketId)?.push({
      id: m.id,
      author: m.author,
      authorName: m.authorName,
      body: m.body,
      createdAt: m.createdAt.toISOString(),
    });
  }
  return threads;
}

/**
 * Adds a message to a thread; answers it, or null when a message with the id given (chosen by
 * the member's browser) is already there.
 */
export async function addMessage(
  db: Db,
  values: {
    id?: string;
    ticketId: string;
    author: 'requester' | 'staff' | 'note';
    authorId: string | null;
    authorName: string;
    body: string;
    createdAt?: Date;
  },
) {
  const [row] = await db
    .insert(supportMessage)
    .values({ ...values, id: values.id ?? newId() })
    .onConflictDoNothing({ target: supportMessage.id })
    .returning();
  return row ?? null;
}

export async function ticketById(db: Db, id: string): Promise<TicketRow | undefined> {
  const [row] = await db.select().from(supportTicket).where(eq(supportTicket.id, id));
  return row;
}
