import {
  ShopError,
  DONATION_MESSAGES,
  WINNER_MESSAGES,
  charityDonationsCollection,
  winnersCollection,
} from '@rafflewin/domain';
import type { DocumentData, Firestore } from 'firebase-admin/firestore';
import type { Caller } from '../../lib/access';
import { recordAudit } from './audit';

interface ContentTarget {
  /** The collection, e.g. `winners`. */
  collection: string;
  /** Names the audit action: `${entity}.create`, `.update` or `.delete`. */
  entity: string;
  /** Said when an update or delete names a document that does not exist. */
  notFound: string;
}

/** The public content administrators edit from the shop's own pages. */
export const CONTENT = {
  winners: { collection: winnersCollection, entity: 'winner', notFound: WINNER_MESSAGES.notFound },
  donations: {
    collection: charityDonationsCollection,
    entity: 'donation',
    notFound: DONATION_MESSAGES.notFound,
  },
} satisfies Record<string, ContentTarget>;

/**
 * Adds (`id` null) or replaces an administrator-managed document, with its audit entry, in
 * one transaction. Updating a document that no longer exists is refused, not re-created.
 */
export async function saveContent(
  db: Firestore,
  admin: Caller,
  target: ContentTarget,
  id: string | null,
  data: DocumentData,
): Promise<{ id: string; created: boolean }> {
  return db.runTransaction(async (tx) => {
    const collection = db.collection(target.collection);
    const ref = id ? collection.doc(id) : collection.doc();
    const before = id ? await tx.get(ref) : null;
    if (before && !before.exists) throw new ShopError('not-found', target.notFound);
    tx.set(ref, data);
    recordAudit(db, tx, admin, {
      action: `${target.entity}.${before ? 'update' : 'create'}`,
      target: ref.path,
      before: before?.data() ?? null,
      after: data,
    });
    return { id: ref.id, created: !before };
  });
}

/** Deletes an administrator-managed document, with its audit entry, in one transaction. */
export async function deleteContent(
  db: Firestore,
  admin: Caller,
  target: ContentTarget,
  id: string,
): Promise<void> {
  await db.runTransaction(async (tx) => {
    const ref = db.collection(target.collection).doc(id);
    const before = await tx.get(ref);
    if (!before.exists) throw new ShopError('not-found', target.notFound);
    tx.delete(ref);
    recordAudit(db, tx, admin, {
      action: `${target.entity}.delete`,
      target: ref.path,
      before: before.data() ?? null,
      after: null,
    });
  });
}
