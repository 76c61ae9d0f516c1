import { doc, type DocumentData, type FirestoreDataConverter } from 'firebase/firestore';
import { useEffect, useMemo, useRef, useState } from 'react';
import { call } from '@/lib/callables';
import { toUserMessage } from '@/lib/errors';
import { db } from '@/lib/firestoreApi';
import { useDocumentData, type LoadStatus } from '@/lib/realtime';

/**
 * One of the customer's own documents that every account has (the profile, the preferences),
 * live. When it is missing (the Auth trigger has not written it yet) the server creates it
 * (`ensureProfile`, once), and it then arrives here. When the server refuses to (the account is
 * being deleted, its session ended), `failure` is its reason, for the page to show in place of
 * its own words.
 */
export function useEnsuredDocument<T>(
  path: string,
  converter: FirestoreDataConverter<T, DocumentData>,
): { status: LoadStatus; data: T | undefined; failure: string | null } {
  const ref = useMemo(() => doc(db, path).withConverter(converter), [path, converter]);
  const { status, data } = useDocumentData(ref);
  // '' once refused without words of the server's own (a network failure, say).
  const [failure, setFailure] = useState<string | null>(null);
  const asked = useRef(false);

  useEffect(() => {
    if (status !== 'success' || data || asked.current) return;
    asked.current = true;
    call('ensureProfile', {}).catch((error: unknown) => setFailure(toUserMessage(error, '')));
  }, [status, data]);

  if (status === 'error' || failure !== null) {
    return { status: 'error', data: undefined, failure: failure || null };
  }
  if (status === 'loading' || !data) return { status: 'loading', data: undefined, failure: null };
  return { status: 'success', data, failure: null };
}
