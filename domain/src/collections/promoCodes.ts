import { z } from 'zod';
import { penceSchema } from '../fields';
import { PROMO_KINDS, PROMO_LIMITS } from '../promoCodes';

export const promoCodesCollection = 'promoCodes';
export const promoCodePath = (code: string) => `${promoCodesCollection}/${code}`;
/** `promoCodes/{code}/customers/{uid}`: how many times a customer holds or used the code. */
export const promoCustomerPath = (code: string, uid: string) =>
  `${promoCodePath(code)}/customers/${uid}`;

/**
 * `promoCodes/{CODE}` (the code in capitals is the id): administrators read them; only
 * functions write (savePromoCode, setPromoCodeActive, and checkouts counting `uses`).
 */
export const promoCodeSchema = z.object({
  kind: z.enum(PROMO_KINDS),
  /** Percent (1–100), pence off, or bonus tickets, by `kind`. */
  value: z.number().int().positive(),
  startsAt: z.date().nullable(),
  endsAt: z.date().nullable(),
  /** Uses in all; null: no limit. A pending checkout holds one until it lapses. */
  maxUses: z.number().int().positive().max(PROMO_LIMITS.usesMax).nullable(),
  maxUsesPerCustomer: z.number().int().positive().max(PROMO_LIMITS.usesMax),
  /** Spend on the raffles it applies to (bundles taken off), in pence. */
  minSpend: penceSchema,
  /** The raffles it applies to; empty: every raffle. */
  raffleIds: z.array(z.string()).max(PROMO_LIMITS.raffleIdsMax),
  active: z.boolean(),
  /** Uses held or made (functions only). */
  uses: z.number().int().nonnegative(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type PromoCodeData = z.infer<typeof promoCodeSchema>;
export type PromoCode = PromoCodeData & { id: string };

export const promoCustomerSchema = z.object({ uses: z.number().int().nonnegative() });

/** What a checkout and its order record of the code applied. */
export const appliedPromoSchema = z.object({
  code: z.string(),
  kind: z.enum(PROMO_KINDS),
  value: z.number().int().positive(),
  discount: penceSchema,
  bonusTickets: z.number().int().nonnegative(),
  bonusRaffleId: z.string().nullable(),
});
export type AppliedPromo = z.infer<typeof appliedPromoSchema>;
