import {
  ShopError,
  ACCOUNT_MESSAGES,
  MAX_PAYMENT_METHODS,
  paymentMethodSchema,
  paymentMethodsPath,
  parseDocument,
  type PaymentMethod,
  type PaymentMethodData,
} from '@rafflewin/domain';
import type { Firestore, QueryDocumentSnapshot, Transaction } from 'firebase-admin/firestore';

/** A card as recorded: everything but the default flag and the time, which are decided here. */
export type NewCard = Omit<PaymentMethodData, 'isDefault' | 'createdAt'>;

function readCard(snapshot: QueryDocumentSnapshot): PaymentMethod {
  return parseDocument(paymentMethodSchema, snapshot.data(), snapshot.id);
}

/**
 * Every card of a customer, read in the transaction. Firestore transactions are serializable,
 * so two requests changing the same customer's cards cannot both act on a stale list: the
 * default-card rules below hold under concurrency. There are at most MAX_PAYMENT_METHODS.
 */
async function readCards(db: Firestore, tx: Transaction, uid: string): Promise<PaymentMethod[]> {
  const snapshot = await tx.get(db.collection(paymentMethodsPath(uid)));
  return snapshot.docs.map(readCard);
}

/** Newest first. */
function byNewest(a: PaymentMethod, b: PaymentMethod): number {
  return b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id);
}

/**
 * Records a card. Exactly one card is the default: the first card added becomes it (and a
 * list that somehow has none gets one). A Stripe card already recorded (a retried request) is
 * answered as it is. `id` fixes the document id (Stripe's PaymentMethod id).
 */
export async function addCard(
  db: Firestore,
  uid: string,
  card: NewCard,
  id: string | null = null,
  now = new Date(),
): Promise<PaymentMethod> {
  const collection = db.collection(paymentMethodsPath(uid));
  const ref = id ? collection.doc(id) : collection.doc();
  return db.runTransaction(async (tx) => {
    const cards = await readCards(db, tx, uid);
    const existing = cards.find((c) => c.id === ref.id);
    if (existing) return existing;
    if (cards.length >= MAX_PAYMENT_METHODS) {
      throw new ShopError('resource-exhausted', ACCOUNT_MESSAGES.tooManyCards);
    }
    const data: PaymentMethodData = {
      ...card,
      isDefault: !cards.some((c) => c.isDefault),
      createdAt: now,
    };
    tx.create(ref, data);
    return { ...data, id: ref.id };
  });
}

/** Makes one card the default and every other card not, in one transaction. */
export async function setDefaultCard(db: Firestore, uid: string, id: string): Promise<void> {
  await db.runTransaction(async (tx) => {
    const cards = await readCards(db, tx, uid);
    if (!cards.some((c) => c.id === id)) {
      throw new ShopError('not-found', ACCOUNT_MESSAGES.cardNotFound);
    }
    for (const card of cards) {
      const isDefault = card.id === id;
      if (card.isDefault !== isDefault) {
        tx.update(db.collection(paymentMethodsPath(uid)).doc(card.id), { isDefault });
      }
    }
  });
}

/** The card a removal would take away, for detaching it from Stripe first. */
export async function findCard(db: Firestore, uid: string, id: string): Promise<PaymentMethod> {
  const snapshot = await db.collection(paymentMethodsPath(uid)).doc(id).get();
  if (!snapshot.exists) throw new ShopError('not-found', ACCOUNT_MESSAGES.cardNotFound);
  return parseDocument(paymentMethodSchema, snapshot.data(), snapshot.id);
}

/**
 * Removes a card. When the default goes, the newest remaining card becomes the default, in
 * the same transaction.
 */
export async function removeCard(db: Firestore, uid: string, id: string): Promise<void> {
  await db.runTransaction(async (tx) => {
    const cards = await readCards(db, tx, uid);
    const removed = cards.find((c) => c.id === id);
    if (!removed) throw new ShopError('not-found', ACCOUNT_MESSAGES.cardNotFound);
    const remaining = cards.filter((c) => c.id !== id).sort(byNewest);
    tx.delete(db.collection(paymentMethodsPath(uid)).doc(id));
    const next = remaining[0];
    if (next && !remaining.some((c) => c.isDefault)) {
      tx.update(db.collection(paymentMethodsPath(uid)).doc(next.id), { isDefault: true });
    }
  });
}
