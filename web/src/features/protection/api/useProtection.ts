import {
  DEFAULT_PROTECTION,
  protectionPath,
  protectionSchema,
  type Protection,
} from '@rafflewin/domain';
import { doc } from 'firebase/firestore';
import { useMemo } from 'react';
import { useLoaded } from '@/hooks/useLoaded';
import { call } from '@/lib/callables';
import { converterFor } from '@/lib/converters';
import { db } from '@/lib/firestoreApi';
import { useDocumentData, type LoadStatus } from '@/lib/realtime';

const converter = converterFor(protectionSchema);

/** The signed-in customer's limit and break, live (defaults before any choice). */
export function useProtection(uid: string): { status: LoadStatus; protection: Protection } {
  const ref = useMemo(() => doc(db, protectionPath(uid)).withConverter(converter), [uid]);
  const { status, data } = useDocumentData(ref);
  return { status, protection: data ?? DEFAULT_PROTECTION };
}

/**
 * What counts against the customer's limit this calendar month, as a checkout counts it (the
 * server adds it up: open checkouts and a deleted account's spending at the same address too).
 * Asked only while `shown` (a customer who has chosen no limit is not shown it), and again when
 * `refreshKey` changes.
 */
export function useSpentThisMonth(shown: boolean, refreshKey: unknown): number | null {
  const { value } = useLoaded(
    async () => (shown ? (await call('getMonthSpending', {})).spent : null),
    [shown, refreshKey],
  );
  return value ?? null;
}
