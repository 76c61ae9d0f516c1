import { CART_MESSAGES, type CartItem } from '@rafflewin/domain';
import { createContext, useContext } from 'react';

export interface CartState {
  items: CartItem[];
  /** Total tickets, for the navigation bar's badge. */
  quantity: number;
  status: 'loading' | 'ready';
  error: string | null;
  /** Something the shopper should know about their cart (what a merge on sign-in cut). */
  notice: string | null;
  dismissNotice(): void;
  /** Rejects with CartFullError when the cart has no room for another raffle. */
  add(raffleId: string, quantity: number): Promise<void>;
  setQuantity(raffleId: string, quantity: number): Promise<void>;
  remove(raffleId: string): Promise<void>;
  clear(): Promise<void>;
}

export const CartContext = createContext<CartState | null>(null);

/**
 * For a cart change nothing else waits on: a failed save already shows as the cart's `error`
 * (its rejection carries the same words).
 */
export const shownByCart = (): void => undefined;

/** The shopper's cart: local for guests, `carts/{uid}` once signed in. */
export function useCart(): CartState {
  const cart = useContext(CartContext);
  if (!cart) throw new Error('useCart needs the CartProvider');
  return cart;
}

/** An add refused because the cart already holds its most raffles (CART_MESSAGES.full). */
export class CartFullError extends Error {
  constructor() {
    super(CART_MESSAGES.full);
  }
}

/** What to tell the shopper when adding failed. */
export function addFailureMessage(error: unknown): string {
  return error instanceof CartFullError ? error.message : CART_MESSAGES.saveFailed;
}
