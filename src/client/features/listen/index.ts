/**
 * What other features use of Listen: the button (small; the player loads on its first press,
 * docs/decisions/0055) and the reader's hook to follow the player from chapter to chapter.
 */
export { ListenButton, type ListenSource } from './ListenButton.tsx';
export { useListenFollow } from './useListenFollow.ts';
export type { ChapterRef, Segment } from './types.ts';
