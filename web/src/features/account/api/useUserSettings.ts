import { userSettingsPath, userSettingsSchema, type UserSettings } from '@rafflewin/domain';
import { doc } from 'firebase/firestore';
import { useEffect, useMemo, useRef, useState } from 'react';
import { call } from '@/lib/callables';
import { db } from '@/lib/firebase';
import { converterFor } from '@/lib/firestore';
import { useDocumentData, type LoadStatus } from '@/lib/realtime';

const converter = converterFor(userSettingsSchema);

/**
 * The customer's preferences (`users/{uid}/settings/preferences`), live. Missing ones are
 * created on the server with the defaults, like a missing profile.
 */
export function useUserSettings(uid: string): {
  status: LoadStatus;
  settings: UserSettings | undefined;
} {
  const ref = useMemo(() => doc(db, userSettingsPath(uid)).withConverter(converter), [uid]);
  const { status, data } = useDocumentData(ref);
  const [failed, setFailed] = useState(false);
  const asked = useRef(false);

  useEffect(() => {
    if (status !== 'success' || data || asked.current) return;
    asked.current = true;
    call('ensureProfile', {}).catch(() => setFailed(true));
  }, [status, data]);

  if (status === 'error' || failed) return { status: 'error', settings: undefined };
  if (status === 'loading' || !data) return { status: 'loading', settings: undefined };
  return { status: 'success', settings: data };
}
