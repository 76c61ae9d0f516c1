/**
 * Promo codes: created by administrators, applied at checkout on the server. A code takes a
 * percentage or an amount off the raffles it applies to, or adds bonus tickets to the first
 * paid one of them in the cart; it may have a start and an end, a total number of uses, a number of uses
 * per customer, a minimum spend and a list of raffles. A checkout holds a use from the moment
 * it reserves its tickets; a checkout that lapses gives it back. No zod here: the checkout
 * page shows the same figures the server charges.
 */
import { changedSinceOpened } from './editConflicts';
import { formatPence, type Pence } from './money';

export const PROMO_KINDS = ['percent', 'amount', 'bonusTickets'] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];

export const PROMO_LIMITS = {
  codeMin: 3,
  codeMax: 20,
  percentMax: 100,
  bonusTicketsMax: 100,
  raffleIdsMax: 30,
  usesMax: 1_000_000,
} as const;

/** Codes are stored and compared in capitals: "spring-10" and "SPRING-10" are one code. */
export const PROMO_CODE_PATTERN = /^[A-Z0-9-]{3,20}$/;

export function normalisePromoCode(text: string): string {
  return text.trim().toUpperCase();
}

export const PROMO_MESSAGES = {
  /** Unknown and switched off read the same: a guess learns nothing. */
  notValid: 'This promo code is not valid',
  notStarted: 'This promo code cannot be used yet',
  ended: 'This promo code has expired',
  usedUp: 'This promo code has been used as many times as it allows',
  perCustomer: 'You have already used this promo code as many times as it allows',
  minSpend: (minimum: Pence) =>
    `This promo code needs a spend of at least ${formatPence(minimum)} on the raffles it applies to`,
  notForCart: 'This promo code does not apply to the raffles in your cart',
  codeFormat: 'Codes are 3 to 20 letters, digits or hyphens',
  percentRange: 'Enter a percentage from 1 to 100',
  amountPositive: 'Enter an amount such as 2.00',
  bonusRange: `Enter from 1 to ${PROMO_LIMITS.bonusTicketsMax} bonus tickets`,
  endAfterStart: 'The end must be after the start',
  exists: 'A promo code with this name already exists',
  notFound: 'This promo code no longer exists',
  created: 'Promo code created',
  updated: 'Promo code updated',
  activated: 'Promo code switched on',
  deactivated: 'Promo code switched off',
  saveFailed: 'Failed to save promo code',
  /** An edit made over a change saved since the form was filled (another tab or administrator). */
  changedSinceOpened: changedSinceOpened('This promo code'),
  loadFailed: 'Failed to load promo codes',
  applied: (code: string) => `Promo code ${code} applied`,
  /** A cart that fits on its own, but not with the code's bonus tickets (`room`: what fits). */
  bonusDoesNotFit: (bonus: number, room: number) =>
    `This code adds ${promoBenefit('bonusTickets', bonus)}, and only ${room} more ${
      room === 1 ? 'ticket fits' : 'tickets fit'
    } in this raffle for you: buy fewer tickets or remove the code`,
} as const;

/** What a code gives, as a person reads it: "10% off", "£2.00 off", "2 bonus tickets". */
export function promoBenefit(kind: PromoKind, value: number): string {
  if (kind === 'percent') return `${value}% off`;
  if (kind === 'amount') return `${formatPence(value)} off`;
  return `${value} bonus ${value === 1 ? 'ticket' : 'tickets'}`;
}

/** The terms that price a cart (the rest of a code's rules are about when and how often). */
export interface PromoTerms {
  kind: PromoKind;
  value: number;
  minSpend: Pence;
  /** Empty: every raffle. */
  raffleIds: string[];
}

/** A cart line as the discount sees it: its raffle and its price with bundles taken off. */
export interface PricedCartLine {
  raffleId: string;
  total: Pence;
}

export interface PromoOutcome {
  /** Pence off the whole cart. */
  discount: Pence;
  /** Pence off each line (by raffle id), summing to `discount`. */
  byLine: Record<string, Pence>;
  /** Bonus tickets, added to `bonusRaffleId`'s line. */
  bonusTickets: number;
  bonusRaffleId: string | null;
}

/**
 * What a code does to a cart, or why it does not apply. A percentage or an amount comes off
 * the raffles it applies to, shared between their lines in proportion to what they cost, in
 * whole pence (the largest remainders take the odd pennies), never more than they cost.
 */
export function applyPromo(
  terms: PromoTerms,
  lines: PricedCartLine[],
): PromoOutcome | { problem: string } {
  const eligible = lines.filter(
    (line) => terms.raffleIds.length === 0 || terms.raffleIds.includes(line.raffleId),
  );
  if (eligible.length === 0) return { problem: PROMO_MESSAGES.notForCart };
  const spend = eligible.reduce((sum, line) => sum + line.total, 0);
  if (spend < terms.minSpend) return { problem: PROMO_MESSAGES.minSpend(terms.minSpend) };
  if (terms.kind === 'bonusTickets') {
    // Bonus tickets join a paid line: a free raffle allows one ticket each.
    const paid = eligible.find((line) => line.total > 0);
    if (!paid) return { problem: PROMO_MESSAGES.notForCart };
    return { discount: 0, byLine: {}, bonusTickets: terms.value, bonusRaffleId: paid.raffleId };
  }
  const discount =
    terms.kind === 'percent'
      ? Math.floor((spend * Math.min(terms.value, PROMO_LIMITS.percentMax)) / 100)
      : Math.min(terms.value, spend);
  // A code that takes nothing off (free raffles, a percentage of a few pence) would still use
  // up one of its uses: it does not apply.
  if (discount === 0) return { problem: PROMO_MESSAGES.notForCart };
  return { discount, byLine: shareOut(discount, eligible), bonusTickets: 0, bonusRaffleId: null };
}

/** `amount` shared between lines in proportion to their totals, in whole pence. */
function shareOut(amount: Pence, lines: PricedCartLine[]): Record<string, Pence> {
  const spend = lines.reduce((sum, line) => sum + line.total, 0);
  if (spend === 0) return {};
  const exact = lines.map((line) => (amount * line.total) / spend);
  const shares = exact.map(Math.floor);
  let left = amount - shares.reduce((sum, pence) => sum + pence, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder);
  for (const { index } of byRemainder) {
    if (left === 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return Object.fromEntries(lines.map((line, index) => [line.raffleId, shares[index]!]));
}

/** A code's rules about when and how often, checked at checkout; the refusal, if any. */
export function promoAvailability(
  code: {
    active: boolean;
    startsAt: Date | null;
    endsAt: Date | null;
    maxUses: number | null;
    uses: number;
    maxUsesPerCustomer: number;
  },
  customerUses: number,
  now: Date,
): string | null {
  if (!code.active) return PROMO_MESSAGES.notValid;
  if (code.startsAt && now.getTime() < code.startsAt.getTime()) return PROMO_MESSAGES.notStarted;
  if (code.endsAt && now.getTime() >= code.endsAt.getTime()) return PROMO_MESSAGES.ended;
  if (code.maxUses !== null && code.uses >= code.maxUses) return PROMO_MESSAGES.usedUp;
  if (customerUses >= code.maxUsesPerCustomer) return PROMO_MESSAGES.perCustomer;
  return null;
}

/**
 * The code on an order, under lines whose prices already have it taken off: "Promo code
 * SPRING-10: £1.50 saved (included above)", so it cannot read as taken twice.
 */
export function appliedPromoText(promo: {
  code: string;
  discount: Pence;
  bonusTickets: number;
}): string {
  const what =
    promo.bonusTickets > 0
      ? `${promo.bonusTickets} bonus ${promo.bonusTickets === 1 ? 'ticket' : 'tickets'}`
      : `${formatPence(promo.discount)} saved`;
  return `Promo code ${promo.code}: ${what} (included above)`;
}
