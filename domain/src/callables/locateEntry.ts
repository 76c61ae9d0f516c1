import { z } from 'zod';
import { RAFFLE_LIMITS } from '../collections/raffles';
import { idSchema } from '../fields';
import { answer, defineCallable } from './contract';

/**
 * `locateEntry` (customers, rate limited per account): the ticket number at `rank` (0-based)
 * of a raffle's public entry list, sorted by ticket number, so that a jump to a page far from
 * those read starts there (found on the server with count queries: valueAtRank). Null when
 * the list holds `rank` entries or fewer. A raffle whose list is not public is not found, as a
 * missing one is.
 */
export const locateEntryInput = z
  .object({ raffleId: idSchema, rank: z.number().int().min(0).max(RAFFLE_LIMITS.maxTickets) })
  .strict();
export type LocateEntryInput = z.infer<typeof locateEntryInput>;

export interface LocateEntryOutput {
  ticketNumber: number | null;
}

export const locateEntryContract = defineCallable({
  name: 'locateEntry',
  access: 'customer',
  input: locateEntryInput,
  output: answer<LocateEntryOutput>(),
});
