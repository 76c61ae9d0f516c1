import { userSettingsPath, type UserSettings } from '@rafflewin/domain';
import { doc, serverTimestamp, updateDoc } from 'firebase/firestore';
import { db } from '@/lib/firestoreApi';

/** The preferences the owner may change directly (the rules check each one's type). */
export type EditablePreferences = Pick<
  UserSettings,
  'emailNotifications' | 'marketingEmails' | 'language' | 'timezone'
>;

/**
 * Saves the preferences the person changed, and only those: a choice saved meanwhile in another
 * tab (marketing e-mails turned off, say) is not written back over with what this one showed. A
 * marketing choice is stamped with the server's time (the record of consent the rules require).
 */
export function savePreferences(
  uid: string,
  preferences: Partial<EditablePreferences>,
): Promise<void> {
  const consent =
    'marketingEmails' in preferences ? { marketingEmailsChangedAt: serverTimestamp() } : {};
  return updateDoc(doc(db, userSettingsPath(uid)), { ...preferences, ...consent });
}
