import { userSettingsPath, type UserSettings } from '@rafflewin/domain';
import { doc, updateDoc } from 'firebase/firestore';
import { db } from '@/lib/firestoreApi';

/** The preferences the owner may change directly (the rules check each one's type). */
export type EditablePreferences = Pick<
  UserSettings,
  'emailNotifications' | 'marketingEmails' | 'language' | 'timezone'
>;

export function savePreferences(uid: string, preferences: EditablePreferences): Promise<void> {
  return updateDoc(doc(db, userSettingsPath(uid)), { ...preferences });
}
