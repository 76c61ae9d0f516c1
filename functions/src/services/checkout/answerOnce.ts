import { ineligiblePath, ticketsCollection } from '@rafflewin/domain';
import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { answerCheckRef } from '../../lib/collections';

/**
 * Whether `uid` already answered the raffle's question wrongly before the site refused wrong
 * answers: a ticket of theirs in it is marked as left out of the draw for it (fulfilment's
 * `ineligible` record, by ticket number). Read in `tx`.
 */
async function answeredWronglyBefore(
  tx: Transaction,
  db: Firestore,
  raffleId: string,
  uid: string,
): Promise<boolean> {
  const owned = await tx.get(
    db
      .collection(ticketsCollection)
      .where('userId', '==', uid)
      .where('raffleId', '==', raffleId)
      .select('ticketNumber'),
  );
  if (owned.empty) return false;
  const marks = await tx.getAll(
    ...owned.docs.map((ticket) =>
      db.collection(ineligiblePath(raffleId)).doc(String(ticket.get('ticketNumber'))),
    ),
  );
  return marks.some((mark) => mark.exists);
}

/**
 * Where the site refuses wrong answers: whether this answer lets `uid` enter the raffle. The
 * customer's first wrong answer to the raffle's question is final (online and by post alike),
 * so the options cannot be tried one after another; one given before the site began refusing
 * wrong answers (its ticket left out of the draw) counts too. Each check writes the customer's
 * record in a transaction, so answers sent at once are judged in turn: one wrong answer before
 * a right one shuts it out, as if they had been sent one by one.
 */
export async function answerLetsIn(
  db: Firestore,
  raffleId: string,
  uid: string,
  correct: boolean,
  now = new Date(),
): Promise<boolean> {
  const ref = answerCheckRef(db, raffleId, uid);
  return db.runTransaction(async (tx) => {
    const earlier = (await tx.get(ref)).data();
    if (earlier?.wrongAt) return false;
    const wrongBefore = !earlier && (await answeredWronglyBefore(tx, db, raffleId, uid));
    tx.set(ref, { id: uid, wrongAt: correct && !wrongBefore ? null : now, checkedAt: now });
    return correct && !wrongBefore;
  });
}
