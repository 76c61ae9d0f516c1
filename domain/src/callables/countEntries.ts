import { z } from 'zod';
import { ENTRY_LIST_RAFFLES_PER_PAGE } from '../entryList';
import { idSchema } from '../fields';
import { answer, defineCallable } from './contract';

/**
 * `countEntries` (customers, rate limited per account): how many entries the public entry
 * lists of the raffles shown hold, counted by the server. The rules let a customer read an
 * entry list a page at a time only (so no query reads a whole raffle's entries), which leaves
 * the browser no count query of its own. A raffle whose list is not public (switched off) is
 * left out of the answer, as a missing one is.
 */
export const countEntriesInput = z
  .object({ raffleIds: z.array(idSchema).min(1).max(ENTRY_LIST_RAFFLES_PER_PAGE) })
  .strict();
export type CountEntriesInput = z.infer<typeof countEntriesInput>;

export interface CountEntriesOutput {
  /** Entries by raffle id, for the raffles whose list is public. */
  totals: Record<string, number>;
}

export const countEntriesContract = defineCallable({
  name: 'countEntries',
  access: 'customer',
  input: countEntriesInput,
  output: answer<CountEntriesOutput>(),
});
