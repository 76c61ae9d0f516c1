import { z } from 'zod';
import { idSchema } from '../fields';
import { answer, defineCallable } from './contract';
import type { FulfilmentOutput } from './startCheckout';

/** `claimFreeEntries`: completes a zero-total reservation. */
export const claimFreeEntriesInput = z.object({ sessionId: idSchema }).strict();
export type ClaimFreeEntriesInput = z.infer<typeof claimFreeEntriesInput>;

export const claimFreeEntriesContract = defineCallable({
  name: 'claimFreeEntries',
  access: 'customer',
  input: claimFreeEntriesInput,
  output: answer<FulfilmentOutput>(),
});
