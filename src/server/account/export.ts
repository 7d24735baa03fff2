import { eq, getTableColumns, getTableName, is, sql } from 'drizzle-orm';
import { BIBLE_TEXTS } from '../bible/texts.ts';
import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { Language } from '#shared/constants.ts';
import { localDate, usableTimeZone } from '#shared/values/time.ts';
import { studyMarkdown, toStudy } from '../bible/studies.ts';
import { keysetBatches, startingWith, textStream } from '../db/batches.ts';
import type { Database } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import { translate } from '../i18n/translate.ts';
import { journalBatches, journalMarkdownStream } from '../journal/routes.ts';
import { currentUser } from '../security/access.ts';
import { zipStream, type ZipFile } from './zip.ts';

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

type Prayer = typeof schema.prayerRequest.$inferSelect;
type StudyRow = typeof schema.bibleStudy.$inferSelect;

/**
 * The order a table's rows are read in, by keyset: after the member's id, the columns of an
 * index that starts with it (each batch a range scan of the member's rows), then the primary key
 * to make it unique; the primary key alone when no such index exists (ADR 0046).
 */
function exportKeys(table: PgTable): PgColumn[] {
  const config = getTableConfig(table);
  const composite = config.primaryKeys[0]?.columns;
  const primary = (composite ?? config.columns.filter((column) => column.primary)).filter(
    (column) => column.name !== 'user_id',
  );
  for (const index of config.indexes) {
    const names = index.config.columns.map((column) => (column as { name?: string }).name);
    if (names[0] !== 'user_id' || names.some((name) => name === undefined)) continue;
    const leading = names
      .slice(1)
      .map((name) => config.columns.find((column) => column.name === name)!);
    const keys = [...leading, ...primary.filter((column) => !leading.includes(column))];
    if (keys.length && keys.every((column) => column.notNull)) return keys;
  }
  return primary.length ? primary : config.columns.filter((column) => column.name === 'user_id');
}

/** `value` as JSON.stringify(…, null, 2) writes it `depth` levels deep. */
const nested = (value: unknown, depth: number) =>
  JSON.stringify(value, null, 2).replace(/\n/g, `\n${'  '.repeat(depth)}`);

/** A JSON array of rows read in batches, written as `JSON.stringify(rows, null, 2)` would at `depth`. */
async function* jsonArray(
  batches: AsyncIterable<readonly unknown[]> | Iterable<readonly unknown[]>,
  depth: number,
): AsyncGenerator<string> {
  const inner = '  '.repeat(depth + 1);
  let first = true;
  for await (const rows of batches) {
    for (const row of rows) {
      yield `${first ? '[' : ','}\n${inner}${nested(row, depth + 1)}`;
      first = false;
    }
  }
  yield first ? '[]' : `\n${'  '.repeat(depth)}]`;
}

/**
 * Everything the app keeps about the member, as one JSON file (the right of access; account
 * settings' Privacy tab, next to deletion): the profile and every row of every table that
 * belongs to them, found from the schema, so a table added later is exported without a change
 * here. Left out: password hashes and session tokens, and the text of mail sent to them (its
 * links carry tokens); the mail's subject, date and status are in.
 *
 * Written as it is read, each table in keyset batches (`exportKeys`), and formatted as
 * `JSON.stringify(data, null, 2)` formats the whole (ADR 0046).
 */
export async function* personalDataJson(
  db: Database,
  userId: string,
  profile: typeof schema.user.$inferSelect | undefined,
  exportedAt: string,
): AsyncGenerator<string> {
  const head = JSON.stringify(
    // The Bible texts whose words the tables may carry, with their licences (the VBL's asks for
    // its credit wherever its words go).
    { format: 'camino-personal-data/1', exportedAt, profile, bibleTexts: BIBLE_TEXTS, tables: {} },
    null,
    2,
  );
  yield `${head.slice(0, -'{}\n}'.length)}{`;
  let first = true;
  const table = async function* (
    name: string,
    batches: AsyncIterable<readonly unknown[]> | Iterable<readonly unknown[]>,
  ) {
    yield `${first ? '' : ','}\n    ${JSON.stringify(name)}: `;
    first = false;
    yield* jsonArray(batches, 2);
  };
  for (const { name, table: owned, columns } of ownedTables()) {
    const owner = getTableColumns(owned).userId!;
    yield* table(
      name,
      keysetBatches(db, {
        table: owned,
        columns,
        where: eq(owner, userId),
        keys: exportKeys(owned),
        direction: 'asc',
      }),
    );
  }
  // Groups (issue 25): each membership with its group's name, and the reflections shared in it.
  const mine = await db.execute<Record<string, unknown>>(sql`
    select g.id as "groupId", g.name, m.role, m.level, m.muted, m.aim as "activeDaysAim",
      m.joined_at as "joinedAt"
    from group_member m join study_group g on g.id = m.group_id
    where m.user_id = ${userId} order by m.joined_at, g.id`);
  yield* table('groups', [mine.rows]);
  // Prayer requests shared with a group (issue 38 item 3): which, with which group.
  const prayers = await db.execute<Record<string, unknown>>(sql`
    select g.id as "groupId", g.name as "groupName", p.prayer_id as "prayerId",
      p.shared_at as "sharedAt"
    from group_prayer p join group_member m on m.id = p.member_id
    join study_group g on g.id = p.group_id
    where m.user_id = ${userId} order by p.shared_at, p.prayer_id`);
  yield* table('group_shared_prayers', [prayers.rows]);
  const shared = await db.execute<Record<string, unknown>>(sql`
    select g.id as "groupId", g.name as "groupName", r.lesson_id as "lessonId",
      r.hidden, r.shared_at as "sharedAt"
    from group_reflection r join group_member m on m.id = r.member_id
    join study_group g on g.id = r.group_id
    where m.user_id = ${userId} order by r.shared_at, r.id`);
  yield* table('group_shared_reflections', [shared.rows]);
  const outbox = schema.mailOutbox;
  yield* table(
    'mail_outbox',
    profile
      ? keysetBatches(db, {
          table: outbox,
          columns: { subject: outbox.subject, status: outbox.status, createdAt: outbox.createdAt },
          where: sql`lower(${outbox.to}) = ${profile.email.toLowerCase()}`,
          keys: [outbox.id],
          direction: 'asc',
        })
      : [],
  );
  yield '\n  }\n}';
}

/** The start of the prayers' Markdown file. */
const prayersMarkdownHead = (lang: Language) => `# ${translate(lang, 'prayer.title')}\n`;

/** One prayer request of the Markdown file, without the line break that joins it to the one before. */
function prayerMarkdownEntry(r: Prayer, lang: Language, timeZone: string): string {
  const t = (key: string, options?: Record<string, string>) => translate(lang, key, options);
  const day = (d: Date) => localDate(d, timeZone);
  const lines = [`## ${r.title}`, ''];
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
  return lines.join('\n');
}

/** The member's prayer requests as Markdown, in memory: the list they pray through, answers included. */
export function prayersMarkdown(rows: readonly Prayer[], lang: Language, timeZone: string): string {
  return [
    prayersMarkdownHead(lang),
    ...rows.map((r) => prayerMarkdownEntry(r, lang, timeZone)),
  ].join('\n');
}

/** The same file as `prayersMarkdown`, written batch by batch. */
async function* prayersMarkdownStream(
  batches: AsyncIterable<readonly Prayer[]>,
  lang: Language,
  timeZone: string,
): AsyncGenerator<string> {
  yield prayersMarkdownHead(lang);
  for await (const rows of batches) {
    for (const r of rows) yield `\n${prayerMarkdownEntry(r, lang, timeZone)}`;
  }
}

/** A Bible study's file name in the archive: its place (newest first) and its title's slug. */
function studyFileName(place: number, study: ReturnType<typeof toStudy>) {
  const slug = (study.title || study.reference)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
  return `studies/${String(place).padStart(3, '0')}-${slug || 'study'}.md`;
}

/**
 * The personal data archive (the right of access): one ZIP with `data.json` (every row, as
 * `personalDataJson` writes it) and the member's own writing as Markdown in their language —
 * `journal.md`, `prayers.md` and one file per Bible study under `studies/`. The profile is read
 * before answering (a database that is down answers 503, not a broken download); the rest is
 * read in batches as the archive is written (ADR 0046).
 */
export async function personalArchive(db: Database, userId: string, lang: Language) {
  const [profile] = await db.select().from(schema.user).where(eq(schema.user.id, userId));
  const now = new Date();
  const zone = usableTimeZone(profile?.preferences.timeZone);
  const exportedAt = now.toISOString();
  const mine = <T extends Record<string, unknown>>(
    table: typeof schema.prayerRequest | typeof schema.bibleStudy,
    order: PgColumn,
  ) =>
    keysetBatches<T>(db, {
      table,
      columns: getTableColumns(table),
      where: eq(table.userId, userId),
      keys: [order, table.id],
      direction: 'desc',
    });
  async function* files(): AsyncGenerator<ZipFile> {
    yield { name: 'data.json', data: personalDataJson(db, userId, profile, exportedAt) };
    const journal = journalBatches(db, eq(schema.journalEntry.userId, userId));
    const firstEntries = await journal.next();
    if (!firstEntries.done) {
      yield {
        name: 'journal.md',
        data: journalMarkdownStream(startingWith(firstEntries.value, journal), lang, zone, now),
      };
    }
    const prayers = mine<Prayer>(schema.prayerRequest, schema.prayerRequest.createdAt);
    const firstPrayers = await prayers.next();
    if (!firstPrayers.done) {
      yield {
        name: 'prayers.md',
        data: prayersMarkdownStream(startingWith(firstPrayers.value, prayers), lang, zone),
      };
    }
    let place = 0;
    for await (const rows of mine<StudyRow>(schema.bibleStudy, schema.bibleStudy.updatedAt)) {
      for (const row of rows) {
        const study = toStudy(row, lang);
        place += 1;
        yield { name: studyFileName(place, study), data: [studyMarkdown(study, lang)] };
      }
    }
  }
  return { day: localDate(now, zone), archive: zipStream(files(), now) };
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
        .send(textStream(archive));
    },
  );
}
