import type { DocumentReference, Firestore, Query, WriteBatch } from 'firebase-admin/firestore';

/** Firestore's limit on writes in one batch. */
export const MAX_BATCH_WRITES = 500;

/**
 * Applies `write` to every document `query` matches, a page of at most 500 documents and one
 * batch at a time (never holding more than a page in memory), until no document matches.
 * Each write must take its document out of the query (a delete, or an update of the field the
 * query filters on), otherwise this would never end. Returns how many documents it wrote.
 */
export async function writeInPages(
  db: Firestore,
  query: Query,
  write: (batch: WriteBatch, ref: DocumentReference) => void,
): Promise<number> {
  let written = 0;
  for (;;) {
    const page = await query.select().limit(MAX_BATCH_WRITES).get();
    if (page.empty) return written;
    const batch = db.batch();
    for (const doc of page.docs) write(batch, doc.ref);
    await batch.commit();
    written += page.size;
    if (page.size < MAX_BATCH_WRITES) return written;
  }
}

/** Deletes every document `query` matches, in batches. Returns how many it deleted. */
export function deleteInPages(db: Firestore, query: Query): Promise<number> {
  return writeInPages(db, query, (batch, ref) => batch.delete(ref));
}
