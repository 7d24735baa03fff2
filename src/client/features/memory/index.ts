/** What other features may use from the memory-verse feature. */
export { AddMemoryVerseDialog } from './AddMemoryVerseDialog.tsx';
