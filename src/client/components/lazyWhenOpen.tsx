import { Suspense, lazy, useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { afterFirstScreen } from '../lib/idle.ts';
import { savingData } from '../lib/save-data.ts';

/**
 * A dialog whose code (Radix, focus trap, scroll lock) is not part of the page that can open
 * it (byte budgets, docs/decisions/0013): fetched once the page has settled, so that it opens at
 * the first tap, or when it is first opened if that comes sooner (then the screen dims with a
 * spinner at once, until it is there). Once opened it stays mounted, so it closes with its usual
 * behaviour (focus back to the opener).
 */
export function lazyWhenOpen<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  isOpen: (props: P) => boolean = (props) => Boolean((props as { open?: boolean }).open),
): ComponentType<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const once = () => {
    // A failed download (offline, a new deploy) is tried again next time.
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const Content = lazy(once);
  function LazyDialog(props: P) {
    const open = isOpen(props);
    const [wanted, setWanted] = useState(open);
    if (open && !wanted) setWanted(true);
    // Fetched ahead unless the member saves data (lib/save-data.ts): then when first opened.
    useEffect(
      () => (savingData() ? undefined : afterFirstScreen(() => void once().catch(() => undefined))),
      [],
    );
    if (!wanted) return null;
    return (
      <Suspense fallback={open ? <DialogComing /> : null}>
        <Content {...props} />
      </Suspense>
    );
  }
  return LazyDialog;
}

/** The screen dimmed with a spinner: a dialog asked for is on its way. */
function DialogComing() {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-label={t('common.loading')}
      data-dialog-coming=""
      className="fixed inset-0 z-[80] flex items-center justify-center bg-slate-900/40"
    >
      <span className="size-10 animate-spin rounded-full border-4 border-white/40 border-t-white" />
    </div>
  );
}
