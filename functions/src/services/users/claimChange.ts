import {
  CLAIM_CHANGE_HOLD_MS,
  ShopError,
  USER_ADMIN_MESSAGES,
  claimChangeSchema,
  claimChangesCollection,
} from '@rafflewin/domain';
import { randomUUID } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions/v2';
import { converterFor } from '../../lib/firestore';
import { errorFields } from '../../lib/logging';

const claimChange = converterFor(claimChangeSchema);
const claimChangeRef = (db: Firestore, uid: string) =>
  db.collection(claimChangesCollection).doc(uid).withConverter(claimChange);

/**
 * Runs `change`, a read and write of the account's custom claims, as the only change of them
 * under way (`claimChanges/{uid}`): Auth writes the claims whole, so two at once would each
 * write back the claims they read and the later would undo the earlier. A change that finds
 * another holding them is refused at once ("try again"), not queued: the console's person sees
 * the other change when they reload the row. The hold ends when `change` does, or after
 * `CLAIM_CHANGE_HOLD_MS` if the function stopped mid-way.
 */
export async function asOnlyClaimChange<T>(
  db: Firestore,
  uid: string,
  change: () => Promise<T>,
): Promise<T> {
  const ref = claimChangeRef(db, uid);
  const holder = randomUUID();
  await db.runTransaction(async (tx) => {
    const held = (await tx.get(ref)).data();
    if (held && held.until > Date.now()) {
      throw new ShopError('aborted', USER_ADMIN_MESSAGES.busy);
    }
    tx.set(ref, { id: uid, holder, until: Date.now() + CLAIM_CHANGE_HOLD_MS });
  });
  try {
    return await change();
  } finally {
    // A hold that cannot be let go now ends with its time: the change's own answer (or
    // refusal) still goes back as it was.
    await db
      .runTransaction(async (tx) => {
        if ((await tx.get(ref)).data()?.holder === holder) tx.delete(ref);
      })
      .catch((error: unknown) =>
        logger.warn('A change of claims could not let go of its hold', {
          uid,
          ...errorFields(error),
        }),
      );
  }
}
