import {
  raffleSearchCollection,
  raffleSearchSchema,
  raffleQueryTerms,
  type RaffleSearchEntry,
} from '@rafflewin/domain';
import {
  doc,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  where,
  type QueryConstraint,
} from 'firebase/firestore';
import { useEffect, useState } from 'react';
import { useSearchAsYouType } from '@/hooks/useSearchAsYouType';
import { typedCollection } from '@/lib/firestoreApi';

const entries = typedCollection(raffleSearchCollection, raffleSearchSchema);

/** Raffles offered at a time: the latest-ending first. */
export const RAFFLE_SEARCH_LIMIT = 20;

/**
 * Raffles anywhere in the shop whose name holds every word typed (pieces of three letters or
 * more match: "book" finds "MacBook"), latest-ending first; with nothing typed, the latest.
 * One query on the first word (`array-contains`), the others checked on the page it returns.
 * `closingFrom`: only raffles that close at or after it (those still taking entries).
 */
export async function searchRaffles(
  text: string,
  closingFrom?: Date,
): Promise<RaffleSearchEntry[]> {
  const [first, ...others] = raffleQueryTerms(text);
  const constraints: QueryConstraint[] = [];
  if (first) constraints.push(where('terms', 'array-contains', first));
  if (closingFrom) constraints.push(where('endDate', '>=', closingFrom));
  const snapshot = await getDocs(
    query(entries, ...constraints, orderBy('endDate', 'desc'), limit(RAFFLE_SEARCH_LIMIT)),
  );
  return snapshot.docs
    .map((doc) => doc.data())
    .filter((entry) => others.every((term) => entry.terms.includes(term)));
}

/** A raffle picked before (an edited form's), as the pickers show it; null when it is gone. */
export function useRaffleSearchEntry(raffleId: string | null) {
  const [entry, setEntry] = useState<RaffleSearchEntry | null>(null);
  useEffect(() => {
    if (!raffleId) return undefined;
    let live = true;
    getDoc(doc(entries, raffleId))
      .then((snapshot) => live && setEntry(snapshot.data() ?? null))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [raffleId]);
  return [entry, setEntry] as const;
}

/**
 * Raffles matching what is typed, searched as the administrator types (and at first, the
 * latest); `null` searches nothing.
 */
export function useRaffleSearch(text: string | null, closingFrom?: Date) {
  return useSearchAsYouType(text, (typed) => searchRaffles(typed, closingFrom), closingFrom);
}
