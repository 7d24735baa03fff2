import { Suspense, lazy, useState, type ComponentType } from 'react';

/**
 * A dialog whose code (Radix, focus trap, scroll lock) is fetched when it is first opened, not
 * with the page that can open it (byte budgets, docs/decisions/0013). Once opened it stays
 * mounted, so it closes with its usual behaviour (focus back to the opener).
 */
export function lazyWhenOpen<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  isOpen: (props: P) => boolean = (props) => Boolean((props as { open?: boolean }).open),
): ComponentType<P> {
  const Content = lazy(load);
  function LazyDialog(props: P) {
    const open = isOpen(props);
    const [wanted, setWanted] = useState(open);
    if (open && !wanted) setWanted(true);
    if (!wanted) return null;
    return (
      <Suspense fallback={null}>
        <Content {...props} />
      </Suspense>
    );
  }
  return LazyDialog;
}
