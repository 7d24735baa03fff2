import { useEffect, useRef } from 'react';
import { onChapter } from './place.ts';
import type { ChapterRef } from './types.ts';

const same = (a: ChapterRef, b: ChapterRef) =>
  a.translation === b.translation && a.book === b.book && a.chapter === b.chapter;

/**
 * The reader follows the player: when the player goes on from the chapter the reader shows to
 * the next one, `go` is called with it, so the verse being read stays on screen.
 */
export function useListenFollow(shown: ChapterRef, go: (chapter: ChapterRef) => void) {
  const latest = useRef({ shown, go });
  useEffect(() => {
    latest.current = { shown, go };
  });
  useEffect(
    () =>
      onChapter((from, to) => {
        const { shown: now, go: follow } = latest.current;
        if (from && same(from, now) && !same(to, now)) follow(to);
      }),
    [],
  );
}
