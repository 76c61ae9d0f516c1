import {
  addToCart,
  cartQuantity,
  mergeCarts,
  mergeGuestCart,
  parseCartItems,
  removeFromCart,
  setCartQuantity,
} from './cart';
import { cartItemSchema } from './collections/carts';
import { MAX_CART_LINE_QUANTITY } from './constants';

describe('cart', () => {
  it('adds to the quantity of a raffle already in the cart', () => {
    const cart = addToCart(addToCart([], 'a', 2), 'a', 3);
    expect(cart).toEqual([{ raffleId: 'a', quantity: 5 }]);
  });

  it('ignores quantities below 1 or fractional', () => {
    expect(addToCart([], 'a', 0)).toEqual([]);
    expect(addToCart([], 'a', -2)).toEqual([]);
    expect(addToCart([], 'a', 1.5)).toEqual([]);
    expect(setCartQuantity([{ raffleId: 'a', quantity: 2 }], 'a', 0)).toEqual([
      { raffleId: 'a', quantity: 2 },
    ]);
  });

  it('holds at most 10 raffles', () => {
    let cart = [] as ReturnType<typeof addToCart>;
    for (let i = 0; i < 12; i += 1) cart = addToCart(cart, `r${i}`, 1);
    expect(cart).toHaveLength(10);
  });

  it('removes lines and counts quantities', () => {
    const cart = addToCart(addToCart([], 'a', 2), 'b', 3);
    expect(cartQuantity(cart)).toBe(5);
    expect(removeFromCart(cart, 'a')).toEqual([{ raffleId: 'b', quantity: 3 }]);
  });

  it('merges a guest cart into the account cart within per-user limits', () => {
    const merged = mergeCarts(
      [{ raffleId: 'a', quantity: 4 }],
      [
        { raffleId: 'a', quantity: 4 },
        { raffleId: 'free', quantity: 3 },
      ],
      (id) => (id === 'free' ? 1 : 5),
    );
    expect(merged).toEqual([
      { raffleId: 'a', quantity: 5 },
      { raffleId: 'free', quantity: 1 },
    ]);
  });

  it('says how many guest lines a merge could not keep in full', () => {
    const full = Array.from({ length: 10 }, (_, i) => ({ raffleId: `r${i}`, quantity: 1 }));
    expect(
      mergeGuestCart(
        full,
        [
          { raffleId: 'new', quantity: 1 },
          { raffleId: 'r1', quantity: 1 },
        ],
        () => 5,
      ),
    ).toEqual({
      items: full.map((item) => (item.raffleId === 'r1' ? { ...item, quantity: 2 } : item)),
      trimmed: 1,
    });
    expect(
      mergeGuestCart([{ raffleId: 'a', quantity: 1 }], [{ raffleId: 'a', quantity: 1 }], () => 5)
        .trimmed,
    ).toBe(0);
  });

  it('drops malformed stored lines', () => {
    expect(
      parseCartItems([
        { raffleId: 'a', quantity: 2 },
        { raffleId: 'b' },
        'x',
        { raffleId: 'c', quantity: -1 },
      ]),
    ).toEqual([{ raffleId: 'a', quantity: 2 }]);
    expect(parseCartItems('nonsense')).toEqual([]);
  });

  it('keeps exactly the lines the schema accepts (the guest cart is read without zod)', () => {
    const lines: unknown[] = [
      { raffleId: 'a', quantity: 1 },
      { raffleId: 'b_c-9', quantity: MAX_CART_LINE_QUANTITY, extra: true },
      { raffleId: 'a', quantity: MAX_CART_LINE_QUANTITY + 1 },
      { raffleId: 'a', quantity: 0 },
      { raffleId: 'a', quantity: 1.5 },
      { raffleId: 'a', quantity: '2' },
      { raffleId: 'a/b', quantity: 1 },
      { raffleId: '', quantity: 1 },
      { raffleId: 'x'.repeat(129), quantity: 1 },
      { raffleId: 7, quantity: 1 },
      null,
      [],
    ];
    for (const line of lines) {
      const schema = cartItemSchema.safeParse(line);
      expect(parseCartItems([line])).toEqual(schema.success ? [schema.data] : []);
    }
  });
});
