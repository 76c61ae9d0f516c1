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
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
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
  // What this tab last saved to the account's cart, shown until the listener answers anything
  // newer than it had then. A listener can miss the save: the Firestore emulator may stamp an
  // earlier answer later than the document's creation, and the SDK then drops the creation.
  const [saved, setSaved] = useState<{ uid: string; items: CartItem[]; over: unknown } | null>(
    null,
  );
  const listened = useRef<unknown>(account.data);
  useLayoutEffect(() => {
    listened.current = account.data;
  }, [account.data]);
  const accountItems = useMemo(
    () =>
      saved && saved.uid === uid && saved.over === account.data
        ? saved.items
        : parseCartItems(account.data?.items),
    [saved, uid, account.data],
  );
  const items = uid ? accountItems : guestItems;
  // Whose cart a change goes to: the owner as last shown. A caller may hold an older render's
  // cart (the skill question adds 500 ms after Submit), from before the account's cart arrived
  // and the browser's own was merged into it; a change it makes then must go to the account's
  // cart, not to the browser's, where nothing would ever merge it.
  const owner = useRef(uid);
  useLayoutEffect(() => {
    owner.current = uid;
    // Another sign-in's listener starts afresh: what an earlier one saved is no longer news.
    setSaved(null);
  }, [uid]);

  /**
   * Applies `update` to the cart of `cartOwner` (the account's), or of this browser (null), as
   * it is stored now: the account's in a transaction, so a change made before its listener
   * has answered, or on another device meanwhile, keeps the lines saved there.
   */
  const write = useCallback(
    async (
      cartOwner: string | null,
      update: (items: CartItem[]) => CartItem[],
      failure = 'Failed to save cart',
    ) => {
      setError(null);
      if (!cartOwner) {
        const next = update(readGuestCart());
        writeGuestCart(next);
        setGuestItems(next);
        return;
      }
      try {
        const { db, doc, runTransaction, serverTimestamp } = await loadFirestore();
        const ref = doc(db, cartPath(cartOwner));
        let next: CartItem[] = [];
        await runTransaction(db, async (tx) => {
          next = update(parseCartItems((await tx.get(ref)).data()?.items));
          tx.set(ref, { items: next, updatedAt: serverTimestamp() });
        });
        setSaved({ uid: cartOwner, items: next, over: listened.current });
      } catch (error) {
        // A full cart is the shopper's to hear about where they added (CART_MESSAGES.full).
        if (error instanceof CartFullError) throw error;
        setError(failure);
        throw new Error(failure);
      }
    },
    [],
  );
  /** Changes the cart of whoever is signed in now (see `owner`). */
  const change = useCallback(
    (update: (items: CartItem[]) => CartItem[], failure?: string) =>
      write(owner.current, update, failure),
    [write],
  );

  // Merge the guest cart once per sign-in, when the account's cart has loaded.
  const mergedFor = useRef<string | null>(null);
  useEffect(() => {
    // Signed out: a later sign-in in this tab merges what the guest adds meanwhile.
    if (!uid) mergedFor.current = null;
    if (!uid || account.status !== 'success' || mergedFor.current === uid) return;
    mergedFor.current = uid;
    const guest = readGuestCart();
    if (guest.length === 0) return;
    void (async () => {
      const limits = await perUserLimits(guest.map((item) => item.raffleId));
      let trimmed = 0;
      await write(uid, (stored) => {
        const merged = mergeGuestCart(
          stored,
          guest,
          (id) => limits[id] ?? DEFAULT_MAX_TICKETS_PER_USER,
        );
        trimmed = merged.trimmed;
        return merged.items;
      });
      if (trimmed > 0) setNotice(CART_MESSAGES.mergeTrimmed(trimmed));
      writeGuestCart([]);
      setGuestItems([]);
    })().catch(() => setError('Failed to save cart'));
  }, [uid, account.status, write]);

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
        change((now) => {
          if (!canAddToCart(now, raffleId)) throw new CartFullError();
          return addToCart(now, raffleId, quantity);
        }),
      setQuantity: (raffleId, quantity) =>
        change((now) => setCartQuantity(now, raffleId, quantity)),
      remove: (raffleId) => change((now) => removeFromCart(now, raffleId)),
      clear: () => change(() => [], 'Failed to clear cart'),
    }),
    [items, sessionStatus, uid, account.status, error, notice, change],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}
