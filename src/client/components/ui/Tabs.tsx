import { useId, useState, type ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

export interface Tab<V extends string> {
  value: V;
  label: ReactNode;
  /** The panel's content, rendered once the tab has been chosen. */
  content: ReactNode;
  /**
   * What the panel shows before its tab was first chosen (a skeleton), so that choosing it
   * shows at once where its content will come. Without one the content is rendered from the
   * start, hidden (both lists of a page whose data is asked together).
   */
  placeholder?: ReactNode;
}

/**
 * Tabs (WAI-ARIA tabs with automatic activation): a tab list and every panel, the chosen one
 * shown. A tab acts on a click (a press, Enter or Space) like any button; the arrow keys, Home
 * and End are the page's own (src/delivery/browser/behaviours.ts), so the tabs answer the same
 * before the app has the page and after. Every panel is drawn, the others `hidden`: a tab
 * pressed before the app has the page shows its panel at once (src/delivery/browser/previews.ts),
 * with its content or its placeholder. The look follows `aria-selected`, which such a press
 * sets.
 */
export function Tabs<V extends string>({
  label,
  value,
  onChange,
  tabs,
  className,
  listClassName,
  tabClassName,
  panelClassName,
}: {
  label: string;
  value: V;
  onChange: (value: V) => void;
  tabs: readonly Tab<V>[];
  className?: string;
  listClassName?: string;
  tabClassName?: string;
  panelClassName?: string;
}) {
  const id = useId();
  // Tabs chosen once keep their content (a form half filled, a scrolled list).
  const [opened, setOpened] = useState<ReadonlySet<V>>(() => new Set([value]));
  if (!opened.has(value)) setOpened(new Set([...opened, value]));
  return (
    <div className={className}>
      <div role="tablist" aria-label={label} className={listClassName}>
        {tabs.map((tab) => {
          const chosen = tab.value === value;
          return (
            <button
              key={tab.value}
              type="button"
              role="tab"
              id={`${id}-tab-${tab.value}`}
              aria-controls={`${id}-panel-${tab.value}`}
              aria-selected={chosen}
              tabIndex={chosen ? 0 : -1}
              onClick={() => onChange(tab.value)}
              className={cn(
                'min-w-0 rounded-xl text-sm font-medium text-slate-700 hover:bg-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 aria-selected:bg-brand-700 aria-selected:text-white aria-selected:hover:bg-brand-700',
                tabClassName,
              )}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.value}
          role="tabpanel"
          id={`${id}-panel-${tab.value}`}
          aria-labelledby={`${id}-tab-${tab.value}`}
          hidden={tab.value !== value}
          tabIndex={0}
          className={cn(
            'rounded-2xl focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
            panelClassName,
          )}
        >
          {tab.placeholder === undefined || opened.has(tab.value) ? tab.content : tab.placeholder}
        </div>
      ))}
    </div>
  );
}
