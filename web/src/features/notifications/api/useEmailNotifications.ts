import { userSettingsPath } from '@rafflewin/domain';
import { doc } from 'firebase/firestore';
import { useMemo } from 'react';
import { db, shopConverters } from '@/lib/firestoreApi';
import { useDocumentData } from '@/lib/realtime';

const converter = shopConverters.userSettings;

/** Whether the customer gets notifications by e-mail too (their settings), or null while unknown. */
export function useEmailNotifications(uid: string | null): boolean | null {
  const ref = useMemo(
    () => (uid ? doc(db, userSettingsPath(uid)).withConverter(converter) : null),
    [uid],
  );
  const settings = useDocumentData(ref);
  return settings.status === 'success' ? (settings.data?.emailNotifications ?? true) : null;
}
