import { recordPostalEntryInput, type RecordPostalEntryOutput } from '@rafflewin/domain';
import { adminOnCall } from '../lib/callable';
import { auth, db } from '../lib/firebase';
import { recordPostalEntry as record } from '../services/postal/recordPostalEntry';

/** An administrator records a free postal entry from its postcard (audited). */
export const recordPostalEntry = adminOnCall(
  recordPostalEntryInput,
  (input, admin): Promise<RecordPostalEntryOutput> => record(db, auth, admin, input),
);
