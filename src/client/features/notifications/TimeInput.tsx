import { useId, useState } from 'react';
import { inputClass } from '../../components/ui/Field.tsx';
import { cn } from '../../lib/cn.ts';

/** A local time (HH:MM) saved when the field is left, not on every keystroke. */
export function TimeInput({
  label,
  value,
  disabled,
  onCommit,
  className,
}: {
  label: string;
  value: string;
  disabled?: boolean;
  onCommit: (value: string) => void;
  className?: string;
}) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  const [saved, setSaved] = useState(value);
  if (saved !== value) {
    // Saved elsewhere (the other settings view, a server answer): show the new value.
    setSaved(value);
    setDraft(value);
  }
  const commit = () => {
    if (/^\d\d:\d\d$/.test(draft) && draft !== value) onCommit(draft);
    else setDraft(value);
  };
  return (
    <div className={cn('grid gap-1', className)}>
      <label htmlFor={id} className="text-xs font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        type="time"
        value={draft}
        disabled={disabled}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
        }}
        className={cn(inputClass, 'w-32 py-2 text-sm')}
      />
    </div>
  );
}
