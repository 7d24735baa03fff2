import { eq, getTableColumns, getTableName, is, sql } from 'drizzle-orm';
import { PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import { currentUser } from '../security/access.ts';

/** Columns never exported: secrets (session tokens, password hashes, two-factor secrets and backup codes). */
const SECRET_COLUMN = /token|password|secret|backupCodes/i;

/** Every table with a member's rows: the ones that have a `userId` column (they cascade). */
function ownedTables(): { name: string; table: PgTable; columns: Record<string, PgColumn> }[] {
  return (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .filter((table) => 'userId' in getTableColumns(table))
    .map((table) => {
      const columns = Object.fromEntries(
        Object.entries(getTableColumns(table)).filter(
          ([key, column]) =>
            !SECRET_COLUMN.test(key) && column.getSQLType() !== 'tsvector' && key !== 'userId',
        ),
      );
      return { name: getTableName(table), table, columns };
    });
}

/**
 * Everything the app keeps about the member, as one JSON file (the right of access; account
 * settings' Privacy tab, next to deletion): the profile and every row of every table that
 * belongs to them, found from the schema, so a table added later is exported without a change
 * here. Left out: password hashes and session tokens, and the text of mail sent to them (its
 * links carry tokens); the mail's subject, date and status are in.
 */
export async function personalData(db: Database, userId: string) {
  const [profile] = await db.select().from(schema.user).where(eq(schema.user.id, userId));
  const tables: Record<string, unknown[]> = {};
  for (const { name, table, columns } of ownedTables()) {
    const owner = getTableColumns(table).userId!;
    tables[name] = await db.select(columns).from(table).where(eq(owner, userId));
  }
  tables.mail_outbox = profile
    ? await db
        .select({
          subject: schema.mailOutbox.subject,
          status: schema.mailOutbox.status,
          createdAt: schema.mailOutbox.createdAt,
        })
        .from(schema.mailOutbox)
        .where(sql`lower(${schema.mailOutbox.to}) = ${profile.email.toLowerCase()}`)
    : [];
  return {
    format: 'camino-personal-data/1',
    exportedAt: new Date().toISOString(),
    profile,
    tables,
  };
}

export function registerExportRoute(app: FastifyInstance, deps: { db: Database }) {
  app.get(
    '/api/user/export',
    {
      schema: {
        tags: ['account'],
        summary: 'Download everything the app keeps about the member (JSON)',
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const data = await personalData(deps.db, me.id);
      const day = data.exportedAt.slice(0, 10);
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="camino-data-${day}.json"`)
        .send(JSON.stringify(data, null, 2));
    },
  );
}
