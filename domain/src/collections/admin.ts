import { z } from 'zod';
import { NOTIFICATION_KINDS } from '../push';

export const imageLibraryCollection = 'imageLibrary';

/**
 * `libraryUploads/{file name}`: a file uploaded under `raffle-images/` that the image library has
 * recorded (written with its entry). storage.rules reads it: the console may delete its own upload
 * from the browser only while the library has not recorded it (the library refused it); a
 * recorded one goes through deleteLibraryImage, audited and only when nothing shows it. Functions
 * only.
 */
export const libraryUploadsCollection = 'libraryUploads';
export const libraryUploadPath = (storagePath: string) =>
  `${libraryUploadsCollection}/${storagePath.slice(storagePath.lastIndexOf('/') + 1)}`;

/** How an uploaded image was resized in the browser before upload. */
export const imageMetadataSchema = z.object({
  originalWidth: z.number().int().positive(),
  originalHeight: z.number().int().positive(),
  resizedWidth: z.number().int().positive(),
  resizedHeight: z.number().int().positive(),
  resized: z.boolean(),
});
export type ImageMetadata = z.infer<typeof imageMetadataSchema>;

/**
 * `imageLibrary/{id}`: images admins pick for raffles and slides. The id is derived from the
 * lower-cased name, so two images can never share a name; `nameLower` serves prefix search.
 */
export const libraryImageSchema = z.object({
  name: z.string().min(1).max(200),
  nameLower: z.string().max(200),
  url: z.string().max(2048),
  /** Set for files uploaded to Storage (`raffle-images/…`); null for images added by URL. */
  storagePath: z.string().nullable(),
  contentType: z.string().max(100).nullable(),
  sizeBytes: z.number().int().nonnegative().nullable(),
  metadata: imageMetadataSchema.nullable(),
  createdAt: z.date(),
  createdBy: z.string(),
});
export type LibraryImageData = z.infer<typeof libraryImageSchema>;
export type LibraryImage = LibraryImageData & { id: string };

export const settingsPrivateCollection = 'settingsPrivate';
/** Readable by admins: everything but the password. */
export const SMTP_SETTINGS_PATH = 'settingsPrivate/smtp';
/** The SMTP password: functions only, never sent to a browser. */
export const SMTP_SECRET_PATH = 'settingsPrivate/smtpSecret';

export const smtpSettingsSchema = z.object({
  host: z.string().max(253),
  port: z.number().int().min(1).max(65535),
  secure: z.boolean(),
  user: z.string().max(320),
  fromAddress: z.string().max(320),
  fromName: z.string().max(120),
  hasPassword: z.boolean(),
  updatedAt: z.date(),
});
export type SmtpSettings = z.infer<typeof smtpSettingsSchema>;

/** `settingsPrivate/smtpSecret`: the SMTP password (functions only). */
export const smtpSecretSchema = z.object({ password: z.string(), updatedAt: z.date().optional() });

export const mailCollection = 'mail';
/**
 * `sending`: a delivery has claimed it (deliverMail), so no other sends it too. `withheld`: an
 * offer not sent because, by the time it could be, its customer no longer took offers by e-mail.
 * `failed`: refused so far, tried again later; `undeliverable`: refused at every one of its
 * attempts, tried no more.
 */
export const MAIL_STATUSES = [
  'pending',
  'sending',
  'sent',
  'failed',
  'undeliverable',
  'withheld',
] as const;

/** `mail/{id}`: the outbox; functions write it, a trigger sends it. No client access. */
export const mailSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int().nonnegative(),
  lastError: z.string().nullable(),
  createdAt: z.date(),
  sentAt: z.date().nullable(),
  /** When a delivery claimed it (`sending`), and that delivery's mark. */
  claimedAt: z.date().nullable().optional(),
  claimId: z.string().optional(),
  /**
   * Offers and news (marketing) for this customer, of this kind of notification: asked again
   * before a delivery later than its queueing, as a break, an opt-out or a ban may have come.
   */
  marketingFor: z.object({ uid: z.string(), kind: z.enum(NOTIFICATION_KINDS) }).optional(),
});
export type MailData = z.infer<typeof mailSchema>;

export const auditLogCollection = 'auditLog';

/** `auditLog/{id}`: who did what, when, with the before and after; admins read. */
export const auditEntrySchema = z.object({
  actorUid: z.string(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  target: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  at: z.date(),
});
export type AuditEntryData = z.infer<typeof auditEntrySchema>;
export type AuditEntry = AuditEntryData & { id: string };
