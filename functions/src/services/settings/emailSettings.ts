import {
  EMAIL_SETTINGS_MESSAGES,
  SMTP_SETTINGS_PATH,
  ShopError,
  TEST_EMAIL_MESSAGES,
  type SavedEmailSettings,
  type SmtpSettings,
  type UpdateEmailSettingsInput,
} from '@rafflewin/domain';
import type { Firestore } from 'firebase-admin/firestore';
import type { Caller } from '../../lib/access';
import { recordAudit } from '../admin/audit';
import { refuseIfChangedSince } from '../admin/editVersions';
import { smtpSecretRef, smtpSettingsRef } from '../../lib/collections';

/** The saved SMTP password, for functions only. */
export async function savedSmtpPassword(db: Firestore): Promise<string> {
  return (await smtpSecretRef(db).get()).data()?.password ?? '';
}

type ServerFields = Pick<SmtpSettings, 'host' | 'port' | 'user'>;

/**
 * Whether the saved password may go to `server`: only to the host, port and username it was
 * saved for. Anything else would hand it to whichever server an administrator (or a stolen
 * console session) typed, though no client may ever read it.
 */
export function savedPasswordFits(saved: ServerFields | undefined, server: ServerFields): boolean {
  return (
    saved !== undefined &&
    saved.host === server.host &&
    saved.port === server.port &&
    saved.user === server.user
  );
}

/**
 * Saves the Email Server tab. The password is write-only: it goes to
 * `settingsPrivate/smtpSecret` (no client may read it, administrators included); a blank or
 * null password keeps the saved one for the same host, port and username (for another server
 * it is refused: type the password or remove it), `clearPassword` removes it.
 * `settingsPrivate/smtp`, which administrators read, says only whether one is set. The audit
 * entry records that the password changed, never the password. A save made on an older version
 * than the stored one (`seenUpdatedAt`, null: none saved yet) is refused rather than undoing the
 * change saved since.
 */
export async function saveEmailSettings(
  db: Firestore,
  admin: Caller,
  input: UpdateEmailSettingsInput,
  now = new Date(),
): Promise<SavedEmailSettings> {
  const settingsRef = smtpSettingsRef(db);
  const secretRef = smtpSecretRef(db);
  return db.runTransaction(async (tx) => {
    const [settings, secret] = await Promise.all([tx.get(settingsRef), tx.get(secretRef)]);
    refuseIfChangedSince(
      settings.data()?.updatedAt,
      input.seenUpdatedAt,
      EMAIL_SETTINGS_MESSAGES.changedSinceOpened,
    );
    const newPassword = input.clearPassword ? null : input.password || null;
    const hadPassword = Boolean(secret.data()?.password);
    if (hadPassword && !newPassword && !input.clearPassword) {
      if (!savedPasswordFits(settings.data(), input)) {
        throw new ShopError('invalid-argument', TEST_EMAIL_MESSAGES.passwordForNewServer);
      }
    }
    const hasPassword = input.clearPassword ? false : Boolean(newPassword) || hadPassword;
    const saved: Omit<SmtpSettings, 'updatedAt'> = {
      host: input.host,
      port: input.port,
      secure: input.secure,
      user: input.user,
      fromAddress: input.fromAddress,
      fromName: input.fromName,
      hasPassword,
    };
    tx.set(settingsRef, { id: settingsRef.id, ...saved, updatedAt: now });
    if (input.clearPassword) tx.delete(secretRef);
    else if (newPassword) {
      tx.set(secretRef, { id: secretRef.id, password: newPassword, updatedAt: now });
    }
    const { id: _id, updatedAt: _updatedAt, ...before } = settings.data() ?? {};
    recordAudit(
      db,
      tx,
      admin,
      {
        action: 'settings.email.update',
        target: SMTP_SETTINGS_PATH,
        before: settings?.exists ? before : null,
        after: { ...saved, passwordChanged: input.clearPassword || Boolean(newPassword) },
      },
      now,
    );
    return { ...saved, updatedAt: now.getTime() };
  });
}
