import { doc, type DocumentData, type FirestoreDataConverter } from 'firebase/firestore';
import { useEffect, useMemo, useRef, useState } from 'react';
import { call } from '@/lib/callables';
import { db } from '@/lib/firestoreApi';
import { useDocumentData, type LoadStatus } from '@/lib/realtime';

/**
 * One of the customer's own documents that every account has (the profile, the preferences),
 * live. When it is missing (the Auth trigger has not written it yet) the server creates it
 * (`ensureProfile`, once), and it then arrives here.
 */
export function useEnsuredDocument<T>(
  path: string,
  converter: FirestoreDataConverter<T, DocumentData>,
): { status: LoadStatus; data: T | undefined } {
  const ref = useMemo(() => doc(db, path).withConverter(converter), [path, converter]);
  const { status, data } = useDocumentData(ref);
  const [failed, setFailed] = useState(false);
  const asked = useRef(false);

  useEffect(() => {
    if (status !== 'success' || data || asked.current) return;
    asked.current = true;
    call('ensureProfile', {}).catch(() => setFailed(true));
  }, [status, data]);

  if (status === 'error' || failed) return { status: 'error', data: undefined };
  if (status === 'loading' || !data) return { status: 'loading', data: undefined };
  return { status: 'success', data };
}
