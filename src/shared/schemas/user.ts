import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  LANGUAGES,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../constants.ts';
import { BIBLE_TRANSLATION_PREFERENCES, READING_PLAN_DURATIONS } from '../values/user.ts';
export * from '../values/user.ts';

/**
 * Zod schemas shared by the server routes, the client forms and the tests.
 * Error messages are i18n keys (`validation.*`); each side translates them.
 */

export const userPreferencesSchema = z.object({
  language: z.enum(LANGUAGES),
  bibleTranslation: z.enum(BIBLE_TRANSLATION_PREFERENCES),
  readingPlanDuration: z.enum(READING_PLAN_DURATIONS),
  dailyReminders: z.boolean(),
  progressTracking: z.boolean(),
  profileVisibility: z.boolean(),
  activitySharing: z.boolean(),
  emailNotifications: z.boolean(),
  studyReminders: z.boolean(),
  prayerReminders: z.boolean(),
  weeklyProgress: z.boolean(),
  timeZone: z.string().max(64),
});
export type UserPreferences = z.infer<typeof userPreferencesSchema>;

export const DEFAULT_PREFERENCES: UserPreferences = {
  language: 'en',
  bibleTranslation: 'NKJV',
  readingPlanDuration: '365',
  dailyReminders: true,
  progressTracking: true,
  profileVisibility: false,
  activitySharing: false,
  emailNotifications: true,
  studyReminders: true,
  prayerReminders: true,
  weeklyProgress: true,
  timeZone: 'UTC',
};

const required = (max: number) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(max, { error: `validation.max:${max}` });

export const emailSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(EMAIL_MAX_LENGTH, { error: `validation.max:${EMAIL_MAX_LENGTH}` })
  .pipe(z.email({ error: 'validation.email' }));

export const passwordSchema = z
  .string({ error: 'validation.required' })
  .min(PASSWORD_MIN_LENGTH, { error: `validation.min:${PASSWORD_MIN_LENGTH}` })
  .max(PASSWORD_MAX_LENGTH, { error: `validation.max:${PASSWORD_MAX_LENGTH}` });

export const signUpSchema = z.object({
  firstName: required(NAME_MAX_LENGTH),
  lastName: required(NAME_MAX_LENGTH),
  email: emailSchema,
  password: passwordSchema,
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema });

export const resetPasswordSchema = z.object({ password: passwordSchema });

export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: 'validation.required' })
    .min(1, { error: 'validation.required' }),
  newPassword: passwordSchema,
});

export const profileUpdateSchema = z.object({
  firstName: required(NAME_MAX_LENGTH),
  lastName: required(NAME_MAX_LENGTH),
});

export const preferencesUpdateSchema = userPreferencesSchema.partial().strict();

export const verifyAgeSchema = z.object({
  ageVerified: z.boolean({ error: 'validation.required' }),
});

export const deleteAccountSchema = z.object({
  password: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }),
});

export const ROLES = ['member', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** The answer of GET /api/auth/user. */
export const currentUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  ageVerified: z.boolean(),
  role: z.enum(ROLES),
  isPremium: z.boolean(),
  preferences: userPreferencesSchema,
  createdAt: z.string(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
