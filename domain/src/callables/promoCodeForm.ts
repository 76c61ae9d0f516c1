import { z } from 'zod';
import { poundsText, ukDateTimeText } from '../fields';
import { parsePoundsToPence, penceToPoundsText } from '../money';
import { PROMO_LIMITS, PROMO_MESSAGES, type PromoKind } from '../promoCodes';
import { savePromoCodeInput } from './savePromoCode';

/** The console's names for the kinds of code. */
export const PROMO_KIND_LABELS: Record<PromoKind, string> = {
  percent: 'Percentage off',
  amount: 'Amount off',
  bonusTickets: 'Bonus tickets',
};

/** The label of the form's value field, which reads differently for each kind. */
export const PROMO_VALUE_LABELS: Record<PromoKind, string> = {
  percent: 'Percentage (%)',
  amount: 'Amount (£)',
  bonusTickets: 'Bonus tickets',
};

/** The promo code form's own messages (the rest are PROMO_MESSAGES, shared with the server). */
export const PROMO_FORM_MESSAGES = {
  dateInvalid: 'Enter a valid date and time, or leave it blank',
  totalUses: 'Enter a whole number of uses, or leave it blank for no limit',
  perCustomer: 'Enter a whole number of uses from 1',
  minSpend: 'Enter an amount such as 5.00, or 0 for none',
  tooManyRaffles: `A code can name at most ${PROMO_LIMITS.raffleIdsMax} raffles`,
} as const;

/** An optional `datetime-local` text read as UK time (`ukDateTimeText`): blank is null. */
function optionalUkDateTime(message: string) {
  return z
    .string()
    .trim()
    .transform((text) => text || null)
    .pipe(ukDateTimeText(message).nullable());
}

/** A count of uses typed in a form: a whole number from 1; blank is null. */
function usesText(message: string) {
  return z
    .string()
    .trim()
    .transform((text, context) => {
      if (text === '') return null;
      const count = Number(text);
      if (!/^\d+$/.test(text) || count < 1 || count > PROMO_LIMITS.usesMax) {
        context.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return count;
    });
}

/** The value as typed, for a kind: a percentage, pounds (as pence) or a number of tickets. */
function parsePromoValue(kind: PromoKind, text: string): number | { problem: string } {
  if (kind === 'amount') {
    const pence = parsePoundsToPence(text);
    return pence !== null && pence > 0 ? pence : { problem: PROMO_MESSAGES.amountPositive };
  }
  const [max, problem] =
    kind === 'percent'
      ? [PROMO_LIMITS.percentMax, PROMO_MESSAGES.percentRange]
      : [PROMO_LIMITS.bonusTicketsMax, PROMO_MESSAGES.bonusRange];
  const count = Number(text);
  return /^\d+$/.test(text) && count >= 1 && count <= max ? count : { problem };
}

/** The value of a saved code as its form shows it: pence as pounds ("2.50"), else the number. */
export function promoValueText(kind: PromoKind, value: number): string {
  return kind === 'amount' ? penceToPoundsText(value) : String(value);
}

/**
 * The browser's promo code form: the value as typed for its kind (pounds for an amount), the
 * dates as UK `datetime-local` texts (blank: none), total uses blank for no limit, and the
 * minimum spend in pounds. What it gives is then checked by the callable's own schema, so the
 * form refuses exactly what `savePromoCode` refuses, with the same words.
 */
export const promoCodeFormSchema = z
  .object({
    create: z.boolean(),
    code: savePromoCodeInput.shape.code,
    kind: savePromoCodeInput.shape.kind,
    value: z.string().trim(),
    startsAt: optionalUkDateTime(PROMO_FORM_MESSAGES.dateInvalid),
    endsAt: optionalUkDateTime(PROMO_FORM_MESSAGES.dateInvalid),
    maxUses: usesText(PROMO_FORM_MESSAGES.totalUses),
    maxUsesPerCustomer: usesText(PROMO_FORM_MESSAGES.perCustomer).pipe(
      z.number({ error: PROMO_FORM_MESSAGES.perCustomer }),
    ),
    minSpend: poundsText(PROMO_FORM_MESSAGES.minSpend).transform((pence) => pence ?? 0),
    raffleIds: z
      .array(z.string())
      .max(PROMO_LIMITS.raffleIdsMax, PROMO_FORM_MESSAGES.tooManyRaffles),
    active: z.boolean(),
  })
  .transform(({ value, ...fields }, context) => {
    const parsed = parsePromoValue(fields.kind, value);
    if (typeof parsed !== 'number') {
      context.addIssue({ code: 'custom', path: ['value'], message: parsed.problem });
      return z.NEVER;
    }
    return { ...fields, value: parsed };
  })
  .pipe(savePromoCodeInput);
export type PromoCodeFormValues = z.input<typeof promoCodeFormSchema>;
