import { userSettingsPath, type UserSettings } from '@rafflewin/domain';
import { doc, updateDoc } from 'firebase/firestore';
import { db } from '@/lib/firestoreApi';

/** The preferences the owner may change directly (the rules check each one's type). */
export type EditablePreferences = Pick<
  UserSettings,
  'emailNotifications' | 'marketingEmails' | 'language' | 'timezone'
>;

/**
 * Saves the preferences the person changed, and only those: a choice saved meanwhile in another
 * tab (marketing e-mails turned off, say) is not written back over with what this one showed.
 */
export function savePreferences(
  uid: string,
  preferences: Partial<EditablePreferences>,
): Promise<void> {
  return updateDoc(doc(db, userSettingsPath(uid)), { ...preferences });
}
