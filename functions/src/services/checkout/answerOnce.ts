import type { Firestore } from 'firebase-admin/firestore';
import { answerCheckRef } from '../../lib/collections';

/**
 * Where the site refuses wrong answers: whether this answer lets `uid` enter the raffle. The
 * customer's first wrong answer to the raffle's question is final (online and by post alike),
 * so the options cannot be tried one after another. Each check writes the customer's record in
 * a transaction, so answers sent at once are judged in turn: one wrong answer before a right
 * one shuts it out, as if they had been sent one by one.
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
    tx.set(ref, { id: uid, wrongAt: correct ? null : now, checkedAt: now });
    return correct;
  });
}
