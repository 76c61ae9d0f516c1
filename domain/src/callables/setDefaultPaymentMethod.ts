import { z } from 'zod';
import { idSchema } from '../fields';
import { answer, defineCallable } from './contract';

/** `setDefaultPaymentMethod`: makes one of the caller's cards the default, the others not. */
export const setDefaultPaymentMethodInput = z.object({ paymentMethodId: idSchema }).strict();
export type SetDefaultPaymentMethodInput = z.infer<typeof setDefaultPaymentMethodInput>;

export const setDefaultPaymentMethodContract = defineCallable({
  name: 'setDefaultPaymentMethod',
  access: 'session',
  input: setDefaultPaymentMethodInput,
  output: answer<{ paymentMethodId: string }>(),
});
