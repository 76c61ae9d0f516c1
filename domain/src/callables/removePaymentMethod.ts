import { z } from 'zod';
import { idSchema } from '../fields';
import { answer, defineCallable } from './contract';

/**
 * `removePaymentMethod`: removes one of the caller's cards (and detaches it from Stripe). If it
 * was the default, the newest remaining card becomes the default.
 */
export const removePaymentMethodInput = z.object({ paymentMethodId: idSchema }).strict();
export type RemovePaymentMethodInput = z.infer<typeof removePaymentMethodInput>;

export const removePaymentMethodContract = defineCallable({
  name: 'removePaymentMethod',
  access: 'session',
  input: removePaymentMethodInput,
  output: answer<{ paymentMethodId: string }>(),
});
