import { z } from 'zod';
import { idSchema } from '../fields';
import { PAYOUT_CHOICES } from '../instantWinTexts';
import { answer, defineCallable, type MessageOutput } from './contract';

/**
 * `chooseInstantWinPayout` (the winner): how they take an instant prize, once: the prize, its
 * cash alternative, or site credit (the cash alternative added to their account credit at once).
 */
export const chooseInstantWinPayoutInput = z
  .object({ winId: idSchema, payout: z.enum(PAYOUT_CHOICES) })
  .strict();
export type ChooseInstantWinPayoutInput = z.infer<typeof chooseInstantWinPayoutInput>;

export const chooseInstantWinPayoutContract = defineCallable({
  name: 'chooseInstantWinPayout',
  access: 'customer',
  input: chooseInstantWinPayoutInput,
  output: answer<MessageOutput>(),
});
