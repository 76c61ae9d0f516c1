import { userSettingsPath } from '@rafflewin/domain';
import { doc } from 'firebase/firestore';
import { useMemo } from 'react';
import { db, shopConverters } from '@/lib/firestoreApi';
import { useDocumentData } from '@/lib/realtime';

const converter = shopConverters.userSettings;

/** Whether the account has two-factor on, live from its settings document. */
export function useTwoFactorSetting(uid: string | null) {
  const ref = useMemo(
    () => (uid ? doc(db, userSettingsPath(uid)).withConverter(converter) : null),
    [uid],
  );
  const settings = useDocumentData(ref);
  return { status: settings.status, enabled: settings.data?.twoFactorEnabled === true };
}
