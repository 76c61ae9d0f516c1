import { CALLABLES, type RecordPostalEntryOutput } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { auth, db } from '../lib/firebase';
import { recordPostalEntry as record } from '../services/postal/recordPostalEntry';

/** An administrator records a free postal entry from its postcard (audited). */
export const recordPostalEntry = onCallable(
  CALLABLES.recordPostalEntry,
  (input, admin): Promise<RecordPostalEntryOutput> => record(db, auth, admin, input),
);
