import { z } from 'zod';
import { RAFFLE_LIMITS } from '../collections/raffles';
import { idSchema } from '../fields';
import { MAX_LUCKY_DIP } from '../numberPicking';
import { answer, defineCallable } from './contract';

/**
 * `luckyDip` (anyone, rate limited per network address): `quantity` free numbers of a raffle
 * with number picking, drawn on the server uniformly from its free numbers, leaving out
 * `keep` (the numbers the shopper has already picked). Calling again re-rolls. Nothing is
 * held until checkout, which holds the numbers or says which were taken meanwhile.
 */
export const luckyDipInput = z
  .object({
    raffleId: idSchema,
    quantity: z.number().int().min(1).max(MAX_LUCKY_DIP),
    keep: z
      .array(z.number().int().min(1).max(RAFFLE_LIMITS.maxTickets))
      .max(MAX_LUCKY_DIP)
      .default([]),
  })
  .strict();
export type LuckyDipInput = z.input<typeof luckyDipInput>;

export interface LuckyDipOutput {
  /** Ascending. */
  numbers: number[];
}

export const luckyDipContract = defineCallable({
  name: 'luckyDip',
  access: 'anyone',
  input: luckyDipInput,
  output: answer<LuckyDipOutput>(),
});
