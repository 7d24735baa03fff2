import { desc, eq, getTableColumns, getTableName, is, sql } from 'drizzle-orm';
import { PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { Language } from '#shared/constants.ts';
import { studyMarkdown, toStudy } from '../bible/studies.ts';
import type { Database } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import { translate } from '../i18n/translate.ts';
import { journalMarkdown } from '../journal/routes.ts';
import { currentUser } from '../security/access.ts';
import { zip } from './zip.ts';

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

/** The member's prayer requests as Markdown: the list they pray through, answers included. */
export function prayersMarkdown(
  rows: readonly (typeof schema.prayerRequest.$inferSelect)[],
  lang: Language,
) {
  const t = (key: string, options?: Record<string, string>) => translate(lang, key, options);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const lines = [`# ${t('prayer.title')}`, ''];
  for (const r of rows) {
    lines.push(`## ${r.title}`, '');
    const facts = [
      t(`prayer.categories.${r.category}`),
      t('prayer.addedOn', { date: day(r.createdAt) }),
      ...(r.urgent ? [t('prayer.urgent')] : []),
    ];
    lines.push(`_${facts.join(' · ')}_`, '');
    if (r.description) lines.push(r.description, '');
    if (r.status === 'answered') {
      const when = r.answeredAt ? t('prayer.answeredOn', { date: day(r.answeredAt) }) : '';
      lines.push(`**${t('prayer.answeredBadge')}**${when ? ` — ${when}` : ''}`, '');
      if (r.answerNote) lines.push(`> ${r.answerNote.replace(/\n/g, '\n> ')}`, '');
    }
  }
  return lines.join('\n');
}

/**
 * The personal data archive (the right of access): one ZIP with `data.json` (every row, as
 * `personalData` gives it) and the member's own writing as Markdown in their language —
 * `journal.md`, `prayers.md` and one file per Bible study under `studies/`.
 */
export async function personalArchive(db: Database, userId: string, lang: Language) {
  const data = await personalData(db, userId);
  const [journal, prayers, studies] = await Promise.all([
    db
      .select()
      .from(schema.journalEntry)
      .where(eq(schema.journalEntry.userId, userId))
      .orderBy(desc(schema.journalEntry.createdAt)),
    db
      .select()
      .from(schema.prayerRequest)
      .where(eq(schema.prayerRequest.userId, userId))
      .orderBy(desc(schema.prayerRequest.createdAt)),
    db
      .select()
      .from(schema.bibleStudy)
      .where(eq(schema.bibleStudy.userId, userId))
      .orderBy(desc(schema.bibleStudy.updatedAt)),
  ]);
  const files: { name: string; data: string }[] = [
    { name: 'data.json', data: JSON.stringify(data, null, 2) },
  ];
  if (journal.length) files.push({ name: 'journal.md', data: journalMarkdown(journal, lang) });
  if (prayers.length) files.push({ name: 'prayers.md', data: prayersMarkdown(prayers, lang) });
  for (const [i, row] of studies.entries()) {
    const study = toStudy(row, lang);
    const slug = (study.title || study.reference)
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60);
    const name = `studies/${String(i + 1).padStart(3, '0')}-${slug || 'study'}.md`;
    files.push({ name, data: studyMarkdown(study, lang) });
  }
  return { day: data.exportedAt.slice(0, 10), archive: zip(files) };
}

export function registerExportRoute(app: FastifyInstance, deps: { db: Database }) {
  app.get(
    '/api/user/export',
    {
      schema: {
        tags: ['account'],
        summary:
          'Download everything the app keeps about the member: a ZIP of data.json and Markdown of journal, prayers and studies',
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const { day, archive } = await personalArchive(deps.db, me.id, request.lang);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="camino-data-${day}.zip"`)
        .send(archive);
    },
  );
}
