import { z } from 'zod';

export const cartsCollection = 'carts';
export const cartPath = (uid: string) => `${cartsCollection}/${uid}`;

/**
 * The most distinct raffles a cart holds. The security rules check every line one by one and
 * may evaluate at most 1,000 expressions per request, which 20 lines exceed.
 */
export const MAX_CART_LINES = 10;
export const MAX_CART_LINE_QUANTITY = 1000;

/**
 * A cart line: only what the shopper chose. Names and prices are read live from the raffle;
 * the server prices every checkout itself.
 */
export const cartItemSchema = z.object({
  raffleId: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, 'Unknown raffle'),
  quantity: z.number().int().min(1).max(MAX_CART_LINE_QUANTITY),
});
export type CartItem = z.infer<typeof cartItemSchema>;

/** `carts/{uid}`: the signed-in shopper's cart, written by its owner in this exact shape. */
export const cartSchema = z.object({
  items: z.array(cartItemSchema).max(MAX_CART_LINES),
  updatedAt: z.date(),
});
export type Cart = z.infer<typeof cartSchema>;
