import { userSettingsPath, type ChannelSettings } from '@rafflewin/domain';
import { doc } from 'firebase/firestore';
import { useMemo } from 'react';
import { db, shopConverters } from '@/lib/firestoreApi';
import { useDocumentData } from '@/lib/realtime';

const converter = shopConverters.userSettings;

/**
 * The customer's e-mail choices (whether e-mails are on, and per kind), live, or null while
 * unknown; a customer without settings yet has the defaults (everything on).
 */
export function useEmailSettings(uid: string | null): ChannelSettings | null {
  const ref = useMemo(
    () => (uid ? doc(db, userSettingsPath(uid)).withConverter(converter) : null),
    [uid],
  );
  const settings = useDocumentData(ref);
  return settings.status === 'success' ? (settings.data ?? {}) : null;
}
