import { useTranslation } from 'react-i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toast } from './use-toast.ts';
import { errorMessage, fieldErrorsOf } from '../lib/queryClient.ts';

/**
 * Shows a failed submission the way people expect: field errors next to their fields
 * (from a 400), everything else in a destructive toast. Nothing typed is lost. `fieldNames`
 * maps a field the API names differently to the form's (`newPassword` → `password`).
 */
export function useSubmissionErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fieldNames: Record<string, Path<T>> = {},
) {
  const { t } = useTranslation();
  return (error: unknown, title?: string) => {
    const fields = fieldErrorsOf(error);
    const entries = Object.entries(fields);
    for (const [path, message] of entries) {
      setError(fieldNames[path] ?? (path as Path<T>), { type: 'server', message });
    }
    if (entries.length === 0) {
      toast({
        title: title ?? t('errors.title'),
        description: errorMessage(error, t),
        variant: 'destructive',
      });
    }
  };
}
