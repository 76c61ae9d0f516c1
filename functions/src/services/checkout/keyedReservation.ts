import { ShopError, isRefusal, type CheckoutSession, type CheckoutStatus } from '@rafflewin/domain';
import type { Firestore } from 'firebase-admin/firestore';
import { createHash } from 'node:crypto';
import { readSession, sessionRef } from './sessions';

/** A reservation that holds nothing any more: a request's next try reserves afresh. */
const GIVEN_BACK = new Set<CheckoutStatus>(['expired', 'cancelled']);

/** A document id derived from an administrator's request key: the same on every try. */
export function keyedId(scope: string, requestId: string, turn = 0): string {
  return createHash('sha256').update(`${scope}:${requestId}:${turn}`).digest('hex').slice(0, 28);
}

/**
 * The reservation of an administrator's request sent under a key (a form's `requestId`, kept
 * for a second press or a retry after a lost answer): its reservations are named in turn from
 * the key, and the first not given back is the request's (`earlier`, which a retry carries on
 * with rather than enter the tickets again); else `sessionId` is the id its next one takes.
 */
export interface KeyedReservation {
  sessionId: string;
  earlier: CheckoutSession | null;
}

export async function keyedReservation(
  db: Firestore,
  scope: string,
  requestId: string,
): Promise<KeyedReservation> {
  for (let turn = 0; ; turn += 1) {
    const sessionId = keyedId(scope, requestId, turn);
    const earlier = readSession(await sessionRef(db, sessionId).get());
    if (!earlier) return { sessionId, earlier: null };
    if (!GIVEN_BACK.has(earlier.status)) return { sessionId, earlier };
  }
}

/**
 * Reserves under a request's key (`keyed`; a fresh id without one) and answers the
 * reservation's id: an earlier try's that still holds its tickets is carried on with, and so is
 * the same request's other try that reserved a moment ago (pressed twice at once). Either must
 * be the same request (`sameRequest` throws if not): another request sent under the same key at
 * the same moment would otherwise be answered with the first one's tickets, its own never made.
 */
export async function reserveOnce(
  db: Firestore,
  keyed: KeyedReservation | null,
  sameRequest: (earlier: CheckoutSession) => void,
  reserve: (sessionId: string | undefined) => Promise<{ sessionId: string }>,
): Promise<string> {
  if (keyed?.earlier) {
    sameRequest(keyed.earlier);
    return keyed.sessionId;
  }
  try {
    return (await reserve(keyed?.sessionId)).sessionId;
  } catch (error) {
    if (!keyed || !isRefusal(error, 'reservation-exists')) throw error;
    const other = readSession(await sessionRef(db, keyed.sessionId).get());
    if (other) sameRequest(other);
    return keyed.sessionId;
  }
}

/**
 * Refuses a key sent again with other details than its first request's (`message`): the
 * first request stands, and nothing more is entered.
 */
export function refuseOtherRequest(
  earlier: Pick<CheckoutSession, 'userId' | 'items'>,
  request: { userId: string; raffleId: string; quantity: number },
  message: string,
): void {
  const [item] = earlier.items;
  if (
    earlier.userId !== request.userId ||
    earlier.items.length !== 1 ||
    item?.raffleId !== request.raffleId ||
    item.quantity !== request.quantity
  ) {
    throw new ShopError('failed-precondition', message, 'key-reused');
  }
}
