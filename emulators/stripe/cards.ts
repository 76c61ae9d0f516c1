/**
 * Stripe's test cards, as its hosted page answers them: which succeed (and how they are
 * funded) and which are declined. Any other number is refused as Stripe's page refuses it.
 */
export interface TestCard {
  brand: 'visa' | 'mastercard';
  funding: 'credit' | 'debit';
}

export const TEST_CARDS: Record<string, TestCard> = {
  '4242424242424242': { brand: 'visa', funding: 'credit' },
  '4000056655665556': { brand: 'visa', funding: 'debit' },
  '5555555555554444': { brand: 'mastercard', funding: 'credit' },
  '5200828282828210': { brand: 'mastercard', funding: 'debit' },
};

export const DECLINED_CARD = '4000000000000002';

/** The messages Stripe's page shows. */
export const CARD_ERRORS = {
  declined: 'Your card was declined.',
  /** A card of a funding type the session blocks (`funding_types_blocked`). */
  notSupported: 'Your card is not supported. Please use a different card.',
  number: 'Your card number is invalid.',
  expiry: "Your card's expiration date is incomplete.",
  expired: "Your card's expiration year is in the past.",
  cvc: "Your card's security code is incomplete.",
  name: 'Enter the name on your card.',
} as const;

export interface CardEntry {
  name: string;
  number: string;
  expiry: string;
  cvc: string;
}

export interface AcceptedCard extends TestCard {
  last4: string;
  expMonth: number;
  expYear: number;
  name: string;
}

/** The card as accepted, or the message the page shows for it. */
export function checkCard(entry: CardEntry, now = new Date()): AcceptedCard | string {
  const number = entry.number.replace(/[\s-]/g, '');
  if (!entry.name.trim()) return CARD_ERRORS.name;
  if (!/^\d{16}$/.test(number)) return CARD_ERRORS.number;
  const expiry = /^\s*(0[1-9]|1[0-2])\s*\/\s*(\d{2})\s*$/.exec(entry.expiry);
  if (!expiry) return CARD_ERRORS.expiry;
  const month = Number(expiry[1]);
  const year = 2000 + Number(expiry[2]);
  const thisYear = now.getUTCFullYear();
  if (year < thisYear || (year === thisYear && month < now.getUTCMonth() + 1)) {
    return CARD_ERRORS.expired;
  }
  if (!/^\d{3,4}$/.test(entry.cvc.trim())) return CARD_ERRORS.cvc;
  if (number === DECLINED_CARD) return CARD_ERRORS.declined;
  const known = TEST_CARDS[number];
  if (!known) return CARD_ERRORS.number;
  return { ...known, last4: number.slice(-4), expMonth: month, expYear: year, name: entry.name };
}
