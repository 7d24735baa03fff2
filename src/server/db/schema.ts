/**
 * The database schema (Drizzle, pg-core). The same SQL runs on PostgreSQL and on PGlite.
 * Tables `user`, `session`, `account` and `verification` are the ones better-auth expects
 * (property names are better-auth's field names; columns are snake_case).
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { UserPreferences } from '#shared/schemas/user.ts';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * The words of a member's name and e-mail address, the address also split at @ . - _ + so
 * each part is a word of its own (the admin search; see user_search_idx).
 */
export function userSearchVector(t: {
  firstName: AnyPgColumn;
  lastName: AnyPgColumn;
  email: AnyPgColumn;
}) {
  return sql`to_tsvector('simple'::regconfig, ${t.firstName} || ' ' || ${t.lastName} || ' ' || ${t.email} || ' ' || translate(${t.email}, '@.-_+', '     '))`;
}

export const user = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    ageVerified: boolean('age_verified').notNull().default(false),
    ageVerifiedAt: timestamp('age_verified_at', { withTimezone: true }),
    role: text('role', { enum: ['member', 'admin'] })
      .notNull()
      .default('member'),
    isPremium: boolean('is_premium').notNull().default(false),
    preferences: jsonb('preferences').$type<Partial<UserPreferences>>().notNull().default({}),
    /** Set by an admin: a locked member cannot sign in, and their sessions were revoked. */
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    /** Sign-in asks for a code from an authenticator app (better-auth's two-factor plugin). */
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('user_email_unique').on(sql`lower(${t.email})`),
    // The admin member list: newest first, paged on the server (fast with 100,000 members),
    // and its search by the start of any word of the name or of the e-mail address.
    index('user_created_idx').on(t.createdAt, t.id),
    index('user_search_idx').using('gin', userSearchVector(t)),
  ],
);

/** The owning member: every member's row goes when their account is deleted. */
const ownerId = () =>
  text('user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' });

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: ownerId(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    ...timestamps,
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: ownerId(),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

/**
 * A member's authenticator-app secret and recovery codes (better-auth's two-factor plugin;
 * both encrypted with the app's secret). `verified` turns true once a first code is confirmed.
 */
export const twoFactor = pgTable(
  'two_factor',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: ownerId(),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [uniqueIndex('two_factor_user_id_unique').on(t.userId)],
);

/**
 * A member's passkeys (WebAuthn credentials), a second step of signing in next to the
 * authenticator app (docs/decisions/0044). The public key only: the private key never leaves
 * the member's device. `counter` is the authenticator's signature counter (0 for the many that
 * keep none); a lower one than stored means a cloned key, and the assertion is refused.
 */
export const passkey = pgTable(
  'passkey',
  {
    id: text('id').primaryKey(),
    userId: ownerId(),
    /** What the member called it ("My phone"), shown in settings. */
    name: text('name').notNull(),
    /** The credential id, base64url (what the browser names in an assertion). */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    /** How the browser may reach it (`internal`, `hybrid`, `usb`…), for the next assertion. */
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    /** `singleDevice` or `multiDevice` (synced by the platform), and whether it is backed up. */
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('passkey_credential_id_unique').on(t.credentialId),
    index('passkey_user_id_idx').on(t.userId),
  ],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

/**
 * Accounts refused under the age gate (SPEC §4, DESIGN §5). Only a SHA-256 of the
 * normalised e-mail is kept, so the person's data is gone but the gate cannot be bypassed
 * by signing up again with the same address.
 */
export const ageBlock = pgTable('age_block', {
  emailHash: text('email_hash').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Mail that was sent, or (with no SMTP configured) only recorded so a developer can follow it. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: text('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    status: text('status', { enum: ['logged', 'sent', 'failed'] }).notNull(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_outbox_to_idx').on(t.to, t.createdAt),
    // Each message sent clears what is past retention: without it, a scan of every message
    // kept, per message (a morning's reminders made that quadratic; issue 28).
    index('mail_outbox_created_idx').on(t.createdAt),
  ],
);

/** Fixed-window rate-limit counters shared by every app instance (when Redis is not used). */
export const rateLimit = pgTable('rate_limit', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
});

/** A tsvector column (full-text search); PostgreSQL and PGlite alike. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** The Bible translations installed in the database (loaded from content/bible at start-up). */
export const bibleTranslation = pgTable('bible_translation', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  language: text('language', { enum: ['en', 'es'] }).notNull(),
  /**
   * How an imported text numbers its verses (a scheme of src/shared/bible/versification.ts,
   * ADR 0053); null: the code's usual one (the bundled texts, older imports).
   */
  versification: text('versification'),
  source: text('source').notNull(),
  verseCount: integer('verse_count').notNull(),
  checksum: text('checksum').notNull(),
  loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One verse. `book` is the canonical index (1 = Genesis … 66 = Revelation), so ranges across
 * chapters and books are plain comparisons on (book, chapter, verse). `heading` holds a psalm
 * title that stands before the verse. The search vector ignores accents (es_unaccent /
 * en_unaccent configurations, migration 0001).
 */
export const bibleVerse = pgTable(
  'bible_verse',
  {
    translation: text('translation')
      .notNull()
      .references(() => bibleTranslation.code, { onDelete: 'cascade' }),
    language: text('language', { enum: ['en', 'es'] }).notNull(),
    book: smallint('book').notNull(),
    chapter: smallint('chapter').notNull(),
    verse: smallint('verse').notNull(),
    text: text('text').notNull(),
    heading: text('heading'),
    /** The translator's notes on the verse (the VBL's, issue 39); null when it has none. */
    notes: jsonb('notes').$type<string[]>(),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`to_tsvector(case when language = 'es' then 'es_unaccent'::regconfig else 'en_unaccent'::regconfig end, text)`,
      ),
  },
  (t) => [
    primaryKey({ columns: [t.translation, t.book, t.chapter, t.verse] }),
    index('bible_verse_search_idx').using('gin', t.search),
  ],
);

/**
 * OpenBible.info's cross references (content/bible/cross-references.tsv.gz, CC BY 4.0), loaded
 * from the bundled file at start-up like the Bibles: one row per verse that has links, keyed by
 * the verse's place in the KJV numbering (book × 1,000,000 + chapter × 1,000 + verse, as
 * `ordinal` of src/shared/bible/versification.ts), its links in three arrays of the same length,
 * the most voted first: each target's first and last verse (places as the key) and its votes.
 * A verse's links are one row read by its key: nothing to sort or count per request.
 */
export const bibleCrossReference = pgTable('bible_cross_reference', {
  verse: integer('verse').primaryKey(),
  starts: integer('starts').array().notNull(),
  ends: integer('ends').array().notNull(),
  votes: integer('votes').array().notNull(),
});

/**
 * The installed cross references: the bundled file's checksum once every row is in (while rows
 * are still being written on PGlite: `installing:` and the checksum, so a start stopped midway
 * carries on), and how many links and verses it holds.
 */
export const bibleCrossReferenceSource = pgTable('bible_cross_reference_source', {
  name: text('name').primaryKey(),
  checksum: text('checksum').notNull(),
  links: integer('links').notNull(),
  verses: integer('verses').notNull(),
  loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Word study (issue 39 item 2): the tagged words of one verse of the KJV or the RV1909, as
 * content/bible/strongs/<code>.json.gz has them (packed spans: [gap, length, ...numbers], JSON),
 * and those of the Psalm title before it. Installed from the bundled files (bible/words.ts).
 */
export const bibleWordVerse = pgTable(
  'bible_word_verse',
  {
    translation: text('translation').notNull(),
    book: smallint('book').notNull(),
    chapter: smallint('chapter').notNull(),
    verse: smallint('verse').notNull(),
    words: text('words').notNull(),
    titleWords: text('title_words'),
  },
  (t) => [primaryKey({ columns: [t.translation, t.book, t.chapter, t.verse] })],
);

/**
 * One Strong's number: the dictionary's entry, the team's Spanish gloss, how each tagged text
 * renders it (counted at install from the tagged texts: `{ KJV: {count, distinct, top}, ... }`)
 * and the verses where it stands in each, in canonical order (place = book×1,000,000 +
 * chapter×1,000 + verse, in that translation's own numbering), read a page at a time.
 */
export const bibleWord = pgTable('bible_word', {
  number: text('number').primaryKey(),
  lemma: text('lemma').notNull(),
  translit: text('translit').notNull(),
  pron: text('pron').notNull(),
  definition: text('definition').notNull(),
  glossEs: text('gloss_es'),
  renderings: jsonb('renderings').notNull().$type<Record<string, WordRenderings>>(),
  kjvPlaces: integer('kjv_places').array().notNull(),
  rv1909Places: integer('rv1909_places').array().notNull(),
});

/** How one translation renders a number: its tagged spans, distinct words and the commonest. */
export interface WordRenderings {
  count: number;
  distinct: number;
  top: { text: string; count: number }[];
}

/** The installed word study: its files' checksum once every row is in (as the cross references). */
export const bibleWordSource = pgTable('bible_word_source', {
  name: text('name').primaryKey(),
  checksum: text('checksum').notNull(),
  numbers: integer('numbers').notNull(),
  verses: integer('verses').notNull(),
  loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A Bible study (observation, interpretation, application) saved by its owner. */
export const bibleStudy = pgTable(
  'bible_study',
  {
    id: text('id').primaryKey(),
    userId: ownerId(),
    reference: text('reference').notNull(),
    osis: text('osis').notNull(),
    translation: text('translation').notNull(),
    title: text('title').notNull().default(''),
    observation: text('observation').notNull().default(''),
    interpretation: text('interpretation').notNull().default(''),
    application: text('application').notNull().default(''),
    ...timestamps,
  },
  (t) => [index('bible_study_user_idx').on(t.userId, t.updatedAt)],
);

/**
 * Courses and lessons: structural rows only (ids, order, premium, track), upserted from
 * content/courses at start-up so progress rows reference stable ids. The text itself is
 * served from the validated files in memory (docs/decisions/0009).
 */
export const course = pgTable('course', {
  id: text('id').primaryKey(),
  premium: boolean('premium').notNull(),
  sort: integer('sort').notNull(),
});

export const lesson = pgTable(
  'lesson',
  {
    id: text('id').primaryKey(),
    courseId: text('course_id')
      .notNull()
      .references(() => course.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull(),
    track: text('track'),
  },
  (t) => [uniqueIndex('lesson_course_sort_unique').on(t.courseId, t.sort)],
);

export const lessonProgress = pgTable(
  'lesson_progress',
  {
    userId: ownerId(),
    lessonId: text('lesson_id')
      .notNull()
      .references(() => lesson.id, { onDelete: 'cascade' }),
    response: text('response').notNull().default(''),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.userId, t.lessonId] })],
);

export const userBadge = pgTable(
  'user_badge',
  {
    userId: ownerId(),
    badge: text('badge').notNull(),
    awardedAt: timestamp('awarded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.badge] })],
);

/** A memory verse with its FSRS scheduling card (ts-fsrs), owned by one member. */
export const memoryVerse = pgTable(
  'memory_verse',
  {
    id: text('id').primaryKey(),
    userId: ownerId(),
    reference: text('reference').notNull(),
    osis: text('osis').notNull(),
    translation: text('translation').notNull(),
    text: text('text').notNull(),
    /**
     * The verse in the other language (issue 26), kept when it is added: its translation, its
     * verses as OSIS (the verse map may pair it with other numbers) and its text.
     */
    pairTranslation: text('pair_translation'),
    pairOsis: text('pair_osis'),
    pairText: text('pair_text'),
    /** Practised in its own translation, its pair's, or both. */
    practiceIn: text('practice_in', { enum: ['own', 'pair', 'both'] })
      .notNull()
      .default('own'),
    category: text('category').notNull(),
    state: text('state', { enum: ['practice', 'review', 'mastered'] })
      .notNull()
      .default('practice'),
    card: jsonb('card').$type<Record<string, unknown>>().notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    reviewCount: integer('review_count').notNull().default(0),
    lastReviewedAt: timestamp('last_reviewed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('memory_verse_user_osis_unique').on(t.userId, t.osis),
    index('memory_verse_user_due_idx').on(t.userId, t.dueAt),
  ],
);

/** A journal entry (draft or published), private to its author. */
export const journalEntry = pgTable(
  'journal_entry',
  {
    id: text('id').primaryKey(),
    userId: ownerId(),
    title: text('title').notNull().default(''),
    content: text('content').notNull(),
    scriptureReference: text('scripture_reference'),
    scriptureOsis: text('scripture_osis'),
    scriptureText: text('scripture_text'),
    scriptureTranslation: text('scripture_translation'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    status: text('status', { enum: ['draft', 'published'] }).notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('journal_entry_user_idx').on(t.userId, t.updatedAt),
    // The export reads a member's entries newest first in keyset batches (ADR 0046).
    index('journal_entry_user_created_idx').on(t.userId, t.createdAt, t.id),
  ],
);

/**
 * The activity log: one row per real thing a member did (lesson, reading, prayer session,
 * memory review, journal entry). `day` is the local date in the member's time zone at
 * that moment, so streaks and goals never depend on the server's zone.
 */
export const activity = pgTable(
  'activity',
  {
    id: text('id').primaryKey(),
    userId: ownerId(),
    kind: text('kind', { enum: ['lesson', 'reading', 'prayer', 'memory', 'journal'] }).notNull(),
    amount: integer('amount').notNull().default(1),
    /** What it was about: a lesson id, an OSIS reference, a journal entry id. */
    subject: text('subject').notNull().default(''),
    /** Free text shown as is (a journal title); empty when the label is derived from `subject`. */
    label: text('label').notNull().default(''),
    day: date('day', { mode: 'string' }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('activity_user_time_idx').on(t.userId, t.occurredAt)],
);

/** One row per member and active local day: what streaks and the heat map read. */
export const activityDay = pgTable(
  'activity_day',
  {
    userId: ownerId(),
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** A prayer request: active, then answered. */
export const prayerRequest = pgTable(
  'prayer_request',
  {
    id: text('id').primaryKey(),
    userId: ownerId(),
    title: text('title').notNull(),
    category: text('category').notNull(),
    description: text('description').notNull().default(''),
    urgent: boolean('urgent').notNull().default(false),
    status: text('status', { enum: ['active', 'answered'] })
      .notNull()
      .default('active'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answerNote: text('answer_note').notNull().default(''),
    ...timestamps,
  },
  (t) => [index('prayer_request_user_status_idx').on(t.userId, t.status, t.createdAt)],
);

/** A finished prayer-timer session. */
export const prayerSession = pgTable(
  'prayer_session',
  {
    id: text('id').primaryKey(),
    userId: ownerId(),
    minutes: smallint('minutes').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('prayer_session_user_day_idx').on(t.userId, t.day)],
);

/**
 * A goal with its progress in the current period. The period rolls over lazily: a row whose
 * `periodStart` is not the current period's start has, in effect, no progress yet.
 */
export const goal = pgTable(
  'goal',
  {
    id: text('id').primaryKey(),
    userId: ownerId(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    preset: text('preset'),
    target: integer('target').notNull(),
    unit: text('unit', { enum: ['chapters', 'verses', 'minutes', 'lessons'] }).notNull(),
    period: text('period', { enum: ['daily', 'weekly', 'monthly'] }).notNull(),
    priority: text('priority', { enum: ['high', 'medium', 'low'] }).notNull(),
    progress: integer('progress').notNull().default(0),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    periodsCompleted: integer('periods_completed').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('goal_user_idx').on(t.userId, t.unit)],
);

/**
 * A member's run through a reading plan (one at a time). Days before `replanDay` follow the
 * plan's own schedule for `duration`; from `replanDay` on, the verses from `replanVerse` are
 * spread over the days left (a catch-up).
 */
export const readingPlanRun = pgTable('reading_plan_run', {
  userId: ownerId().primaryKey(),
  planId: text('plan_id').notNull(),
  duration: integer('duration').notNull(),
  totalDays: integer('total_days').notNull(),
  startedOn: date('started_on', { mode: 'string' }).notNull(),
  currentDay: integer('current_day').notNull().default(1),
  daysRead: integer('days_read').notNull().default(0),
  replanDay: integer('replan_day').notNull().default(1),
  replanVerse: integer('replan_verse').notNull().default(0),
  lastReadOn: date('last_read_on', { mode: 'string' }),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  ...timestamps,
});

/**
 * Notifications (issue 14, docs/decisions/0019). A member's notification settings beyond the
 * SPEC toggles (which stay in `user.preferences`): channels and time per kind, quiet hours,
 * pause all. No row means the defaults.
 */
export const notificationSettings = pgTable('notification_settings', {
  userId: ownerId().primaryKey(),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One delivery of one kind to one member: a reminder on a local day (dedupe key ''), or an
 * event (dedupe key: the badge, the ticket reply). The unique key is what guarantees "at most
 * once", whatever the number of app instances; the worker claims rows with a lease
 * (FOR UPDATE SKIP LOCKED), so a crashed instance's claim is taken over when it expires.
 */
export const notificationDelivery = pgTable(
  'notification_delivery',
  {
    id: text('id').primaryKey(),
    userId: ownerId(),
    kind: text('kind').notNull(),
    localDay: date('local_day', { mode: 'string' }).notNull(),
    dedupeKey: text('dedupe_key').notNull().default(''),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['pending', 'sending', 'sent', 'skipped', 'failed'] })
      .notNull()
      .default('pending'),
    payload: jsonb('payload').$type<Record<string, string | number>>().notNull().default({}),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    result: jsonb('result').$type<Record<string, unknown>>(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('notification_delivery_once').on(t.userId, t.kind, t.localDay, t.dedupeKey),
    index('notification_delivery_due_idx').on(t.status, t.dueAt),
  ],
);

/**
 * When each member's reminders are next due (issue 28, docs/decisions/0045): one row per member
 * and reminder kind they want, with the next due instant in UTC and its local day, so that the
 * scheduler's plan step reads only the rows due now (a range on `next_due`), never every member.
 * The zone and the local time of day the instant was computed with travel along, so advancing a
 * row to its next occurrence needs nothing else. A row whose `local_day` is null is still to be
 * computed from the member's settings (set on every change of them, and by the migration): its
 * `next_due` is the epoch, so the next tick computes it first.
 */
export const reminderSchedule = pgTable(
  'reminder_schedule',
  {
    userId: ownerId(),
    kind: text('kind').notNull(),
    nextDue: timestamp('next_due', { withTimezone: true }).notNull(),
    localDay: date('local_day', { mode: 'string' }),
    timeZone: text('time_zone'),
    localTime: text('local_time'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    index('reminder_schedule_due_idx').on(t.nextDue),
  ],
);

/** The in-app list: one row per notification shown to the member. */
export const notification = pgTable(
  'notification',
  {
    id: text('id').primaryKey(),
    userId: ownerId(),
    kind: text('kind').notNull(),
    data: jsonb('data').$type<Record<string, string | number>>().notNull().default({}),
    url: text('url').notNull(),
    /** The delivery that made it: a retried delivery never makes a second one. */
    deliveryId: text('delivery_id').unique(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notification_user_idx').on(t.userId, t.createdAt)],
);

/** A browser's Web Push subscription (deleted when the push service answers 404 or 410). */
export const pushSubscription = pgTable(
  'push_subscription',
  {
    id: text('id').primaryKey(),
    userId: ownerId(),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [index('push_subscription_user_idx').on(t.userId)],
);

/** Server-wide values made once and shared by every instance (the generated VAPID keys). */
export const appSetting = pgTable('app_setting', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<Record<string, string>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Payments (docs/decisions/0017). The member's Stripe customer, made the first time they open
 * Checkout. The row outlives the account: deleting it sets `user_id` to null and stamps
 * `user_deleted_at`, which is the minimal billing record the privacy policy describes.
 */
export const billingCustomer = pgTable(
  'billing_customer',
  {
    customerId: text('customer_id').primaryKey(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    userDeletedAt: timestamp('user_deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('billing_customer_user_unique').on(t.userId)],
);

/**
 * A Stripe subscription as the webhooks (and the welcome page's check) last saw it. `version`
 * is the Stripe time of that snapshot: an older snapshot never overwrites a newer one, and a
 * terminal status (canceled, incomplete_expired) never goes back.
 */
export const billingSubscription = pgTable(
  'billing_subscription',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id').notNull(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    status: text('status').notNull(),
    priceId: text('price_id'),
    interval: text('interval'),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** When the status became past_due (a failed renewal): the grace period counts from here. */
    pastDueSince: timestamp('past_due_since', { withTimezone: true }),
    version: timestamp('version', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index('billing_subscription_user_idx').on(t.userId)],
);

/** Every Stripe event applied, once: a replay or a retry of the same id changes nothing. */
export const stripeEvent = pgTable('stripe_event', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  objectId: text('object_id'),
  stripeCreatedAt: timestamp('stripe_created_at', { withTimezone: true }).notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What a member has read in the library: sermon studies, heroes of faith, guides. `itemId` is
 * the content's stable slug (content/library/); a row is the "read" mark, no row is "not read".
 */
export const libraryRead = pgTable(
  'library_read',
  {
    userId: ownerId(),
    kind: text('kind', { enum: ['sermon', 'hero', 'resource'] }).notNull(),
    itemId: text('item_id').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.itemId] })],
);

/** A verse a member saved to favorites (today's verse, or a selection in the reader). */
export const favoriteVerse = pgTable(
  'favorite_verse',
  {
    id: text('id').primaryKey(),
    userId: ownerId(),
    reference: text('reference').notNull(),
    osis: text('osis').notNull(),
    translation: text('translation').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('favorite_verse_user_osis_unique').on(t.userId, t.osis),
    index('favorite_verse_user_created_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * A support ticket (SPEC §3): from a visitor (no `userId`) or a member. `number` is what the
 * sender and the team quote. `awaitingSince` is when the sender last wrote with no answer yet
 * (null once the team has answered): a ticket open past 24 hours of it is overdue.
 */
export const supportTicket = pgTable(
  'support_ticket',
  {
    id: text('id').primaryKey(),
    number: integer('number').generatedAlwaysAsIdentity({ startWith: 1001 }).notNull(),
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    subject: text('subject').notNull(),
    language: text('language', { enum: ['en', 'es'] }).notNull(),
    status: text('status', { enum: ['open', 'waiting_on_member', 'answered', 'closed'] })
      .notNull()
      .default('open'),
    priority: text('priority', { enum: ['low', 'normal', 'high', 'urgent'] })
      .notNull()
      .default('normal'),
    assigneeId: text('assignee_id').references(() => user.id, { onDelete: 'set null' }),
    awaitingSince: timestamp('awaiting_since', { withTimezone: true }),
    firstRepliedAt: timestamp('first_replied_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('support_ticket_number_unique').on(t.number),
    index('support_ticket_queue_idx').on(t.status, t.createdAt),
    index('support_ticket_user_idx').on(t.userId, t.updatedAt),
  ],
);

/** One message of a ticket's thread: the sender's, the team's, or an internal note (team only). */
export const supportMessage = pgTable(
  'support_message',
  {
    id: text('id').primaryKey(),
    ticketId: text('ticket_id')
      .notNull()
      .references(() => supportTicket.id, { onDelete: 'cascade' }),
    author: text('author', { enum: ['requester', 'staff', 'note'] }).notNull(),
    authorId: text('author_id').references(() => user.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_message_ticket_idx').on(t.ticketId, t.createdAt)],
);

/**
 * The admin audit log: who did what to whom, when. Rows are only ever inserted; the labels are
 * copied so a row still reads well after its actor or target is gone.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: text('id').primaryKey(),
    actorId: text('actor_id'),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type', { enum: ['user', 'ticket', 'group'] }).notNull(),
    targetId: text('target_id').notNull(),
    targetLabel: text('target_label').notNull(),
    detail: jsonb('detail')
      .$type<Record<string, string | number | boolean | null>>()
      .notNull()
      .default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('admin_audit_created_idx').on(t.createdAt)],
);

/**
 * Small groups (issue 25, docs/decisions/0052). A group follows one path (a course or a reading
 * plan) from `starts_on`; its calendar day is the leader's (`time_zone`, set from the leader's
 * zone at creation and on a transfer). Members' progress is never copied here: it is read from
 * their own lesson_progress, reading_plan_run and activity_day rows, through their consent level.
 * An ended group keeps only this row (its invitations say "ended"); its shared data is deleted.
 */
export const studyGroup = pgTable(
  'study_group',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    language: text('language', { enum: ['en', 'es'] }).notNull(),
    pathKind: text('path_kind', { enum: ['course', 'plan'] }).notNull(),
    courseId: text('course_id'),
    lessonsPerWeek: smallint('lessons_per_week'),
    planId: text('plan_id'),
    planDuration: integer('plan_duration'),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    meetingNote: text('meeting_note').notNull().default(''),
    timeZone: text('time_zone').notNull(),
    membersSeeReflections: boolean('members_see_reflections').notNull().default(false),
    /**
     * Moved on every change of who is in the group and what they let the leaders see (join,
     * leave, removal, role, level, an account deleted): a kept member list of another version
     * is not used, on any instance.
     */
    version: integer('version').notNull().default(0),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('study_group_created_idx').on(t.createdAt, t.id)],
);

/** One person in one group: their role, what they let the leaders see, and the mute switch. */
export const groupMember = pgTable(
  'group_member',
  {
    /** The member's id within the group (the API's `memberId`; never the user id). */
    id: text('id').primaryKey(),
    groupId: text('group_id')
      .notNull()
      .references(() => studyGroup.id, { onDelete: 'cascade' }),
    userId: ownerId(),
    role: text('role', { enum: ['leader', 'co-leader', 'member'] }).notNull(),
    level: text('level', { enum: ['membership', 'progress', 'reflections'] })
      .notNull()
      .default('progress'),
    muted: boolean('muted').notNull().default(false),
    /** The member's own aim: active days a week (the group's rhythm, issue 38 item 4). */
    aim: smallint('aim').notNull().default(4),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('group_member_once').on(t.groupId, t.userId),
    uniqueIndex('group_member_one_leader')
      .on(t.groupId)
      .where(sql`${t.role} = 'leader'`),
    index('group_member_user_idx').on(t.userId),
  ],
);

/**
 * An invitation: a link (`token_hash`, the SHA-256 of the token shown once) or, for a member
 * invited by e-mail, a personal one (`invitee_id`, no token).
 */
export const groupInvitation = pgTable(
  'group_invitation',
  {
    id: text('id').primaryKey(),
    groupId: text('group_id')
      .notNull()
      .references(() => studyGroup.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').unique(),
    inviteeId: text('invitee_id').references(() => user.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('group_invitation_group_idx').on(t.groupId, t.createdAt),
    index('group_invitation_invitee_idx').on(t.inviteeId),
  ],
);

/**
 * A lesson reflection a member shares with one group: a pointer to their own practice response
 * (lesson_progress.response, read live: editing it in the lesson edits what the group reads).
 * Goes with the membership (leaving) and with the group's end. `audience` is who its author
 * shared it with, fixed when shared: `leaders` (the leader and co-leaders) or `members` (also
 * every member, while the group lets members read reflections). Only its author widens it.
 */
export const groupReflection = pgTable(
  'group_reflection',
  {
    id: text('id').primaryKey(),
    groupId: text('group_id')
      .notNull()
      .references(() => studyGroup.id, { onDelete: 'cascade' }),
    memberId: text('member_id')
      .notNull()
      .references(() => groupMember.id, { onDelete: 'cascade' }),
    lessonId: text('lesson_id')
      .notNull()
      .references(() => lesson.id, { onDelete: 'cascade' }),
    hidden: boolean('hidden').notNull().default(false),
    audience: text('audience', { enum: ['leaders', 'members'] })
      .notNull()
      .default('leaders'),
    sharedAt: timestamp('shared_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('group_reflection_once').on(t.memberId, t.lessonId),
    index('group_reflection_group_idx').on(t.groupId, t.lessonId),
  ],
);

/**
 * A leader's message to one member or to all (`to_member_id` null). `sender_day` is the
 * sender's local day: the daily limit counts rows of one sender, group and day.
 */
export const groupMessage = pgTable(
  'group_message',
  {
    id: text('id').primaryKey(),
    groupId: text('group_id')
      .notNull()
      .references(() => studyGroup.id, { onDelete: 'cascade' }),
    senderId: ownerId(),
    senderDay: date('sender_day', { mode: 'string' }).notNull(),
    toMemberId: text('to_member_id').references(() => groupMember.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('group_message_sender_idx').on(t.groupId, t.senderId, t.senderDay),
    index('group_message_group_idx').on(t.groupId, t.createdAt),
  ],
);

/**
 * A study sheet a group's leaders prepare for a meeting (issue 38 item 2): passages as OSIS in
 * the KJV numbering (each reader sees them in their own language and translation), questions,
 * a prayer prompt and a note. `token` is the secret of its link, `/sheet/<token>`, kept as is
 * because the leaders share it again and again (a capability link, as a shared document's);
 * making a new one is how a link is revoked. `audience`: `group` (the link opens for the
 * group's members, signed in) or `public` (for anyone who has it). Deleted when its group ends.
 */
export const studySheet = pgTable(
  'study_sheet',
  {
    id: text('id').primaryKey(),
    groupId: text('group_id')
      .notNull()
      .references(() => studyGroup.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    passages: jsonb('passages').$type<string[]>().notNull().default([]),
    questions: jsonb('questions').$type<string[]>().notNull().default([]),
    prayer: text('prayer').notNull().default(''),
    note: text('note').notNull().default(''),
    audience: text('audience', { enum: ['group', 'public'] })
      .notNull()
      .default('group'),
    token: text('token').notNull().unique(),
    ...timestamps,
  },
  (t) => [index('study_sheet_group_idx').on(t.groupId, t.updatedAt)],
);

/**
 * A meeting a group's leaders reported (issue 38 item 3): its date on the group's calendar,
 * visitors (a number and the first names given), what it covered (`covered_kind`/`covered_id`,
 * with `covered_title` kept as it was when reported: a sheet deleted later still reads), the
 * prayer needs the leaders heard (read by the leaders only) and a note. The id is the browser's
 * (a report queued offline and sent twice is made once). Deleted with its group's end.
 */
export const groupMeeting = pgTable(
  'group_meeting',
  {
    id: text('id').primaryKey(),
    groupId: text('group_id')
      .notNull()
      .references(() => studyGroup.id, { onDelete: 'cascade' }),
    heldOn: date('held_on', { mode: 'string' }).notNull(),
    /** How many members the group had when the report was made ("6 of 8 members"). */
    members: integer('members').notNull().default(0),
    visitors: smallint('visitors').notNull().default(0),
    visitorNames: text('visitor_names').notNull().default(''),
    coveredKind: text('covered_kind', { enum: ['lesson', 'sheet'] }),
    coveredId: text('covered_id'),
    coveredTitle: text('covered_title'),
    prayer: text('prayer').notNull().default(''),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('group_meeting_group_idx').on(t.groupId, t.heldOn)],
);

/**
 * Who came to a reported meeting: one row per member present. Goes with the membership (a
 * member who leaves takes their attendance with them) and with the meeting.
 */
export const groupAttendance = pgTable(
  'group_attendance',
  {
    meetingId: text('meeting_id')
      .notNull()
      .references(() => groupMeeting.id, { onDelete: 'cascade' }),
    memberId: text('member_id')
      .notNull()
      .references(() => groupMember.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.meetingId, t.memberId] }),
    index('group_attendance_member_idx').on(t.memberId),
  ],
);

/**
 * A church (issue 38 item 4, ADR 0067): its pastors read a weekly roll-up of counts of its
 * groups. `code` is what the pastors give the church's leaders to ask to attach a group (a
 * pastor approves each); a new code stops the old one. `time_zone` is the calendar of its
 * weeks (the creating pastor's zone).
 */
export const church = pgTable('church', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  code: text('code').notNull().unique(),
  timeZone: text('time_zone').notNull(),
  ...timestamps,
});

/** A pastor of a church: reads its roll-up, approves its groups, invites other pastors. */
export const churchPastor = pgTable(
  'church_pastor',
  {
    churchId: text('church_id')
      .notNull()
      .references(() => church.id, { onDelete: 'cascade' }),
    userId: ownerId(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.churchId, t.userId] }),
    index('church_pastor_user_idx').on(t.userId),
  ],
);

/** A link that makes whoever opens it (signed in) a pastor: one use, CHURCH_INVITATION_DAYS. */
export const churchInvitation = pgTable(
  'church_invitation',
  {
    id: text('id').primaryKey(),
    churchId: text('church_id')
      .notNull()
      .references(() => church.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('church_invitation_church_idx').on(t.churchId)],
);

/**
 * A group's place in a church (one church per group): asked by its leader (`pending`), then
 * `attached` by a pastor. Goes with the group's end, the church's deletion, a leader's or a
 * pastor's removal.
 */
export const churchGroup = pgTable(
  'church_group',
  {
    groupId: text('group_id')
      .primaryKey()
      .references(() => studyGroup.id, { onDelete: 'cascade' }),
    churchId: text('church_id')
      .notNull()
      .references(() => church.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'attached'] }).notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    attachedAt: timestamp('attached_at', { withTimezone: true }),
  },
  (t) => [index('church_group_church_idx').on(t.churchId, t.status)],
);

/**
 * A prayer request a member shares with one of their groups (issue 38 item 3): its leaders read
 * its title and description (and add it to a meeting's report). Goes with the membership, the
 * request, or the member's unsharing; nothing is copied.
 */
export const groupPrayer = pgTable(
  'group_prayer',
  {
    groupId: text('group_id')
      .notNull()
      .references(() => studyGroup.id, { onDelete: 'cascade' }),
    memberId: text('member_id')
      .notNull()
      .references(() => groupMember.id, { onDelete: 'cascade' }),
    prayerId: text('prayer_id')
      .notNull()
      .references(() => prayerRequest.id, { onDelete: 'cascade' }),
    sharedAt: timestamp('shared_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.prayerId] }),
    index('group_prayer_group_idx').on(t.groupId, t.sharedAt),
  ],
);
