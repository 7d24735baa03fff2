import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  LANGUAGES,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../constants.ts';
import {
  DEFAULT_TIME_ZONE,
  TIME_ZONE_MAX_LENGTH,
  canonicalTimeZone,
  usableTimeZone,
} from '../values/time.ts';
import { BIBLE_TRANSLATION_PREFERENCES, READING_PLAN_DURATIONS } from '../values/user.ts';
import { SPANISH_TRANSLATIONS } from '../values/bible.ts';
export * from '../values/user.ts';

/**
 * Zod schemas shared by the server routes, the client forms and the tests.
 * Error messages are i18n keys (`validation.*`); each side translates them.
 */

/**
 * A time zone of the IANA database ("America/Mexico_City"), checked against Intl on each side
 * (shared/values/time.ts) and given back in its canonical spelling. Every route that takes a
 * zone uses this one: an unknown name is a translated 400, never UTC in silence.
 */
export const timeZoneSchema = z
  .string({ error: 'validation.timeZone' })
  .max(TIME_ZONE_MAX_LENGTH, { error: 'validation.timeZone' })
  .transform((zone, ctx) => {
    const canonical = canonicalTimeZone(zone);
    if (canonical === null) {
      ctx.addIssue({ code: 'custom', message: 'validation.timeZone' });
      return z.NEVER;
    }
    return canonical;
  });

export const userPreferencesSchema = z.object({
  language: z.enum(LANGUAGES),
  bibleTranslation: z.enum(BIBLE_TRANSLATION_PREFERENCES),
  /** Parallel reading (ADR 0053): the translation read beside the reader's, or off. */
  bibleParallel: z.enum(['off', ...BIBLE_TRANSLATION_PREFERENCES]),
  /** The Spanish text shown wherever Scripture is shown in Spanish by default (issue 39). */
  spanishBible: z.enum(SPANISH_TRANSLATIONS),
  /** The member chose their Spanish text (the reader asks once until they do). */
  spanishBibleChosen: z.boolean(),
  /** "Show in both languages" for lessons, the verse of the day and the daily reading. */
  scriptureInBoth: z.boolean(),
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
  bibleParallel: 'off',
  spanishBible: 'RV1909',
  spanishBibleChosen: false,
  scriptureInBoth: false,
  readingPlanDuration: '365',
  dailyReminders: true,
  progressTracking: true,
  profileVisibility: false,
  activitySharing: false,
  emailNotifications: true,
  studyReminders: true,
  prayerReminders: true,
  weeklyProgress: true,
  timeZone: DEFAULT_TIME_ZONE,
};

/**
 * A member's preferences as stored (only what they chose, ADR 0038) over the defaults; a zone
 * stored before zones were checked that is not one reads as the default.
 */
export function preferencesOf(
  stored: Partial<UserPreferences> | null | undefined,
): UserPreferences {
  return {
    ...DEFAULT_PREFERENCES,
    ...stored,
    timeZone: usableTimeZone(stored?.timeZone),
  };
}

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

/**
 * What a browser tells about itself when a member signs up or in: its time zone and the
 * interface language. Saved only where the member has not chosen one (ADR 0038).
 */
export const deviceSettingsSchema = z.object({
  timeZone: timeZoneSchema.optional(),
  language: z.enum(LANGUAGES, { error: 'validation.invalid' }).optional(),
});
export type DeviceSettings = z.infer<typeof deviceSettingsSchema>;

export const preferencesUpdateSchema = userPreferencesSchema
  .extend({ timeZone: timeZoneSchema })
  .partial()
  .strict();

export const verifyAgeSchema = z.object({
  ageVerified: z.boolean({ error: 'validation.required' }),
});

export const deleteAccountSchema = z.object({
  password: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }),
});

/** A password that confirms a sensitive change (turning two-step sign-in on or off…). */
export const confirmPasswordSchema = z.object({
  password: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }),
});

/** A 6-digit code from an authenticator app; spaces a person types between groups are ignored. */
export const totpCodeSchema = z
  .string({ error: 'validation.required' })
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, { error: 'validation.required' })
      .regex(/^\d{6}$/, { error: 'validation.totpCode' }),
  );

/**
 * A recovery code as shown to the member ("a1B2c-3D4e5"): ten letters or digits, the dash
 * optional when typed; case matters.
 */
export const recoveryCodeSchema = z
  .string({ error: 'validation.required' })
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, { error: 'validation.required' })
      .regex(/^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/, { error: 'validation.recoveryCode' })
      .transform((v) => (v.includes('-') ? v : `${v.slice(0, 5)}-${v.slice(5)}`)),
  );

export const verifyTotpSchema = z.object({
  code: totpCodeSchema,
  trustDevice: z.boolean().optional(),
});

export const verifyRecoveryCodeSchema = z.object({
  code: recoveryCodeSchema,
  trustDevice: z.boolean().optional(),
});

export const ROLES = ['member', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** The answer of GET /api/auth/user. */
export const currentUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  /** The address was confirmed by its link (ADR 0040). */
  emailVerified: z.boolean(),
  firstName: z.string(),
  lastName: z.string(),
  ageVerified: z.boolean(),
  role: z.enum(ROLES),
  isPremium: z.boolean(),
  /** Sign-in asks for a code from an authenticator app. */
  twoFactorEnabled: z.boolean(),
  /** Sign-in asks for one of the member's passkeys (ADR 0044). */
  hasPasskey: z.boolean(),
  preferences: userPreferencesSchema,
  createdAt: z.string(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** Where a member's address confirmation stands (ADR 0040). */
export const emailVerificationStatusSchema = z.object({
  verified: z.boolean(),
  /** A mail server is configured: a link can reach the member (otherwise none is asked for). */
  canSend: z.boolean(),
});
export type EmailVerificationStatus = z.infer<typeof emailVerificationStatusSchema>;

/** The query of the confirmation link's check (GET /api/auth/verify-email): the token alone. */
export const verifyEmailQuerySchema = z
  .object({ token: z.string({ error: 'validation.required' }).min(1).max(2000) })
  .strict();
