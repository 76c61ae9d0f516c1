import { CURRENCY, LOCALE } from './constants';
import { ShopError } from './errors';

/** Said when a checkout would leave less than `MIN_CARD_PAYMENT` to pay by card. */
export const BELOW_CARD_MINIMUM =
  'Card payments start at £0.30. Please add another ticket to your order.';

/** An amount of money in integer pence. Never a float of pounds. */
export type Pence = number;

const gbp = new Intl.NumberFormat(LOCALE, {
  style: 'currency',
  currency: CURRENCY,
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** A count as the shop shows it: 1000000 → "1,000,000". */
export const formatCount = (count: number) => count.toLocaleString(LOCALE);

/** 150 → "£1.50". */
export function formatPence(pence: Pence): string {
  return gbp.format(pence / 100);
}

const gbpUngrouped = new Intl.NumberFormat(LOCALE, {
  style: 'currency',
  currency: CURRENCY,
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: false,
});

/** 150000 → "£1500.00": a headline figure as the shop writes it, without a thousands comma. */
export function formatPenceUngrouped(pence: Pence): string {
  return gbpUngrouped.format(pence / 100);
}

/** A raffle line's price: "FREE" for zero, otherwise GBP. */
export function formatPriceOrFree(pence: Pence): string {
  return pence === 0 ? 'FREE' : formatPence(pence);
}

const POUNDS_PATTERN = /^(\d{1,9})(?:\.(\d{1,2}))?$/;

/**
 * Parses a pounds amount typed by a person ("1", "1.5", "1.50", "£1.50") into pence
 * without going through floating point. Returns null when the text is not an amount.
 */
export function parsePoundsToPence(text: string): Pence | null {
  const match = POUNDS_PATTERN.exec(text.trim().replace(/^£/, '').replace(/,/g, ''));
  if (!match) return null;
  const [, pounds = '0', fraction = ''] = match;
  return Number(pounds) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Pence to a plain pounds string for form fields: 150 → "1.50". */
export function penceToPoundsText(pence: Pence): string {
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(pence);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * The smallest card payment Stripe takes in GBP: a checkout never asks for less (other than
 * nothing at all).
 */
export const MIN_CARD_PAYMENT: Pence = 30;

/**
 * How much of `credit` pays towards `total`: all it can, unless that would leave a card payment
 * under MIN_CARD_PAYMENT, when it leaves exactly the minimum to pay by card instead. (A total
 * under the minimum that credit cannot cover is left as it is: the checkout refuses it.)
 */
export function creditToApply(total: Pence, credit: Pence): Pence {
  const available = Math.max(0, Math.min(credit, total));
  const left = total - available;
  if (left === 0 || left >= MIN_CARD_PAYMENT) return available;
  return Math.max(0, Math.min(available, total - MIN_CARD_PAYMENT));
}

/**
 * Whether the shopper opened a checkout themselves (not an administrator's ticket add, which
 * names its author): a new checkout of theirs replaces it.
 */
export const isShoppersOwn = (session: { createdBy: string | null }): boolean =>
  session.createdBy === null;

/**
 * The account credit the shopper's own unpaid checkouts hold (not an administrator's entry for
 * them): a new checkout releases those first, which gives it back, so it is the shopper's to
 * spend on the new one.
 */
export function creditHeldBy(
  open: ReadonlyArray<{ createdBy: string | null; creditApplied: Pence }>,
): Pence {
  return open.filter(isShoppersOwn).reduce((sum, session) => sum + session.creditApplied, 0);
}

/**
 * As a checkout answers: what `credit` leaves of `total` to pay by card must be nothing or at
 * least MIN_CARD_PAYMENT (a code leaving 10p is refused, not shown and then refused at payment).
 */
export function refuseBelowCardMinimum(total: Pence, credit: Pence): void {
  const toPay = total - creditToApply(total, credit);
  if (toPay > 0 && toPay < MIN_CARD_PAYMENT) {
    throw new ShopError('failed-precondition', BELOW_CARD_MINIMUM, 'card-minimum');
  }
}
