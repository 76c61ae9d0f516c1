import type { CartItem } from '@rafflewin/domain';
import { createContext, useContext } from 'react';

export interface CartState {
  items: CartItem[];
  /** Total tickets, for the navigation bar's badge. */
  quantity: number;
  status: 'loading' | 'ready';
  error: string | null;
  add(raffleId: string, quantity: number): Promise<void>;
  setQuantity(raffleId: string, quantity: number): Promise<void>;
  remove(raffleId: string): Promise<void>;
  clear(): Promise<void>;
}

export const CartContext = createContext<CartState | null>(null);

/** The shopper's cart: local for guests, `carts/{uid}` once signed in. */
export function useCart(): CartState {
  const cart = useContext(CartContext);
  if (!cart) throw new Error('useCart needs the CartProvider');
  return cart;
}
