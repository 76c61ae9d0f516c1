import { z } from 'zod';
import { answer, defineCallable } from './contract';

/**
 * `getMonthSpending` (customers): what counts against the caller's monthly spending limit and
 * the credit-card cap this UK month, as a checkout counts it: orders (card and account credit,
 * less what came back of them), checkouts still open, and what a deleted account with the same
 * address spent.
 */
export const getMonthSpendingInput = z.object({}).strict();
export type GetMonthSpendingInput = z.infer<typeof getMonthSpendingInput>;

export interface MonthSpendingOutput {
  /** Pence counted against the spending limit. */
  spent: number;
  /** Pence counted against the credit-card cap. */
  creditCard: number;
}

export const getMonthSpendingContract = defineCallable({
  name: 'getMonthSpending',
  access: 'customer',
  input: getMonthSpendingInput,
  output: answer<MonthSpendingOutput>(),
});
