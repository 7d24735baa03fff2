import X from 'lucide-react/icons/x';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { Tip } from './Tip.tsx';

/**
 * A drawer at the side of the screen (the phone's navigation) on the browser's own modal
 * `<dialog>`: its button opens it and its close button, Escape or a tap outside close it, all
 * without the app (invoker commands: `commandfor`, and src/delivery/browser/behaviours.ts where
 * the browser has none), so it answers the first tap before the app has the page. The rest of
 * the page is inert while it is open; the focus comes back to its button when it closes.
 */

/** The attributes that make a button open (or close) the dialog `id` by itself. */
export const opens = (id: string) => ({ commandfor: id, command: 'show-modal' }) as object;
export const closes = (id: string) => ({ commandfor: id, command: 'close' }) as object;

/** Closes the drawer `id` (a link in it was followed by the app). */
export const closeDrawer = (id: string) =>
  (document.getElementById(id) as HTMLDialogElement | null)?.close();

export function Drawer({
  id,
  side,
  label,
  closeLabel,
  heading,
  children,
  className,
}: {
  id: string;
  side: 'left' | 'right';
  /** Its accessible name. */
  label: string;
  closeLabel: string;
  /** What its top shows beside the close button (the logo, the app's name). */
  heading: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <dialog
      id={id}
      aria-label={label}
      {...({ closedby: 'any' } as object)}
      className={cn(
        'camino-drawer fixed inset-y-0 m-0 h-dvh max-h-none w-[min(20rem,85vw)] max-w-none overflow-y-auto border-0 bg-white px-4 py-5 shadow-2xl backdrop:bg-slate-900/40 focus:outline-none',
        side === 'left' ? 'left-0 right-auto' : 'left-auto right-0',
        className,
      )}
    >
      <div className="mb-6 flex items-center justify-between px-2">
        {heading}
        <Tip label={closeLabel}>
          <button
            type="button"
            {...closes(id)}
            aria-label={closeLabel}
            className="rounded-xl p-2 text-slate-600 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
          >
            <X className="size-5" aria-hidden />
          </button>
        </Tip>
      </div>
      {children}
    </dialog>
  );
}
