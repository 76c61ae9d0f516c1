import {
  CALLABLES,
  PROTECTION_MESSAGES,
  breakEnd,
  checkoutSessionsCollection,
  protectionPath,
  type StartPlayBreakOutput,
} from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { releaseReservation } from '../services/checkout/release';
import { notifyUser } from '../services/notifications/notify';
import { protectionFrom } from '../services/protection/protection';

/**
 * Starts a break from play: checkout (and marketing e-mail) stop until it ends. A break can
 * be made longer but never shorter or lifted early; open checkouts are cancelled at once.
 */
export const startPlayBreak = onCallable(
  CALLABLES.startPlayBreak,
  async ({ period }, caller): Promise<StartPlayBreakOutput> => {
    const now = new Date();
    const ref = db.doc(protectionPath(caller.uid));
    const result = await db.runTransaction(async (tx) => {
      const current = protectionFrom(await tx.get(ref));
      const permanent = current.breakPermanent || period === 'permanent';
      const active = current.breakUntil && current.breakUntil > now ? current.breakUntil : null;
      const breakUntil = permanent ? null : breakEnd(period, now, active);
      tx.set(ref, { ...current, breakPermanent: permanent, breakUntil, updatedAt: now });
      return { permanent, breakUntil };
    });
    const open = await db
      .collection(checkoutSessionsCollection)
      .where('userId', '==', caller.uid)
      .where('status', '==', 'pending')
      .get();
    await Promise.all(open.docs.map((doc) => releaseReservation(db, doc.id, 'cancelled', now)));
    const message = PROTECTION_MESSAGES.breakStarted(result.breakUntil);
    await notifyUser(
      db,
      caller.uid,
      { type: 'account', kind: 'account', title: 'Your break from play', message },
      { email: { subject: 'Your break from play has started', text: message, always: true } },
      now,
    );
    return {
      breakUntil: result.breakUntil?.toISOString() ?? null,
      permanent: result.permanent,
      message,
    };
  },
);
