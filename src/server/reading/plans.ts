/**
 * Reading plans, generated from chapter lists (nothing typed day by day).
 *
 * A plan is an ordered list of chapters. Flattened, it is a sequence of verses; a schedule
 * cuts that sequence into N days of about equal length (by verses, so a day of short
 * chapters and a day with Psalm 119 take about as long). When there are at least as many
 * chapters as days, days end at chapter boundaries; otherwise (a slow pace) days end
 * mid-chapter at verse boundaries.
 */
import { BOOKS, bookIndex } from '#shared/bible/books.ts';
import type { Language } from '#shared/constants.ts';
import type { ReadingDifficulty, ReadingPlanId } from '#shared/schemas/reading.ts';
import { chapterLength, formatReference, type VerseRange } from '../bible/reference.ts';

/** [book OSIS id, first chapter, last chapter]; chapters default to the whole book. */
type Span = readonly [osis: string, from?: number, to?: number];

interface PlanDefinition {
  id: ReadingPlanId;
  difficulty: ReadingDifficulty;
  durations: readonly number[];
  spans: readonly Span[];
}

const range = (from: string, to: string): Span[] =>
  BOOKS.slice(bookIndex(from), bookIndex(to) + 1).map((b) => [b.osis] as const);

/**
 * The chronological order follows the usual arrangement of chronological Bible plans: Job
 * with the patriarchs, the Psalms with David, Solomon's writings with his reign, the
 * prophets beside the kings they addressed, the epistles at their place in Acts.
 */
const CHRONOLOGICAL: Span[] = [
  ['Gen', 1, 11],
  ['Job'],
  ['Gen', 12, 50],
  ...range('Exod', 'Deut'),
  ['Ps', 90, 90],
  ['Josh'],
  ['Judg'],
  ['Ruth'],
  ['1Sam'],
  ['2Sam'],
  ['1Chr'],
  ['Ps', 1, 89],
  ['Ps', 91, 150],
  ['1Kgs', 1, 11],
  ['2Chr', 1, 9],
  ['Prov'],
  ['Song'],
  ['Eccl'],
  ['1Kgs', 12, 22],
  ['2Chr', 10, 20],
  ['Obad'],
  ['2Kgs', 1, 14],
  ['2Chr', 21, 25],
  ['Joel'],
  ['Jonah'],
  ['Amos'],
  ['Hos'],
  ['2Kgs', 15, 17],
  ['2Chr', 26, 28],
  ['Isa', 1, 39],
  ['Mic'],
  ['2Kgs', 18, 20],
  ['2Chr', 29, 32],
  ['Isa', 40, 66],
  ['2Kgs', 21, 23],
  ['2Chr', 33, 35],
  ['Nah'],
  ['Zeph'],
  ['Hab'],
  ['Jer', 1, 29],
  ['2Kgs', 24, 25],
  ['2Chr', 36, 36],
  ['Jer', 30, 52],
  ['Lam'],
  ['Ezek'],
  ['Dan'],
  ['Ezra', 1, 6],
  ['Hag'],
  ['Zech'],
  ['Esth'],
  ['Ezra', 7, 10],
  ['Neh'],
  ['Mal'],
  ...range('Matt', 'John'),
  ['Acts', 1, 14],
  ['Jas'],
  ['Gal'],
  ['Acts', 15, 18],
  ['1Thess'],
  ['2Thess'],
  ['Acts', 19, 20],
  ['1Cor'],
  ['2Cor'],
  ['Rom'],
  ['Acts', 21, 28],
  ['Eph'],
  ['Phil'],
  ['Col'],
  ['Phlm'],
  ['1Tim'],
  ['Titus'],
  ['1Pet'],
  ['2Tim'],
  ['2Pet'],
  ['Heb'],
  ['Jude'],
  ...range('1John', '3John'),
  ['Rev'],
];

export const PLAN_DEFINITIONS: readonly PlanDefinition[] = [
  {
    id: 'whole-bible',
    difficulty: 'advanced',
    durations: [90, 180, 365, 730],
    spans: range('Gen', 'Rev'),
  },
  {
    id: 'new-testament',
    difficulty: 'intermediate',
    durations: [90, 180, 365],
    spans: range('Matt', 'Rev'),
  },
  { id: 'chronological', difficulty: 'advanced', durations: [180, 365, 730], spans: CHRONOLOGICAL },
  {
    id: 'psalms-proverbs',
    difficulty: 'beginner',
    durations: [90, 180],
    spans: [['Ps'], ['Prov']],
  },
  { id: 'gospels', difficulty: 'beginner', durations: [90, 180], spans: range('Matt', 'John') },
  {
    id: 'beginner',
    difficulty: 'beginner',
    durations: [90, 180],
    spans: [['Mark'], ['John'], ['Acts'], ['Rom'], ['Phil'], ['Jas'], ['1John'], ['Ps', 1, 30]],
  },
];

interface ChapterSlot {
  book: number;
  chapter: number;
  verses: number;
  /** Index of the chapter's first verse in the plan's flattened verse sequence. */
  offset: number;
}

/** A plan with its chapter sequence laid out; built once per plan. */
export class ReadingPlan {
  readonly chapters: ChapterSlot[] = [];
  readonly totalVerses: number;
  readonly books: number;
  private readonly schedules = new Map<string, number[]>();

  constructor(readonly def: PlanDefinition) {
    let offset = 0;
    const books = new Set<number>();
    for (const [osis, from, to] of def.spans) {
      const index = bookIndex(osis);
      const info = BOOKS[index];
      if (!info) throw new Error(`Unknown book ${osis} in plan ${def.id}`);
      for (let c = from ?? 1; c <= (to ?? info.chapters); c += 1) {
        const verses = chapterLength(index + 1, c);
        if (verses === 0) throw new Error(`No chapter ${osis} ${c} in plan ${def.id}`);
        this.chapters.push({ book: index + 1, chapter: c, verses, offset });
        books.add(index + 1);
        offset += verses;
      }
    }
    this.totalVerses = offset;
    this.books = books.size;
  }

  get id() {
    return this.def.id;
  }

  /** The plan's own schedule for a duration: day boundaries (verse offsets, length days + 1). */
  schedule(days: number): number[] {
    return this.cut(0, days);
  }

  /** `split`, remembered: the same (start, days) pairs recur for every member on a schedule. */
  cut(from: number, days: number): number[] {
    const key = `${from}|${days}`;
    let cached = this.schedules.get(key);
    if (!cached) {
      cached = this.split(from, days);
      if (this.schedules.size >= 2000) this.schedules.delete(this.schedules.keys().next().value!);
      this.schedules.set(key, cached);
    }
    return cached;
  }

  /**
   * Cuts verses [from, totalVerses) into `days` portions of about equal length. Returns the
   * boundaries: days + 1 offsets, the first `from`, the last `totalVerses`.
   */
  split(from: number, days: number): number[] {
    const to = this.totalVerses;
    const n = Math.max(1, Math.min(days, to - from));
    const starts = this.chapters.map((c) => c.offset).filter((o) => o > from && o < to);
    const bounds = [from];
    if (starts.length >= n - 1) {
      // Chapter boundaries: for each cut, the chapter start nearest to the ideal point,
      // leaving enough chapter starts for the cuts still to come.
      let previous = -1;
      for (let k = 1; k < n; k += 1) {
        const ideal = from + (k * (to - from)) / n;
        let i = nearest(starts, ideal);
        i = Math.max(i, previous + 1);
        i = Math.min(i, starts.length - (n - k));
        bounds.push(starts[i]!);
        previous = i;
      }
    } else {
      // Fewer chapters than days: every chapter start stays a cut, and the extra days go to
      // the longest chapters, each split into equal parts (Luke 1 over two days rather than
      // every day ending wherever a verse count falls).
      const edges = [from, ...starts, to];
      const lengths = edges.slice(1).map((e, i) => e - edges[i]!);
      const parts = lengths.map((l) => Math.max(1, Math.min(l, Math.floor((l * n) / (to - from)))));
      let missing = n - parts.reduce((a, b) => a + b, 0);
      // Rounding up the shortest chapters to one day each can overshoot: take days back
      // from the chapters whose parts are shortest.
      while (missing < 0) {
        let worst = -1;
        for (let i = 0; i < parts.length; i++) {
          if (parts[i]! <= 1) continue;
          if (worst < 0 || lengths[i]! / parts[i]! < lengths[worst]! / parts[worst]!) worst = i;
        }
        parts[worst]! -= 1;
        missing += 1;
      }
      while (missing > 0) {
        let best = -1;
        for (let i = 0; i < parts.length; i++) {
          if (parts[i]! >= lengths[i]!) continue;
          if (best < 0 || lengths[i]! / parts[i]! > lengths[best]! / parts[best]!) best = i;
        }
        parts[best]! += 1;
        missing -= 1;
      }
      lengths.forEach((length, i) => {
        if (i > 0) bounds.push(edges[i]!);
        for (let j = 1; j < parts[i]!; j++) {
          bounds.push(edges[i]! + Math.round((j * length) / parts[i]!));
        }
      });
    }
    bounds.push(to);
    return bounds;
  }

  /** The verses of [start, end) as ranges, one per run of consecutive chapters in one book. */
  ranges(start: number, end: number): VerseRange[][] {
    const groups: VerseRange[][] = [];
    let current: VerseRange | null = null;
    for (const slot of this.chapters) {
      const slotEnd = slot.offset + slot.verses;
      if (slotEnd <= start) continue;
      if (slot.offset >= end) break;
      const first = Math.max(start, slot.offset) - slot.offset + 1;
      const last = Math.min(end, slotEnd) - slot.offset;
      const continues =
        current &&
        current.end.book === slot.book &&
        current.end.chapter + 1 === slot.chapter &&
        current.end.verse === chapterLength(slot.book, slot.chapter - 1) &&
        first === 1;
      if (current && continues) {
        current.end = { book: slot.book, chapter: slot.chapter, verse: last };
      } else {
        current = {
          start: { book: slot.book, chapter: slot.chapter, verse: first },
          end: { book: slot.book, chapter: slot.chapter, verse: last },
        };
        groups.push([current]);
      }
    }
    return groups;
  }

  /** Distinct chapters touched by [start, end): what a day's reading counts for goals. */
  chaptersIn(start: number, end: number): number {
    return this.chapters.filter((c) => c.offset < end && c.offset + c.verses > start).length;
  }
}

function nearest(sorted: number[], value: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  if (lo > 0 && Math.abs(sorted[lo - 1]! - value) <= Math.abs(sorted[lo]! - value)) return lo - 1;
  return lo;
}

export const READING_PLANS = new Map<ReadingPlanId, ReadingPlan>(
  PLAN_DEFINITIONS.map((d) => [d.id, new ReadingPlan(d)]),
);

export function readingPlan(id: string): ReadingPlan | undefined {
  return READING_PLANS.get(id as ReadingPlanId);
}

/** The preferred duration when the plan offers it, else the offered one closest to it. */
export function suggestedDuration(plan: ReadingPlan, preferred: number): number {
  const offered = plan.def.durations;
  if (offered.includes(preferred)) return preferred;
  return [...offered].sort((a, b) => Math.abs(a - preferred) - Math.abs(b - preferred))[0]!;
}

/** Where the member is in a plan; the schedule is re-planned from `replanDay` after a catch-up. */
export interface PlanPosition {
  duration: number;
  totalDays: number;
  replanDay: number;
  replanVerse: number;
}

/** The verse offsets [start, end) of a day (1-based) of a member's run through the plan. */
export function dayBounds(plan: ReadingPlan, pos: PlanPosition, day: number): [number, number] {
  if (day < pos.replanDay) {
    const b = plan.schedule(pos.duration);
    return [b[day - 1] ?? plan.totalVerses, b[day] ?? plan.totalVerses];
  }
  const b = plan.cut(pos.replanVerse, pos.totalDays - pos.replanDay + 1);
  const i = day - pos.replanDay;
  return [b[i] ?? plan.totalVerses, b[i + 1] ?? plan.totalVerses];
}

export interface DayPassage {
  reference: string;
  osis: string;
  ranges: VerseRange[];
}

export function dayPassages(
  plan: ReadingPlan,
  pos: PlanPosition,
  day: number,
  lang: Language,
): DayPassage[] {
  const [start, end] = dayBounds(plan, pos, day);
  return plan.ranges(start, end).map((ranges) => ({
    reference: formatReference(ranges, lang),
    osis: ranges.map(osisOf).join(','),
    ranges,
  }));
}

const osisOf = ({ start: s, end: e }: VerseRange) =>
  `${BOOKS[s.book - 1]!.osis}.${s.chapter}.${s.verse}-${BOOKS[e.book - 1]!.osis}.${e.chapter}.${e.verse}`;
