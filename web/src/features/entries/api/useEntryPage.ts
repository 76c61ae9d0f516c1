import { entriesPath, entrySchema, type Entry } from '@rafflewin/domain';
import { collection } from 'firebase/firestore';
import { useEffect, useMemo, useRef, useState } from 'react';
import { db } from '@/lib/firebase';
import { converterFor } from '@/lib/firestore';
import type { LoadStatus } from '@/lib/realtime';
import { readEntryPage, type PageBounds } from './readEntryPage';

const converter = converterFor(entrySchema);

/**
 * One page of a raffle's public entry list, sorted by ticket number. Pages are read from
 * Firestore one at a time with cursors (the numbers bounding pages already read); a jump
 * further away finds its first number with count queries. The list never loads every ticket.
 */
export function useEntryPage(raffleId: string, page: number, size: number) {
  const entries = useMemo(
    () => collection(db, entriesPath(raffleId)).withConverter(converter),
    [raffleId],
  );
  const known = useRef(new Map<number, PageBounds>());
  const [state, setState] = useState<{ status: LoadStatus; entries: Entry[]; page: number }>({
    status: 'loading',
    entries: [],
    page,
  });

  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, status: 'loading', page }));
    readEntryPage(entries, page, size, known.current)
      .then((rows) => {
        if (!live) return;
        const [first, last] = [rows[0], rows.at(-1)];
        if (first && last) {
          known.current.set(page, { first: first.ticketNumber, last: last.ticketNumber });
        }
        setState({ status: 'success', entries: rows, page });
      })
      .catch(() => live && setState({ status: 'error', entries: [], page }));
    return () => {
      live = false;
    };
  }, [entries, page, size]);

  return state;
}
