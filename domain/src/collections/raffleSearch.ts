import { z } from 'zod';
import { RAFFLE_CATEGORIES } from './raffleCategories';

export const raffleSearchCollection = 'raffleSearch';

/**
 * `raffleSearch/{raffleId}`: what the console's raffle pickers search, kept in step with each
 * raffle by `onRaffleWritten` (administrators read; functions write). Apart from the raffle so
 * shoppers never download the terms.
 */
export const raffleSearchSchema = z.object({
  name: z.string(),
  /** `raffleSearchTerms(name)`: queried with `array-contains`. */
  terms: z.array(z.string()),
  category: z.enum(RAFFLE_CATEGORIES),
  active: z.boolean(),
  startDate: z.date(),
  endDate: z.date(),
  /**
   * `isSoldOut(raffle)`, written only when it flips (not on each sale), so the pickers can grey
   * out a sold-out raffle. Absent on entries written before it existed: not sold out.
   */
  soldOut: z.boolean().default(false),
});
export type RaffleSearchData = z.infer<typeof raffleSearchSchema>;
export type RaffleSearchEntry = RaffleSearchData & { id: string };
