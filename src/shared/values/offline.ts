/**
 * The offline pack (issue 40; docs/decisions/0070): what its parts hold, shared by the server
 * that cuts them and the phone that stores them. Without Zod (../schemas/offline.ts has the
 * manifest's schema).
 */

/** The pack's format: a part or manifest of another format is not read. */
export const PACK_FORMAT = 1;

/**
 * The most bytes one part may have as sent (gzipped): a download cut off loses at most this
 * much, and fetches it again (issue 40: "fetches at most 64 KB twice").
 */
export const PACK_PART_MAX_BYTES = 64 * 1024;

/** A part's name: the SHA-256 of its bytes, in lower-case hex. */
export const PACK_PART_ID = /^[0-9a-f]{64}$/;

/** One chapter as a part holds it: its verses in order ("" where a verse is left out). */
export interface PackChapter {
  /** OSIS book id: "Gen", "Ps", "John". */
  book: string;
  chapter: number;
  verses: string[];
  /**
   * Headings before verses, by verse number: a psalm's title before verse 1, Psalm 119's
   * Hebrew letters, the VBL's speakers in the Song of Songs.
   */
  headings?: Record<string, string>;
  /** The translator's notes by verse number (the VBL's footnotes). */
  notes?: Record<string, string[]>;
}

/** A part of a Bible: whole chapters of one translation, in order (gzipped JSON). */
export interface BiblePart {
  format: typeof PACK_FORMAT;
  kind: 'bible';
  translation: string;
  chapters: PackChapter[];
}

/** A lesson's Scripture as a part holds it: the address (parsed by the server) and its name. */
export interface PackScripture {
  /** The reference as the lesson's author wrote it ("John 3:16-17"). */
  reference: string;
  /** Its name in each language of the interface ("Juan 3:16-17"). */
  shown: { en: string; es: string };
  /** Where its verses are (canonical book numbers), or null when it could not be read. */
  ranges: { start: PackVersePoint; end: PackVersePoint }[] | null;
}

export interface PackVersePoint {
  book: number;
  chapter: number;
  verse: number;
}

/** One language's text of a lesson, as the lesson route answers it. */
export interface PackLessonText {
  title: string;
  summary: string;
  bodyHtml: string;
  reflectionQuestions: string[];
  practicePrompt: string;
}

export interface PackLesson {
  id: string;
  order: number;
  track: string | null;
  text: { en: PackLessonText; es: PackLessonText };
  keyScripture: PackScripture;
  additionalScriptures: PackScripture[];
}

/** A course's outline: enough for its page (every lesson's title and summary) in both languages. */
export interface PackCourseOutline {
  id: string;
  premium: boolean;
  text: {
    en: {
      title: string;
      subtitle: string;
      description: string;
      tracks: { id: string; name: string }[];
    };
    es: {
      title: string;
      subtitle: string;
      description: string;
      tracks: { id: string; name: string }[];
    };
  };
  lessons: {
    id: string;
    order: number;
    track: string | null;
    title: { en: string; es: string };
    summary: { en: string; es: string };
  }[];
}

/**
 * A part of a course: some of its lessons in order, in both languages, with the course's outline
 * (so any one part can answer the course's page). Content only: nothing of a member's progress.
 */
export interface CoursePart {
  format: typeof PACK_FORMAT;
  kind: 'course';
  course: PackCourseOutline;
  lessons: PackLesson[];
}

/** Any part of the pack. */
export type PackPart = BiblePart | CoursePart;
