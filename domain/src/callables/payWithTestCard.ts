import type { z } from 'zod';
import { idSchema } from '../fields';
import { cardFormSchema } from './startCheckout';
import { answer, defineCallable } from './contract';
import type { FulfilmentOutput } from './startCheckout';

/** `payWithTestCard`: the local test provider that stands in for Stripe's hosted page. */
export const payWithTestCardInput = cardFormSchema.extend({ sessionId: idSchema }).strict();
export type PayWithTestCardInput = z.input<typeof payWithTestCardInput>;

export const payWithTestCardContract = defineCallable({
  name: 'payWithTestCard',
  access: 'customer',
  input: payWithTestCardInput,
  output: answer<FulfilmentOutput>(),
});
