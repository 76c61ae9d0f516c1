import { z } from 'zod';
import { idSchema, seenUpdatedAtSchema } from '../fields';
import { INSTANT_WIN_MESSAGES } from '../instantWinMessages';
import { INSTANT_WIN_LIMITS } from '../instantWinTexts';
import { instantPrizeSchema } from '../instantWins';
import { answer, defineCallable } from './contract';

/**
 * `saveInstantPrizes` (administrators, audited): replaces a raffle's instant prizes, before any
 * of its tickets is sold or held, and publishes the new list's commitment. An empty list takes
 * them all off. A live raffle gains instant prizes only while instant-win raffles stay at most
 * half of the live ones. Saved over a change to the raffle made since the list was opened (its
 * `updatedAt` then differs from `seenUpdatedAt`), it is refused rather than undoing that change.
 */
export const saveInstantPrizesInput = z
  .object({
    raffleId: idSchema,
    prizes: z
      .array(instantPrizeSchema)
      .max(INSTANT_WIN_LIMITS.maxPrizes, INSTANT_WIN_MESSAGES.tooMany),
    /** The raffle's `updatedAt` (ms, null when it has none) as the list was opened. */
    seenUpdatedAt: seenUpdatedAtSchema,
  })
  .strict()
  .superRefine(({ prizes }, context) => {
    const seen = new Set<number>();
    prizes.forEach((prize, index) => {
      if (seen.has(prize.ticketNumber)) {
        context.addIssue({
          code: 'custom',
          path: ['prizes', index, 'ticketNumber'],
          message: INSTANT_WIN_MESSAGES.repeated,
        });
      }
      seen.add(prize.ticketNumber);
    });
  });
export type SaveInstantPrizesInput = z.input<typeof saveInstantPrizesInput>;

export interface SaveInstantPrizesOutput {
  /** The published commitment; null when the raffle has no instant prizes now. */
  commitment: string | null;
  /** The raffle's new `updatedAt` (ms): the version a further save of the list is made on. */
  updatedAt: number;
}

export const saveInstantPrizesContract = defineCallable({
  name: 'saveInstantPrizes',
  access: 'admin',
  input: saveInstantPrizesInput,
  output: answer<SaveInstantPrizesOutput>(),
});
