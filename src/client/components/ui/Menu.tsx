import { useId, type MouseEvent, type ReactNode } from 'react';
import { Link } from '../../lib/router.tsx';
import { cn } from '../../lib/cn.ts';

/**
 * A menu button (WAI-ARIA) on the browser's own popover: the button opens and closes it, a
 * click outside or Escape closes it, all without the app, so it answers the first tap even
 * before the app has the page. The arrow keys, Home and End move among its items, and the first
 * item has the focus when it opens (src/delivery/browser/behaviours.ts). Its items are drawn
 * with the page: a link is followed as any link; a button's press before the app has the page
 * is held and done once it has (src/delivery/browser/held.ts).
 */
export function Menu({
  label,
  button,
  buttonClassName,
  className,
  children,
}: {
  /** The button's accessible name, also the menu's. */
  label: string;
  /** What the button shows. */
  button: ReactNode;
  buttonClassName?: string;
  className?: string;
  children: ReactNode;
}) {
  const id = `${useId()}-menu`;
  return (
    <>
      <button
        type="button"
        popoverTarget={id}
        aria-haspopup="menu"
        aria-label={label}
        className={buttonClassName}
      >
        {button}
      </button>
      <div
        id={id}
        popover="auto"
        role="menu"
        aria-label={label}
        className={cn(
          'camino-menu z-[70] min-w-56 rounded-2xl border border-slate-200 bg-white p-1.5 text-left shadow-xl',
          className,
        )}
      >
        {children}
      </div>
    </>
  );
}

const ITEM =
  'flex w-full cursor-pointer items-center gap-2.5 rounded-lg px-3 py-2 text-left text-sm text-slate-800 outline-none hover:bg-brand-50 hover:text-brand-900 focus-visible:bg-brand-50 focus-visible:text-brand-900 aria-disabled:cursor-not-allowed aria-disabled:opacity-50';

/** The menu an item is in, closed (the item was chosen). */
const closeMenuOf = (item: Element) => item.closest<HTMLElement>('[popover]')?.hidePopover();

/** An item that does something: the menu closes, then `onSelect` runs. */
export function MenuItem({
  onSelect,
  disabled,
  danger,
  children,
}: {
  onSelect: () => void;
  disabled?: boolean;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      aria-disabled={disabled || undefined}
      onClick={(event) => {
        if (disabled) return;
        closeMenuOf(event.currentTarget);
        onSelect();
      }}
      className={cn(ITEM, danger && 'text-red-700')}
    >
      {children}
    </button>
  );
}

/** An item that goes somewhere in the app (or, with `href`, to a server address). */
export function MenuLink({
  to,
  href,
  onClick,
  children,
}: {
  children: ReactNode;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
} & ({ to: string; href?: never } | { href: string; to?: never })) {
  const close = (event: MouseEvent<HTMLAnchorElement>) => {
    closeMenuOf(event.currentTarget);
    onClick?.(event);
  };
  return to !== undefined ? (
    <Link to={to} role="menuitem" tabIndex={-1} onClick={close} className={ITEM}>
      {children}
    </Link>
  ) : (
    <a href={href} role="menuitem" tabIndex={-1} onClick={close} className={ITEM}>
      {children}
    </a>
  );
}

/** A line between groups of items. */
export function MenuSeparator() {
  return <div role="separator" className="my-1 h-px bg-slate-200" />;
}
