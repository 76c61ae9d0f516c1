import { z } from 'zod';
import { DOCUMENT_ID_PATTERN, MAX_CART_LINES, MAX_CART_LINE_QUANTITY } from '../constants';

/**
 * A cart line: only what the shopper chose. Names and prices are read live from the raffle;
 * the server prices every checkout itself.
 */
export const cartItemSchema = z.object({
  raffleId: z.string().regex(DOCUMENT_ID_PATTERN, 'Unknown raffle'),
  quantity: z.number().int().min(1).max(MAX_CART_LINE_QUANTITY),
});
export type CartItem = z.infer<typeof cartItemSchema>;

/** `carts/{uid}`: the signed-in shopper's cart, written by its owner in this exact shape. */
export const cartSchema = z.object({
  items: z.array(cartItemSchema).max(MAX_CART_LINES),
  updatedAt: z.date(),
});
export type Cart = z.infer<typeof cartSchema>;
