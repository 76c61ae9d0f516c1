import {
  CALLABLES,
  PROTECTION_MESSAGES,
  breakEnd,
  protectionPath,
  type StartPlayBreakOutput,
} from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { profileRef } from '../lib/collections';
import { db } from '../lib/firebase';
import { moveCheckoutLock, releaseOpenCheckouts } from '../services/checkout/release';
import { notifyUser } from '../services/notifications/notify';
import { protectionFrom } from '../services/protection/protection';
import { carryControlsPastDeletion } from '../services/protection/selfExclusion';

/** How much later a break must end before the customer is told of it again. */
const NOTICE_MOVE_MS = 60 * 60 * 1000;

/**
 * Starts a break from play: checkout (and marketing e-mail) stop until it ends. A break can
 * be made longer but never shorter or lifted early; open checkouts are cancelled at once, and
 * one being reserved at this moment is refused (the checkout lock moves with the break).
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
      const protection = { ...current, breakPermanent: permanent, breakUntil, updatedAt: now };
      tx.set(ref, protection);
      moveCheckoutLock(tx, db, caller.uid, now);
      // Told when it starts, becomes permanent or ends at least an hour later: not for a
      // repeat that moves its end by moments (every call would otherwise e-mail).
      const told =
        !current.breakPermanent &&
        (permanent ||
          !active ||
          (breakUntil !== null && breakUntil.getTime() - active.getTime() >= NOTICE_MOVE_MS));
      return { permanent, breakUntil, protection, told };
    });
    // Open checkouts first: every step before their pages close leaves one payable during the
    // break (paid then, it is honoured as paid before the stop), and the step below may fail.
    await releaseOpenCheckouts(db, caller.uid, 'playBreak', now);
    // The break is kept against the address at once, not only when the account is deleted:
    // an account deleted through Firebase Auth's own API, or a new one with the same address,
    // stays on it.
    const email = (await profileRef(db, caller.uid).get()).data()?.email;
    if (typeof email === 'string') {
      await carryControlsPastDeletion(db, result.protection, [email], now);
    }
    const message = PROTECTION_MESSAGES.breakStarted(result.breakUntil);
    if (result.told) {
      await notifyUser(
        db,
        caller.uid,
        { type: 'account', kind: 'account', title: 'Your break from play', message },
        { email: { subject: 'Your break from play has started', text: message, always: true } },
        now,
      );
    }
    return {
      breakUntil: result.breakUntil?.toISOString() ?? null,
      permanent: result.permanent,
      message,
    };
  },
);
