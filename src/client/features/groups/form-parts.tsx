/**
 * Parts the group dialogs with long forms share (the study sheet's editor, the meeting report):
 * a labelled text area, and the footer that keeps Save and Cancel in view while the fields
 * scroll on a phone.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useId, type ReactNode } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { inputClass } from '../../components/ui/Field.tsx';
import { cn } from '../../lib/cn.ts';

/** A labelled text area with its hint, its limit and its error. */
export function TextArea({
  label,
  hint,
  value,
  onChange,
  max,
  placeholder,
  error,
  rows = 3,
  focusName,
  labelAside,
}: {
  label: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
  max: number;
  placeholder?: string;
  error?: string | undefined;
  rows?: number;
  /** `data-focus`: how the form finds the field to focus (a new question). */
  focusName?: string;
  /** Beside the label (a question's buttons). */
  labelAside?: ReactNode;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="grid gap-1.5">
      <div className={cn('flex items-center justify-between gap-2', labelAside && 'min-h-9')}>
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        {labelAside}
      </div>
      <textarea
        id={id}
        data-focus={focusName}
        rows={rows}
        maxLength={max}
        value={value}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(e) => onChange(e.target.value)}
        className={`${inputClass} resize-y`}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Save and Cancel, kept in view under the scrolling fields, with the form's own error. */
export function DialogFooter({
  error,
  saving,
  labels,
}: {
  error?: string | undefined;
  saving: boolean;
  labels: { cancel: string; save: string; saving: string };
}) {
  return (
    <div className="grid gap-2 border-t border-slate-200 bg-white px-5 py-3 sm:px-6 sm:py-4">
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Dialog.Close asChild>
          <Button variant="outline">{labels.cancel}</Button>
        </Dialog.Close>
        <Button type="submit" disabled={saving}>
          {saving ? labels.saving : labels.save}
        </Button>
      </div>
    </div>
  );
}
