import { z } from 'zod';
import { penceSchema, poundsFieldToPence } from '../fields';
import { answer, defineCallable } from './contract';

/** `setSpendLimit`: a monthly limit in pence (0 allowed), or null for no limit. */
export const setSpendLimitInput = z.object({ monthlyLimit: penceSchema.nullable() }).strict();
export type SetSpendLimitInput = z.infer<typeof setSpendLimitInput>;
export interface SetSpendLimitOutput {
  /** The limit now in force. */
  monthlyLimit: number | null;
  /** Set when a raise waits out its 24 hours. */
  pendingFrom: string | null;
  message: string;
}

const LIMIT_AMOUNT_MESSAGE = 'Enter an amount in pounds, such as 50 or 50.00 (0 is allowed)';

/**
 * The limit form: an amount in pounds, or no limit. Its output is `setSpendLimit`'s input, so
 * browser and server check the same thing.
 */
export const spendLimitFormSchema = z
  .object({
    noLimit: z.boolean(),
    amount: z.string().trim(),
  })
  .transform((form, context): SetSpendLimitInput => {
    if (form.noLimit) return { monthlyLimit: null };
    const pence = poundsFieldToPence(form.amount, LIMIT_AMOUNT_MESSAGE, context, ['amount']);
    return pence === null ? z.NEVER : { monthlyLimit: pence };
  })
  .pipe(setSpendLimitInput);
export type SpendLimitFormValues = z.input<typeof spendLimitFormSchema>;

export const setSpendLimitContract = defineCallable({
  name: 'setSpendLimit',
  access: 'customer',
  input: setSpendLimitInput,
  output: answer<SetSpendLimitOutput>(),
});
