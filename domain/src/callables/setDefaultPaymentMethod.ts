import { z } from 'zod';
import { idSchema } from '../fields';

/** `setDefaultPaymentMethod`: makes one of the caller's cards the default, the others not. */
export const setDefaultPaymentMethodInput = z.object({ paymentMethodId: idSchema }).strict();
export type SetDefaultPaymentMethodInput = z.infer<typeof setDefaultPaymentMethodInput>;
