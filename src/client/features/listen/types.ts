/**
 * What the player reads: a queue of segments. Plain types, shared by the small parts every
 * page with a Listen button loads (ListenButton.tsx, place.ts) and the player loaded on the
 * first press (player.ts). A segment is one verse, or one paragraph of a lesson or a page.
 */

/**
 * One thing read aloud. `id` finds it on the page (an element's id, such as a verse's
 * `v-John.3.16`, or its `data-listen-seg`); `lang` is the text's own language (a Reina-Valera
 * verse is `es` in the English interface too); `label` names it ("Juan 3:16").
 */
export interface Segment {
  id: string;
  text: string;
  lang: string;
  label: string;
}

/** A chapter of a translation. */
export interface ChapterRef {
  translation: string;
  book: string;
  chapter: number;
}

/** What the player has been given to read, in order. */
export interface Queue {
  /** What is being listened to, for the place kept to resume (`chapter:…`, `lesson:…`). */
  key: string;
  /** Shown in the player: "Juan 3 · RV1909". */
  title: string;
  segments: Segment[];
  /** A chapter of the Bible: the player can go on to the next one. */
  chapter?: ChapterRef & { next: ChapterRef | null };
  /** Runs once the queue has been heard to its last segment (today's reading counts as read). */
  onFinished?: () => void;
}

/** Where listening stopped, kept per member on this device (place.ts). */
export interface ListenPlace {
  key: string;
  segmentId: string;
  /** "Juan 3:17", or the heading of the paragraph. */
  label: string;
  chapter?: ChapterRef;
}

/** What a Listen button asks the player to read. */
export type ListenRequest =
  | { kind: 'chapter'; chapter: ChapterRef }
  | {
      kind: 'page';
      key: string;
      title: string;
      /** The part of the page to read: its headings, paragraphs, verses and list items. */
      root: HTMLElement;
      onFinished?: () => void;
    };
