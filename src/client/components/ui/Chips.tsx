import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

/**
 * The look of a chip, following its state attribute (`aria-checked` for a choice of one,
 * `aria-pressed` for a toggle): a press before the app has the page sets it at once
 * (src/delivery/browser/previews.ts), and the chip shows chosen without the app.
 */
export const CHIP =
  'rounded-full bg-white px-3 py-1 text-sm font-medium text-slate-700 ring-1 ring-slate-300 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:cursor-not-allowed aria-checked:bg-brand-700 aria-checked:text-white aria-checked:ring-brand-700 aria-pressed:bg-brand-700 aria-pressed:text-white aria-pressed:ring-brand-700 not-aria-checked:not-aria-pressed:hover:bg-slate-50';

/**
 * A choice of one among a few (a filter, a view, a length): a radio group of chips. The arrow
 * keys move between them (src/delivery/browser/behaviours.ts); only the chosen one is a tab stop.
 */
export function ChoiceChips<V extends string>({
  label,
  value,
  options,
  onChange,
  disabled,
  className,
  chipClassName,
}: {
  label: string;
  value: V;
  options: readonly { value: V; label: ReactNode }[];
  onChange: (value: V) => void;
  disabled?: boolean;
  className?: string;
  chipClassName?: string;
}) {
  const chosenOne = options.some((option) => option.value === value);
  return (
    <div role="radiogroup" aria-label={label} className={cn('flex flex-wrap gap-2', className)}>
      {options.map((option, index) => {
        const chosen = option.value === value;
        return (
          <button
            key={option.value || '(all)'}
            type="button"
            role="radio"
            aria-checked={chosen}
            tabIndex={chosen || (!chosenOne && index === 0) ? 0 : -1}
            disabled={disabled}
            onClick={() => {
              if (!chosen) onChange(option.value);
            }}
            className={cn(CHIP, chipClassName)}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
