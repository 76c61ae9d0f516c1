import { z } from 'zod';
import { idSchema, isoDateTimeSchema, penceSchema } from '../fields';
import {
  PROMO_CODE_PATTERN,
  PROMO_KINDS,
  PROMO_LIMITS,
  PROMO_MESSAGES,
  normalisePromoCode,
} from '../promoCodes';
import { answer, defineCallable, type SavedContentOutput } from './contract';

/** A promo code as typed: trimmed and put in capitals before it is checked. */
export const promoCodeText = z
  .string()
  .transform(normalisePromoCode)
  .pipe(z.string().regex(PROMO_CODE_PATTERN, PROMO_MESSAGES.codeFormat));

/**
 * `savePromoCode` (administrators): creates a code (`create: true`; refused if it exists) or
 * changes one (its uses so far are kept). Audited.
 */
export const savePromoCodeInput = z
  .object({
    create: z.boolean(),
    code: promoCodeText,
    kind: z.enum(PROMO_KINDS),
    value: z.number().int().positive(),
    startsAt: isoDateTimeSchema.nullable(),
    endsAt: isoDateTimeSchema.nullable(),
    maxUses: z.number().int().positive().max(PROMO_LIMITS.usesMax).nullable(),
    maxUsesPerCustomer: z.number().int().positive().max(PROMO_LIMITS.usesMax),
    minSpend: penceSchema,
    raffleIds: z.array(idSchema).max(PROMO_LIMITS.raffleIdsMax),
    active: z.boolean(),
    /**
     * Edits: the code's `updatedAt` (ms) as the form was filled. A save over a change made
     * since (switched off in another tab, edited by another administrator) is refused rather
     * than undoing it.
     */
    seenUpdatedAt: z.number().int().nonnegative().optional(),
  })
  .strict()
  .superRefine((value, context) => {
    const issue = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (value.kind === 'percent' && value.value > PROMO_LIMITS.percentMax) {
      issue('value', PROMO_MESSAGES.percentRange);
    }
    if (value.kind === 'bonusTickets' && value.value > PROMO_LIMITS.bonusTicketsMax) {
      issue('value', PROMO_MESSAGES.bonusRange);
    }
    if (
      value.startsAt &&
      value.endsAt &&
      new Date(value.endsAt).getTime() <= new Date(value.startsAt).getTime()
    ) {
      issue('endsAt', PROMO_MESSAGES.endAfterStart);
    }
  });
export type SavePromoCodeInput = z.input<typeof savePromoCodeInput>;

export const savePromoCodeContract = defineCallable({
  name: 'savePromoCode',
  access: 'admin',
  input: savePromoCodeInput,
  output: answer<SavedContentOutput>(),
});
