import { lazyWhenOpen } from '../../components/lazyWhenOpen.tsx';
import { withStrings } from '../../lib/i18n.ts';
import type { AddMemoryVerseDialogProps } from './AddMemoryVerseDialog.tsx';

/** What other features may use from the memory-verse feature. */
/**
 * The "add to memory verses" dialog; its code (and its form) comes when first opened, with the
 * strings it needs (the pages that open it need not declare them).
 */
export const AddMemoryVerseDialog = lazyWhenOpen<AddMemoryVerseDialogProps>(
  withStrings(['memory', 'bible', 'study'], () =>
    import('./AddMemoryVerseDialog.tsx').then((m) => ({ default: m.AddMemoryVerseDialog })),
  ),
);
