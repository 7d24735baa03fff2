import { z } from 'zod';

/** Text a member types that must say something: trimmed, at most `max` characters. */
export const requiredText = (max: number) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(max, { error: `validation.max:${max}` });

/** Text a member may leave empty: trimmed, at most `max` characters. */
export const optionalText = (max: number) =>
  z
    .string({ error: 'validation.invalid' })
    .trim()
    .max(max, { error: `validation.max:${max}` });
