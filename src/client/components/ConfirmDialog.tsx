import { lazyWhenOpen } from './lazyWhenOpen.tsx';
import type { ConfirmDialogProps } from './ConfirmDialogContent.tsx';

/** Asks before a destructive action; focus starts on Cancel. Its code comes when first opened. */
export const ConfirmDialog = lazyWhenOpen<ConfirmDialogProps>(
  () => import('./ConfirmDialogContent.tsx'),
);
