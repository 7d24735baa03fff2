/**
 * The member's reading plan and today's verse with no network, from the download (issue 40,
 * docs/decisions/0070):
 *
 * - **A later day of the plan.** Today's reading is kept as the server last answered it. Once the
 *   member marks that day read with no network (a write queued in the outbox), the worker answers
 *   the next day instead, and the one after, read from the downloaded Bible: the days' passages
 *   come from the plan's next days kept beside the reading (`GET /api/daily-reading/ahead`, the
 *   member's own, fetched while a Bible is downloaded), where the plan stands is counted by the
 *   server's own rule (`planStanding`) on the member's date. The marks are sent in order once the
 *   network is back; the server counts each day once.
 * - **Today's verse on today's date.** The dashboard's kept copy names the verse of the day it was
 *   fetched; on a later date the worker puts that date's verse in its place (the same list and
 *   rule as the server), its text from the download.
 *
 * Nothing here reaches the network, and nothing of it is kept: it is worked out from what is.
 */
import { formatReference, rangesFromOsis } from '../../shared/bible/chapter-answer.ts';
import { verseOfTheDayOsis } from '../../shared/bible/verse-of-the-day.ts';
import type { Passage } from '../../shared/schemas/bible.ts';
import type { DailyReading, PlanDaysAhead } from '../../shared/schemas/reading.ts';
import { translationLanguage } from '../../shared/values/bible.ts';
import { planStanding } from '../../shared/values/reading.ts';
import { daysBetween, localDate } from '../../shared/values/time.ts';
import { packBible, readIndex, type PackIndex } from '../features/offline/pack.ts';
import { queuedReadingDay } from '../features/reading/queued-key.ts';
import { queuedWrites } from '../lib/outbox-store.ts';
import { DATA_CACHE, USER_PATH } from './names.ts';
import { packAnswer, packRanges } from './offline-bible.ts';

type Language = 'en' | 'es';

export const DAILY_READING_PATH = '/api/daily-reading';
export const PLAN_AHEAD_PATH = '/api/daily-reading/ahead';
export const DASHBOARD_PATH = '/api/dashboard';

/**
 * Fetched again while fewer days than this are kept past the one shown: a week with no signal is
 * read from the phone (the list holds `PLAN_DAYS_AHEAD`).
 */
const AHEAD_AT_LEAST = 7;

async function keptJson<T>(key: string): Promise<T | null> {
  const kept = await caches.match(key, { cacheName: DATA_CACHE });
  return kept ? ((await kept.json().catch(() => null)) as T | null) : null;
}

interface KeptMember {
  id?: string;
  preferences?: { timeZone?: string };
}

/** The member signed in on this phone, as last seen (the kept session check). */
const keptMember = () => keptJson<KeptMember>(USER_PATH);

/** The member's date now: the day their plan and today's verse count in, as the server does. */
function memberToday(member: KeptMember | null): { today: string; timeZone: string } | null {
  const timeZone = member?.preferences?.timeZone;
  if (!timeZone) return null;
  try {
    return { today: localDate(new Date(), timeZone), timeZone };
  } catch {
    return null;
  }
}

/** The downloaded translation to read a text in: the one shown, else one of its language. */
function bibleFor(index: PackIndex, translation: string, lang: Language) {
  const found = packBible(index, translation, lang);
  if (found) return found;
  const bible = index.bibles.find((b) => b.language === translationLanguage(translation));
  return bible ? { code: bible.code, fallback: true, bible } : null;
}

/** A passage (OSIS) in the member's language with its verses from the download, or null. */
async function packPassage(
  bible: PackIndex['bibles'][number],
  osis: string,
  lang: Language,
): Promise<{ reference: string; osis: string; verses: Passage['verses'] } | null> {
  const ranges = rangesFromOsis(osis);
  const verses = ranges.length ? await packRanges(bible, ranges, lang) : null;
  return verses?.length ? { reference: formatReference(ranges, lang), osis, verses } : null;
}

/**
 * Whether the plan's next days should be fetched beside a fresh reading: a Bible is downloaded,
 * and what is kept is another plan or schedule, or holds less than a week past the day shown.
 */
export async function planAheadWanted(reading: DailyReading): Promise<boolean> {
  const { plan, day } = reading;
  if (!plan || day === null || !(await readIndex())?.bibles.length) return false;
  const ahead = await keptJson<PlanDaysAhead>(PLAN_AHEAD_PATH);
  if (!ahead || ahead.planId !== plan.planId || ahead.totalDays !== plan.totalDays) return true;
  const shown = ahead.days.find((d) => d.day === day);
  if (shown?.passages.join(',') !== reading.passages.map((p) => p.osis).join(',')) return true;
  const last = ahead.days.at(-1)?.day ?? 0;
  return last < Math.min(plan.totalDays, day + AHEAD_AT_LEAST);
}

/**
 * Today's reading with no network, given the kept copy: the day after the days marked read on
 * this phone since, read from the download; null when none was marked (the kept copy stands),
 * or when that day's passages or text are not on the phone.
 */
export async function laterReading(kept: Response, lang: Language): Promise<Response | null> {
  const reading = (await kept
    .clone()
    .json()
    .catch(() => null)) as DailyReading | null;
  const plan = reading?.plan;
  if (!reading || !plan || reading.day === null || !reading.translation) return null;
  const member = await keptMember();
  const now = memberToday(member);
  const marks = (await queuedWrites().catch(() => []))
    .filter((w) => w.userId === member?.id)
    .map((w) => ({ day: queuedReadingDay(w.key), at: w.queuedAt }))
    .filter((m): m is { day: number; at: number } => m.day !== null);
  const marked = new Set(marks.map((m) => m.day));
  let day = reading.day;
  while (marked.has(day)) day++;
  if (day === reading.day || day > plan.totalDays || !now) return null;

  const ahead = await keptJson<PlanDaysAhead>(PLAN_AHEAD_PATH);
  if (!ahead || ahead.planId !== plan.planId || ahead.totalDays !== plan.totalDays) return null;
  const shown = ahead.days.find((d) => d.day === reading.day);
  // Another schedule (a catch-up made elsewhere since): its days are not this reading's.
  if (shown && shown.passages.join(',') !== reading.passages.map((p) => p.osis).join(',')) {
    return null;
  }
  const next = ahead.days.find((d) => d.day === day);
  const index = await readIndex();
  const found = index && next ? bibleFor(index, reading.translation, lang) : null;
  if (!next || !found) return null;
  const passages = [];
  for (const osis of next.passages) {
    const passage = await packPassage(found.bible, osis, lang);
    if (!passage) return null;
    passages.push(passage);
  }

  const { today, timeZone } = now;
  const keptOn = kept.headers.get('date');
  const readToday =
    marks.some((m) => localDate(new Date(m.at), timeZone) === today) ||
    (plan.readToday && !!keptOn && localDate(new Date(keptOn), timeZone) === today);
  const standing = planStanding(
    { ...plan, currentDay: day, finished: false },
    daysBetween(plan.startedOn, today),
  );
  const answer: DailyReading = {
    plan: {
      ...plan,
      ...standing,
      currentDay: day,
      completedDays: plan.completedDays + (day - reading.day),
      percent: next.percent,
      readToday,
    },
    day,
    passages,
    translation: found.code,
    requestedTranslation: reading.requestedTranslation,
    fallback: found.code !== reading.requestedTranslation,
    onDevice: true,
  };
  return packAnswer(answer, kept.headers.get('date'));
}

interface KeptDashboard {
  verseOfTheDay: (Passage & { date: string }) | null;
}

/**
 * The dashboard with no network, given the kept copy: on a later date than the copy's verse,
 * that date's verse from the download in its place; null when the copy's verse is today's, or
 * the verse's text is not on the phone (the kept copy stands).
 */
export async function todaysVerse(kept: Response, lang: Language): Promise<Response | null> {
  const dashboard = (await kept
    .clone()
    .json()
    .catch(() => null)) as KeptDashboard | null;
  const verse = dashboard?.verseOfTheDay;
  const now = memberToday(await keptMember());
  if (!dashboard || !verse || !now || verse.date === now.today) return null;
  const index = await readIndex();
  const found = index ? bibleFor(index, verse.translation, lang) : null;
  const passage = found && (await packPassage(found.bible, verseOfTheDayOsis(now.today), lang));
  if (!found || !passage) return null;
  return packAnswer(
    {
      ...dashboard,
      verseOfTheDay: {
        ...passage,
        date: now.today,
        translation: found.code,
        requestedTranslation: verse.requestedTranslation,
        fallback: found.code !== verse.requestedTranslation,
      },
    },
    kept.headers.get('date'),
  );
}
