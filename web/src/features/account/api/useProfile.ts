import { userPath, userProfileSchema, type UserProfile } from '@rafflewin/domain';
import { doc } from 'firebase/firestore';
import { useEffect, useMemo, useRef, useState } from 'react';
import { call } from '@/lib/callables';
import { db } from '@/lib/firebase';
import { converterFor } from '@/lib/firestore';
import { useDocumentData, type LoadStatus } from '@/lib/realtime';

const converter = converterFor(userProfileSchema);

/**
 * The signed-in customer's profile, live. A missing profile (the Auth trigger has not written
 * it yet) is created on the server on first load, and then arrives here.
 */
export function useProfile(uid: string): { status: LoadStatus; profile: UserProfile | undefined } {
  const ref = useMemo(() => doc(db, userPath(uid)).withConverter(converter), [uid]);
  const { status, data } = useDocumentData(ref);
  const [failed, setFailed] = useState(false);
  const asked = useRef(false);

  useEffect(() => {
    if (status !== 'success' || data || asked.current) return;
    asked.current = true;
    call('ensureProfile', {}).catch(() => setFailed(true));
  }, [status, data]);

  if (status === 'error' || failed) return { status: 'error', profile: undefined };
  if (status === 'loading' || !data) return { status: 'loading', profile: undefined };
  return { status: 'success', profile: data };
}
