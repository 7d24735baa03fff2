import type { FieldError } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { parseValidationKey } from '#shared/values/user.ts';

/** Translates a shared-schema message key (`validation.min:8`) for a form field. */
export function fieldMessage(t: TFunction, error: FieldError | undefined): string | undefined {
  if (!error?.message) return undefined;
  const { key, count } = parseValidationKey(error.message);
  if (!key.startsWith('validation.')) return error.message;
  return count === undefined ? t(key) : t(key, { count });
}
