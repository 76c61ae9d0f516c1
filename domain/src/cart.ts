import type { CartItem } from './collections/carts';
import { DOCUMENT_ID_PATTERN, MAX_CART_LINES, MAX_CART_LINE_QUANTITY } from './constants';

/** The cart's messages. */
export const CART_MESSAGES = {
  full:
    `Your cart holds up to ${MAX_CART_LINES} different raffles. Check out or remove one to ` +
    'add another.',
  saveFailed: 'Failed to save cart',
  unavailable: 'This raffle is no longer available',
  removeUnavailable: 'Remove the raffles that are no longer available to continue.',
  /** A cart line's note when the customer already has tickets in its raffle. */
  alreadyOwned: (owned: number, more: number) =>
    `You already have ${owned} ${owned === 1 ? 'ticket' : 'tickets'} in this raffle: ` +
    (more === 0 ? 'no more for you.' : `up to ${more} more.`),
  /** After sign-in, when the cart from before could not be kept in full. */
  mergeTrimmed: (raffles: number) =>
    `Your cart from before you signed in was added to your account's. ${raffles} ` +
    `${raffles === 1 ? 'raffle was' : 'raffles were'} cut to the most tickets one person may ` +
    `have, or left out because the cart holds ${MAX_CART_LINES} raffles at most.`,
} as const;

/** Whether a raffle can be added: it is in the cart already, or the cart has room. */
export function canAddToCart(items: CartItem[], raffleId: string): boolean {
  return items.length < MAX_CART_LINES || items.some((item) => item.raffleId === raffleId);
}

/**
 * Adds a quantity to the cart: a raffle already in the cart gets the quantity added to its
 * line; a quantity below 1 is ignored; lines and quantities stay within the cart's limits.
 */
export function addToCart(items: CartItem[], raffleId: string, quantity: number): CartItem[] {
  if (!Number.isInteger(quantity) || quantity < 1) return items;
  const existing = items.find((item) => item.raffleId === raffleId);
  if (existing) {
    return items.map((item) =>
      item.raffleId === raffleId
        ? { ...item, quantity: Math.min(MAX_CART_LINE_QUANTITY, item.quantity + quantity) }
        : item,
    );
  }
  if (items.length >= MAX_CART_LINES) return items;
  return [...items, { raffleId, quantity: Math.min(MAX_CART_LINE_QUANTITY, quantity) }];
}

/** Sets a line's quantity (below 1 is ignored; use removeFromCart). */
export function setCartQuantity(items: CartItem[], raffleId: string, quantity: number): CartItem[] {
  if (!Number.isInteger(quantity) || quantity < 1) return items;
  return items.map((item) =>
    item.raffleId === raffleId
      ? { ...item, quantity: Math.min(MAX_CART_LINE_QUANTITY, quantity) }
      : item,
  );
}

export function removeFromCart(items: CartItem[], raffleId: string): CartItem[] {
  return items.filter((item) => item.raffleId !== raffleId);
}

export function cartQuantity(items: CartItem[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}

/**
 * The guest cart merged into the signed-in cart: quantities add up per raffle, each line
 * capped by `limitFor(raffleId)` (the raffle's per-user limit), within the cart's limits.
 */
export function mergeCarts(
  account: CartItem[],
  guest: CartItem[],
  limitFor: (raffleId: string) => number,
): CartItem[] {
  return mergeGuestCart(account, guest, limitFor).items;
}

/**
 * mergeCarts, and how many of the guest cart's raffles could not be kept in full (cut to the
 * per-user limit, or left out because the cart was full): the shopper is told.
 */
export function mergeGuestCart(
  account: CartItem[],
  guest: CartItem[],
  limitFor: (raffleId: string) => number,
): { items: CartItem[]; trimmed: number } {
  let merged = account;
  for (const item of guest) merged = addToCart(merged, item.raffleId, item.quantity);
  const items = merged.map((item) => ({
    ...item,
    quantity: Math.min(item.quantity, limitFor(item.raffleId)),
  }));
  const trimmed = guest.filter((line) => {
    const wanted =
      line.quantity + (account.find((item) => item.raffleId === line.raffleId)?.quantity ?? 0);
    const kept = items.find((item) => item.raffleId === line.raffleId)?.quantity ?? 0;
    return kept < Math.min(wanted, MAX_CART_LINE_QUANTITY);
  }).length;
  return { items, trimmed };
}

/**
 * `cartItemSchema`'s rule as a plain check: the guest cart is read for the first paint, which
 * does not load zod (the domain tests hold the two to the same answers).
 */
function isCartItem(value: unknown): value is CartItem {
  if (value === null || typeof value !== 'object') return false;
  const { raffleId, quantity } = value as Partial<Record<keyof CartItem, unknown>>;
  return (
    typeof raffleId === 'string' &&
    DOCUMENT_ID_PATTERN.test(raffleId) &&
    Number.isInteger(quantity) &&
    (quantity as number) >= 1 &&
    (quantity as number) <= MAX_CART_LINE_QUANTITY
  );
}

/** Parses a stored cart (local storage or Firestore), dropping anything malformed. */
export function parseCartItems(value: unknown): CartItem[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter(isCartItem)
    .map(({ raffleId, quantity }) => ({ raffleId, quantity }))
    .slice(0, MAX_CART_LINES);
}
