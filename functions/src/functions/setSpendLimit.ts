import {
  CALLABLES,
  PROTECTION_MESSAGES,
  SPEND_LIMIT_RAISE_DELAY_MS,
  effectiveLimit,
  isRaise,
  limitStandingOn,
  protectionPath,
  type Protection,
  type SetSpendLimitOutput,
  isShoppersOwn,
} from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { moveCheckoutLock, releaseOpenCheckouts } from '../services/checkout/release';
import { profileRef } from '../lib/collections';
import { pastLimit, protectionFrom } from '../services/protection/protection';
import { carriedControls } from '../services/protection/selfExclusion';

/**
 * Sets the customer's monthly spending limit (any amount from £0, or none). The first choice
 * and any lowering apply at once; a raise applies only after 24 hours. A first choice starts
 * from the limit kept against the customer's address by a deleted account, if any: above it,
 * it is a raise. A limit that applies at once moves the checkout lock (reserve.ts), so a
 * checkout of this customer whose limits were checked against the old one and commits after
 * this fails and checks again; and if the month (orders and open checkouts) is then past it, the
 * customer's open checkouts are released and their pages closed, as a play break does.
 */
export const setSpendLimit = onCallable(
  CALLABLES.setSpendLimit,
  async ({ monthlyLimit }, caller): Promise<SetSpendLimitOutput> => {
    const now = new Date();
    const ref = db.doc(protectionPath(caller.uid));
    const email = (await profileRef(db, caller.uid).get()).data()?.email;
    const carried = await carriedControls(db, email);
    const { output, atOnce } = await db.runTransaction(async (tx) => {
      const own = protectionFrom(await tx.get(ref));
      const current = { ...own, ...limitStandingOn(own, carried, now) };
      const inForce = effectiveLimit(current, now);
      const delayed = current.limitChosenAt !== null && isRaise(inForce, monthlyLimit);
      const next: Protection = delayed
        ? {
            ...current,
            monthlyLimit: inForce,
            limitChosenAt: own.limitChosenAt ?? now,
            pendingRaise: {
              limit: monthlyLimit,
              from: new Date(now.getTime() + SPEND_LIMIT_RAISE_DELAY_MS),
            },
            updatedAt: now,
          }
        : {
            ...current,
            monthlyLimit,
            limitChosenAt: own.limitChosenAt ?? now,
            pendingRaise: null,
            updatedAt: now,
          };
      tx.set(ref, next);
      if (!delayed) moveCheckoutLock(tx, db, caller.uid, now);
      return {
        atOnce: !delayed,
        output: {
          monthlyLimit: next.monthlyLimit,
          pendingFrom: next.pendingRaise?.from.toISOString() ?? null,
          message: next.pendingRaise
            ? PROTECTION_MESSAGES.limitRaised(next.pendingRaise.from)
            : PROTECTION_MESSAGES.limitLowered,
        },
      };
    });
    if (atOnce && (await pastLimit(db, caller.uid, now))) {
      await releaseOpenCheckouts(db, caller.uid, 'spendLimit', now, isShoppersOwn);
    }
    return output;
  },
);
