import { getDocs } from 'firebase/firestore';
import { call } from '@/lib/callables';
import type { EntryReads } from './readEntryPage';

/** The browser's reads of an entry list: pages through Firestore, far jumps by the server. */
export const entryReads: EntryReads = {
  docs: async (q) => (await getDocs(q)).docs.map((d) => d.data()),
  locate: async (raffleId, rank) => (await call('locateEntry', { raffleId, rank })).ticketNumber,
};
