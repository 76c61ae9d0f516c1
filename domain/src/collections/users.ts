import { z } from 'zod';
import { penceSchema, showsAsWritten } from '../fields';
import { clipText } from '../text';
import { NOTIFICATION_KINDS } from '../push';

export const PROFILE_LIMITS = {
  usernameMin: 3,
  usernameMax: 30,
  bioMax: 500,
  nameMax: 60,
  banReasonMax: 500,
  addressMax: 500,
} as const;

/** A UK mobile or landline in international form: +44 and 10 digits. */
export const UK_PHONE_PATTERN = /^\+44\d{10}$/;

/**
 * Usernames: 3 to 30 letters, digits, `_` or `.`; unique whatever their case (their
 * lower-cased form is the id of `usernames/{lower}`). No `@`, so sign-in can tell a username
 * from an e-mail address, and not `__x__`, which Firestore reserves as a document id.
 */
export const USERNAME_PATTERN = /^(?!__.*__$)[A-Za-z0-9_.]{3,30}$/;
export const USERNAME_RULE_MESSAGE =
  'Username must be 3 to 30 letters, digits, underscores (_) or dots (.)';
export const USERNAME_TAKEN_MESSAGE = 'Username is already taken';

/**
 * `users/{uid}`: the profile. Owners edit their own personal fields; `banned` and the
 * e-mail copy are written by functions only. Admin is a custom claim, never a field here.
 */
export const userProfileSchema = z.object({
  email: z.string().max(320),
  username: z.string().max(PROFILE_LIMITS.usernameMax).nullable(),
  bio: z.string().max(PROFILE_LIMITS.bioMax).nullable(),
  firstName: z.string().max(PROFILE_LIMITS.nameMax).nullable(),
  lastName: z.string().max(PROFILE_LIMITS.nameMax).nullable(),
  phoneNumber: z.string().max(20).nullable(),
  /** ISO calendar date, yyyy-mm-dd. */
  dateOfBirth: z.string().max(10).nullable(),
  /** Postal address (free postal entries require an account with one). */
  address: z.string().max(PROFILE_LIMITS.addressMax).nullable().optional(),
  /** Credit in pence from late postal entries, spent at checkout (functions only). */
  accountCredit: penceSchema.optional(),
  banned: z.boolean(),
  /** Why, when and by whom the account was banned; absent on accounts never banned. */
  banReason: z.string().max(PROFILE_LIMITS.banReasonMax).nullable().optional(),
  bannedAt: z.date().nullable().optional(),
  bannedBy: z.string().nullable().optional(),
  /**
   * Sign-ins before this time (seconds, as the ID token's `auth_time`) are over: set by "sign
   * out everywhere", a password or e-mail change, a ban and a removed administrator right
   * (functions only). The callables and the security rules both check it, so an old ID token
   * stops at once rather than when it expires.
   */
  sessionsValidAfter: z.number().int().nonnegative().optional(),
  /**
   * Set while the account is being deleted (functions only): no checkout starts or completes
   * meanwhile. Cleared if the deletion stops for a payment still under way.
   */
  deleting: z.boolean().optional(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type UserProfileData = z.infer<typeof userProfileSchema>;
export type UserProfile = UserProfileData & { id: string };

/** `users/{uid}/settings/preferences`. */
export const userSettingsSchema = z.object({
  twoFactorEnabled: z.boolean(),
  emailNotifications: z.boolean(),
  marketingEmails: z.boolean(),
  /**
   * When the customer last turned `marketingEmails` on or off (the server's time, as the rules
   * require): the record of when consent to marketing was given or withdrawn. Missing: never.
   */
  marketingEmailsChangedAt: z.date().nullable().optional(),
  language: z.string().max(10),
  timezone: z.string().max(64),
  /** Per kind of notification, e-mail and push turned off or on (missing: the default, on). */
  notificationChannels: z
    .partialRecord(
      z.enum(NOTIFICATION_KINDS),
      z.object({ email: z.boolean().optional(), push: z.boolean().optional() }),
    )
    .optional(),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

/** Defaults on first creation. */
export const DEFAULT_USER_SETTINGS: UserSettings = {
  twoFactorEnabled: false,
  emailNotifications: true,
  marketingEmails: false,
  language: 'en',
  timezone: 'UTC',
};

/** Splits an Auth display name ("Jane Smith") into first and last names. */
export function splitDisplayName(displayName: string | null | undefined): {
  firstName: string | null;
  lastName: string | null;
} {
  const parts = (displayName ?? '').trim().split(/\s+/).filter(Boolean);
  // Auth's own API sets any display name: a part is taken only as the profile form would take
  // it (no hidden characters, something that shows), cut to the limit at a whole character.
  const name = (part: string | undefined) => {
    const clipped = part === undefined ? '' : clipText(part, PROFILE_LIMITS.nameMax).trim();
    return clipped && showsAsWritten(clipped) ? clipped : null;
  };
  return { firstName: name(parts[0]), lastName: name(parts.slice(1).join(' ') || undefined) };
}

/** The profile the Auth trigger creates for a new account. */
export function newUserProfile(
  email: string | null | undefined,
  displayName: string | null | undefined,
  now: Date,
): UserProfileData {
  return {
    email: (email ?? '').toLowerCase(),
    username: null,
    bio: null,
    ...splitDisplayName(displayName),
    phoneNumber: null,
    dateOfBirth: null,
    banned: false,
    createdAt: now,
    updatedAt: now,
  };
}
