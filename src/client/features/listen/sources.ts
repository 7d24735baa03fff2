/**
 * The player's queues: a Bible chapter (from the API, or the copy already in the page's cache,
 * which is what makes a chapter open offline listenable offline), or the readable parts of a
 * page (a lesson, a sermon study, the gospel, today's reading, the verse of the day).
 */
import { translationLanguage } from '#shared/values/bible.ts';
import { BOOKS, bookByOsis, referenceBookName } from '#shared/bible/books.ts';
import { fetchChapter } from './api.ts';
import { chapterKey as chapterQueueKey } from './place.ts';
import { chapterAnnouncement, speechLanguage } from './speech-text.ts';
import type { ChapterRef, ListenRequest, Queue, Segment } from './types.ts';

/** The first segment of a chapter's queue (its announcement): its id and its label ("Juan 4"). */
export function chapterStart(
  ref: Pick<ChapterRef, 'book' | 'chapter'>,
  lang: 'en' | 'es',
): { id: string; label: string } {
  return {
    id: `c-${ref.book}.${ref.chapter}`,
    label: `${referenceBookName(ref.book, lang, true)} ${ref.chapter}`,
  };
}

/** A chapter as a queue: its announcement ("Juan, capítulo tres."), then each verse. */
export async function chapterQueue(ref: ChapterRef): Promise<Queue> {
  const data = await fetchChapter(ref);
  const lang = translationLanguage(data.translation);
  const book = bookByOsis(data.book) ?? BOOKS[0]!;
  const name = referenceBookName(book.osis, lang, true);
  const heading: Segment = {
    ...chapterStart(data, lang),
    text: chapterAnnouncement(book[lang], data.chapter, lang),
    lang,
  };
  return {
    key: chapterQueueKey(ref),
    title: `${name} ${data.chapter} · ${data.translation}`,
    segments: [
      heading,
      ...data.verses.map((v) => ({
        id: `v-${v.book}.${v.chapter}.${v.verse}`,
        text: v.text,
        lang,
        label: `${name} ${v.chapter}:${v.verse}`,
      })),
    ],
    chapter: {
      ...ref,
      next: data.next
        ? { translation: ref.translation, book: data.next.book, chapter: data.next.chapter }
        : null,
    },
  };
}

/** The elements read on a page: headings, paragraphs, list items, quotes, verses. */
const BLOCKS = 'h1, h2, h3, h4, p, li, blockquote, figcaption, [id^="v-"]';
/** Inside these, nothing is read: hidden text, forms, navigation, what a page marks to skip. */
const SKIPPED = '[data-listen-skip], .sr-only, [aria-hidden="true"], form, nav, [role="alert"]';
/** Within a block, these say nothing: verse numbers, screen-reader-only text. */
const SILENT = 'sup, .sr-only, [aria-hidden="true"], [data-listen-skip]';

/** The text of an element as read: without verse numbers and hidden parts. */
function readableText(element: Element): string {
  let text = '';
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement?.closest(SILENT)) text += node.nodeValue ?? '';
  }
  return text.replace(/\s+/g, ' ').trim();
}

/** "Juan 3:16" for the element id `v-John.3.16`, in the verse's language. */
function verseLabel(id: string, lang: 'en' | 'es'): string | null {
  const match = /^v-(.+)\.(\d+)\.(\d+)$/.exec(id);
  if (!match || !bookByOsis(match[1]!)) return null;
  return `${referenceBookName(match[1]!, lang, true)} ${match[2]}:${match[3]}`;
}

const shortLabel = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}…` : text);

/**
 * The readable parts of `root`, in order, each its own segment: the innermost blocks (a list
 * item's paragraphs, not the item and its paragraphs twice). A verse keeps its element id
 * (`v-John.3.16`); any other block is marked `data-listen-seg` to be found and highlighted.
 * Each is spoken in the language of its nearest `lang`; its label is the heading it is under.
 */
export function pageSegments(root: HTMLElement): Segment[] {
  const fallback = document.documentElement.lang || 'en';
  const segments: Segment[] = [];
  let heading = '';
  let n = 0;
  for (const element of root.querySelectorAll<HTMLElement>(BLOCKS)) {
    if (element.closest(SKIPPED) || element.querySelector(BLOCKS)) continue;
    const text = readableText(element);
    if (!text) continue;
    const isVerse = element.id.startsWith('v-');
    if (/^H\d$/.test(element.tagName)) heading = shortLabel(text);
    let id = element.id;
    if (!isVerse) {
      n += 1;
      id = `p${n}`;
      element.dataset.listenSeg = id;
    }
    const lang = speechLanguage(element.closest('[lang]')?.getAttribute('lang') ?? fallback);
    segments.push({
      id,
      text,
      lang,
      label: (isVerse && verseLabel(id, lang)) || heading || shortLabel(text),
    });
  }
  return segments;
}

/** The queue a Listen button asks for. */
export async function requestQueue(request: ListenRequest): Promise<Queue> {
  if (request.kind === 'chapter') return chapterQueue(request.chapter);
  return {
    key: request.key,
    title: request.title,
    segments: pageSegments(request.root),
    onFinished: request.onFinished,
  };
}

/** The element of a segment on the page now, if it is shown. */
export function segmentElement(id: string): HTMLElement | null {
  return (
    document.getElementById(id) ??
    document.querySelector<HTMLElement>(`[data-listen-seg="${CSS.escape(id)}"]`)
  );
}
