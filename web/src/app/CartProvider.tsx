import {
  STORAGE_KEYS,
  addToCart,
  cartPath,
  cartQuantity,
  mergeGuestCart,
  CART_MESSAGES,
  parseCartItems,
  perUserLimit,
  rafflePath,
  removeFromCart,
  setCartQuantity,
  DEFAULT_MAX_TICKETS_PER_USER,
  type CartItem,
  canAddToCart,
} from '@rafflewin/domain';
import type { DocumentReference } from 'firebase/firestore';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { CartContext, CartFullError, type CartState } from '@/hooks/useCart';
import { useSession } from '@/hooks/useSession';
import { loadFirestore, useWithFirestore } from '@/lib/live';
import { useDocumentData } from '@/lib/realtime';

function readGuestCart(): CartItem[] {
  try {
    return parseCartItems(JSON.parse(localStorage.getItem(STORAGE_KEYS.guestCart) ?? '[]'));
  } catch {
    return [];
  }
}

function writeGuestCart(items: CartItem[]): void {
  if (items.length === 0) localStorage.removeItem(STORAGE_KEYS.guestCart);
  else localStorage.setItem(STORAGE_KEYS.guestCart, JSON.stringify(items));
}

async function perUserLimits(ids: string[]): Promise<Record<string, number>> {
  const { db, doc, getDoc, shopConverters } = await loadFirestore();
  const entries = await Promise.all(
    ids.map(async (id) => {
      const snapshot = await getDoc(
        doc(db, rafflePath(id)).withConverter(shopConverters.raffle),
      ).catch(() => null);
      const raffle = snapshot?.data();
      return [id, raffle ? perUserLimit(raffle) : DEFAULT_MAX_TICKETS_PER_USER] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/**
 * The cart: guests keep it in local storage (`rafflewin_cart`); signed-in shoppers in
 * `carts/{uid}`, live across their devices. On sign-in the guest cart merges into the
 * account's cart within each raffle's per-user limit.
 */
export function CartProvider({ children }: { children: ReactNode }) {
  const { user, twoFactor, dataUid: uid, status } = useSession();
  // The account's cart once the sign-in owes no second factor; until then the guest cart.
  const sessionStatus =
    status === 'loading' || (user && twoFactor === 'loading') ? 'loading' : status;
  const [guestItems, setGuestItems] = useState<CartItem[]>(readGuestCart);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const cartRef = useWithFirestore<DocumentReference>(
    ({ db, doc }) => (uid ? doc(db, cartPath(uid)) : null),
    [uid],
  );
  const account = useDocumentData(cartRef);
  const accountItems = useMemo(() => parseCartItems(account.data?.items), [account.data]);
  const items = uid ? accountItems : guestItems;

  const save = useCallback(
    async (next: CartItem[], failure = 'Failed to save cart') => {
      setError(null);
      if (!uid) {
        writeGuestCart(next);
        setGuestItems(next);
        return;
      }
      try {
        const { db, doc, serverTimestamp, setDoc } = await loadFirestore();
        await setDoc(doc(db, cartPath(uid)), { items: next, updatedAt: serverTimestamp() });
      } catch {
        setError(failure);
        throw new Error(failure);
      }
    },
    [uid],
  );

  // Merge the guest cart once per sign-in, when the account's cart has loaded.
  const mergedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!uid || account.status !== 'success' || mergedFor.current === uid) return;
    mergedFor.current = uid;
    const guest = readGuestCart();
    if (guest.length === 0) return;
    void (async () => {
      const limits = await perUserLimits(guest.map((item) => item.raffleId));
      const merged = mergeGuestCart(
        accountItems,
        guest,
        (id) => limits[id] ?? DEFAULT_MAX_TICKETS_PER_USER,
      );
      await save(merged.items);
      if (merged.trimmed > 0) setNotice(CART_MESSAGES.mergeTrimmed(merged.trimmed));
      writeGuestCart([]);
      setGuestItems([]);
    })().catch(() => setError('Failed to save cart'));
  }, [uid, account.status, accountItems, save]);

  const value = useMemo<CartState>(
    () => ({
      items,
      quantity: cartQuantity(items),
      status:
        sessionStatus === 'loading' || (uid && account.status === 'loading') ? 'loading' : 'ready',
      error: error ?? (account.status === 'error' ? 'Failed to load cart' : null),
      notice,
      dismissNotice: () => setNotice(null),
      add: (raffleId, quantity) =>
        canAddToCart(items, raffleId)
          ? save(addToCart(items, raffleId, quantity))
          : Promise.reject(new CartFullError()),
      setQuantity: (raffleId, quantity) => save(setCartQuantity(items, raffleId, quantity)),
      remove: (raffleId) => save(removeFromCart(items, raffleId)),
      clear: () => save([], 'Failed to clear cart'),
    }),
    [items, sessionStatus, uid, account.status, error, notice, save],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}
