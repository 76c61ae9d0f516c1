import { entriesPath, type Entry } from '@rafflewin/domain';
import { useEffect, useRef, useState } from 'react';
import { loadFirestore } from '@/lib/live';
import type { LoadStatus } from '@/lib/realtime';
import type { PageBounds } from './readEntryPage';

/**
 * One page of a raffle's public entry list, sorted by ticket number. Pages are read from
 * Firestore one at a time with cursors (the numbers bounding pages already read); a jump
 * further away asks the server where it starts. The list never loads every ticket.
 */
export function useEntryPage(raffleId: string, page: number, size: number) {
  const known = useRef(new Map<number, PageBounds>());
  const [state, setState] = useState<{ status: LoadStatus; entries: Entry[]; page: number }>({
    status: 'loading',
    entries: [],
    page,
  });

  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, status: 'loading', page }));
    // The reader and the SDK load with the first list, not with the page.
    Promise.all([loadFirestore(), import('./readEntryPage'), import('./entryReads')])
      .then(([{ collection, db, shopConverters }, { readEntryPage }, { entryReads }]) =>
        readEntryPage(
          raffleId,
          collection(db, entriesPath(raffleId)).withConverter(shopConverters.entry),
          page,
          size,
          known.current,
          entryReads,
        ),
      )
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
  }, [raffleId, page, size]);

  return state;
}
