import { z } from 'zod';
import { answer, defineCallable } from './contract';
import { promoCodeText } from './savePromoCode';

/** `setPromoCodeActive` (administrators): switches a code on or off. Audited. */
export const setPromoCodeActiveInput = z
  .object({ code: promoCodeText, active: z.boolean() })
  .strict();

export const setPromoCodeActiveContract = defineCallable({
  name: 'setPromoCodeActive',
  access: 'admin',
  input: setPromoCodeActiveInput,
  output: answer<{ code: string; active: boolean }>(),
});
