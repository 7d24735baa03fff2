import { lazyWhenOpen } from '../../components/lazyWhenOpen.tsx';
import type { AddMemoryVerseDialogProps } from './AddMemoryVerseDialog.tsx';

/** What other features may use from the memory-verse feature. */
/** The "add to memory verses" dialog; its code (and its form) comes when first opened. */
export const AddMemoryVerseDialog = lazyWhenOpen<AddMemoryVerseDialogProps>(() =>
  import('./AddMemoryVerseDialog.tsx').then((m) => ({ default: m.AddMemoryVerseDialog })),
);
