import {
  isOnBreak,
  selfExclusionSchema,
  selfExclusionsCollection,
  type Protection,
  limitStandingOn,
  withCarriedBreak,
  withMonthSpend,
  withMovedSpend,
  type MonthSpend,
  type SelfExclusion,
} from '@rafflewin/domain';
import { logger } from 'firebase-functions/v2';
import type { Firestore } from 'firebase-admin/firestore';
import { createHmac } from 'node:crypto';
import { converterFor } from '../../lib/firestore';

const converter = converterFor(selfExclusionSchema);

/**
 * The keyed hash an address is kept under: HMAC-SHA256 with SELF_EXCLUSION_KEY, so the
 * collection cannot be turned back into addresses by hashing a list of them.
 */
export function addressKey(email: string): string {
  const key = process.env.SELF_EXCLUSION_KEY;
  if (!key) logger.error('SELF_EXCLUSION_KEY is not set: self-exclusions are keyed weakly');
  return createHmac('sha256', key || 'rafflewin-self-exclusion')
    .update(email.trim().toLowerCase())
    .digest('hex');
}

const exclusionRef = (db: Firestore, email: string) =>
  db.collection(selfExclusionsCollection).doc(addressKey(email)).withConverter(converter);

/** The breaks carried by each address (same order, null for none), read with one `getAll`. */
export async function carriedBreaks(
  db: Firestore,
  emails: ReadonlyArray<string | null | undefined>,
): Promise<Array<SelfExclusion | null>> {
  const keyed = emails.flatMap((email, index) => (email ? [{ email, index }] : []));
  const carried: Array<SelfExclusion | null> = emails.map(() => null);
  if (keyed.length === 0) return carried;
  const records = await db.getAll(...keyed.map(({ email }) => exclusionRef(db, email)));
  keyed.forEach(({ index }, at) => {
    // One converter reads them all; getAll's typing does not carry it.
    const record = records[at]!.data() as (SelfExclusion & { id: string }) | undefined;
    if (!record) return;
    const { id: _id, ...rest } = record;
    carried[index] = rest;
  });
  return carried;
}

/** The break and the limit an address carries from a deleted account, if any. */
export async function carriedControls(
  db: Firestore,
  email: string | null | undefined,
): Promise<SelfExclusion | null> {
  if (!email) return null;
  const record = (await exclusionRef(db, email).get()).data();
  if (!record) return null;
  const { id: _id, ...carried } = record;
  return carried;
}

/**
 * Keeps an account's play break and spending limit against its addresses (when a break starts,
 * when the address changes, and when the account is deleted), so a new account with any of
 * them is on the same break and starts from the same limit. Breaks already over are not kept.
 * On deletion, `spent` is what the account spent this month, kept with its uid's keyed hash;
 * on a change of address, `moved` is what the old address carried this month, which goes too.
 */
export async function carryControlsPastDeletion(
  db: Firestore,
  protection: Protection,
  emails: string[],
  now: Date,
  spent?: { uid: string; total: number; creditCard: number },
  moved: MonthSpend | null = null,
): Promise<void> {
  const onBreak = protection.breakPermanent || isOnBreak(protection, now);
  const spendMoves = withMovedSpend(null, moved, now) !== null;
  if (!onBreak && protection.limitChosenAt === null && !spendMoves) return;
  const own = onBreak ? protection : { ...protection, breakPermanent: false, breakUntil: null };
  await Promise.all(
    emails.map(async (email) => {
      // An earlier account's break on the same address may be the stricter one: it is kept.
      // Its limit is kept only while this account has chosen none.
      const earlier = await carriedControls(db, email);
      const kept = withCarriedBreak(own, earlier);
      await exclusionRef(db, email).set({
        id: addressKey(email),
        breakPermanent: kept.breakPermanent,
        breakUntil: kept.breakPermanent ? null : kept.breakUntil,
        ...limitStandingOn(protection, earlier, now),
        monthSpend: spent
          ? withMonthSpend(earlier?.monthSpend ?? null, addressKey(spent.uid), spent, now)
          : withMovedSpend(earlier?.monthSpend ?? null, moved, now),
        recordedAt: now,
      });
    }),
  );
}
