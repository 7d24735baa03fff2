/**
 * Where a member stopped listening, kept on this device per member (a visitor's under
 * `visitor`), and the player's news of the chapter it moved to. Small, no player code: the
 * Listen buttons read it to offer "Continue listening at Juan 3:17" before the player loads.
 */
import type { ChapterRef, ListenPlace } from './types.ts';

const placeKey = (member: string) => `camino:listen:place:${member}`;

export function readPlace(member: string): ListenPlace | null {
  try {
    const raw = localStorage.getItem(placeKey(member));
    const place = raw ? (JSON.parse(raw) as ListenPlace) : null;
    return place && typeof place.key === 'string' && typeof place.segmentId === 'string'
      ? place
      : null;
  } catch {
    return null;
  }
}

export function writePlace(member: string, place: ListenPlace | null) {
  try {
    if (place) localStorage.setItem(placeKey(member), JSON.stringify(place));
    else localStorage.removeItem(placeKey(member));
  } catch {
    // storage unavailable (a private window): nothing is kept
  }
}

/** The key of a chapter's queue and place. */
export const chapterKey = (c: ChapterRef) => `chapter:${c.translation}:${c.book}:${c.chapter}`;

type ChapterListener = (from: ChapterRef | null, to: ChapterRef) => void;
const chapterListeners = new Set<ChapterListener>();

/** The player went on from one chapter to another (or started one): the reader may follow. */
export function announceChapter(from: ChapterRef | null, to: ChapterRef) {
  for (const listener of chapterListeners) listener(from, to);
}

export function onChapter(listener: ChapterListener): () => void {
  chapterListeners.add(listener);
  return () => chapterListeners.delete(listener);
}

type PageListener = (key: string, root: HTMLElement) => void;
const pageListeners = new Set<PageListener>();

/**
 * A part of a page that can be read aloud is shown, perhaps again (back to a lesson while the
 * player reads it): the player finds its parts in the new page, to highlight the one it reads.
 */
export function announcePage(key: string, root: HTMLElement) {
  for (const listener of pageListeners) listener(key, root);
}

export function onPage(listener: PageListener): () => void {
  pageListeners.add(listener);
  return () => pageListeners.delete(listener);
}
