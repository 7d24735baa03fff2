import { useId } from 'react';

interface SwitchProps {
  label: string;
  hint?: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}

/** An on/off setting: a button with role="switch", its label and hint. */
export function Switch({ label, hint, checked, disabled, onChange }: SwitchProps) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4 py-3">
      <div className="grid gap-0.5">
        <span id={`${id}-label`} className="text-sm font-medium text-slate-900">
          {label}
        </span>
        {hint ? (
          <span id={`${id}-hint`} className="text-sm text-slate-600">
            {hint}
          </span>
        ) : null}
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={hint ? `${id}-hint` : undefined}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        // The look follows aria-checked: a press before the app has the page flips it at once
        // (src/delivery/browser/previews.ts).
        className="group relative mt-0.5 inline-flex h-7 w-12 shrink-0 items-center rounded-full bg-slate-300 transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 disabled:opacity-50 aria-checked:bg-brand-700"
      >
        <span
          aria-hidden="true"
          className="inline-block size-5 translate-x-1 rounded-full bg-white shadow transition-transform group-aria-checked:translate-x-6"
        />
      </button>
    </div>
  );
}
