/**
 * Promo codes on the server: administrators create and change them (audited), checkouts
 * apply them (reserve.ts holds a use with the tickets; release.ts gives it back).
 */
import {
  ShopError,
  refuseBelowCardMinimum,
  PROMO_MESSAGES,
  RAFFLE_MESSAGES,
  RATE_LIMITS,
  applyPromo,
  promoAvailability,
  promoBenefit,
  rafflePath,
  type CheckPromoCodeOutput,
  type PricedCartLine,
  type PromoCodeData,
  type PromoOutcome,
  type SavedContentOutput,
  type savePromoCodeInput,
} from '@rafflewin/domain';
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import type { z } from 'zod';
import type { Caller } from '../../lib/access';
import { promoCodeRef, promoCustomerRef } from '../../lib/collections';
import { recordAudit } from '../admin/audit';
import { refuseIfChangedSince } from '../admin/editVersions';
import { readReplaced, type Replaced } from '../checkout/sessions';
import { enforceRateLimit } from '../rateLimit';

type SavePromoCode = z.output<typeof savePromoCodeInput>;

/** Creates a code (refused if it exists) or changes one, keeping its uses. */
export async function savePromoCode(
  db: Firestore,
  admin: Caller,
  { create, code, seenUpdatedAt, ...fields }: SavePromoCode,
  now = new Date(),
): Promise<SavedContentOutput> {
  const ref = promoCodeRef(db, code);
  return db.runTransaction(async (tx) => {
    const [snapshot, raffles] = await Promise.all([
      tx.get(ref),
      fields.raffleIds.length > 0
        ? tx.getAll(...fields.raffleIds.map((raffleId) => db.doc(rafflePath(raffleId))))
        : [],
    ]);
    // A code names only raffles that exist.
    if (raffles.some((raffle) => !raffle.exists)) {
      throw new ShopError('not-found', RAFFLE_MESSAGES.notFound);
    }
    const before = snapshot.data();
    if (create && before) throw new ShopError('already-exists', PROMO_MESSAGES.exists);
    if (!create && !before) throw new ShopError('not-found', PROMO_MESSAGES.notFound);
    if (before) {
      refuseIfChangedSince(before.updatedAt, seenUpdatedAt, PROMO_MESSAGES.changedSinceOpened);
    }
    const after: PromoCodeData = {
      ...fields,
      startsAt: fields.startsAt ? new Date(fields.startsAt) : null,
      endsAt: fields.endsAt ? new Date(fields.endsAt) : null,
      uses: before?.uses ?? 0,
      createdAt: before?.createdAt ?? now,
      updatedAt: now,
    };
    tx.set(ref, after);
    recordAudit(
      db,
      tx,
      admin,
      {
        action: create ? 'promoCode.create' : 'promoCode.update',
        target: ref.path,
        before: before ?? null,
        after,
      },
      now,
    );
    return { id: code, created: create };
  });
}

/** Switches a code on or off. */
export async function setPromoCodeActive(
  db: Firestore,
  admin: Caller,
  code: string,
  active: boolean,
  now = new Date(),
): Promise<void> {
  const ref = promoCodeRef(db, code);
  await db.runTransaction(async (tx) => {
    const before = (await tx.get(ref)).data();
    if (!before) throw new ShopError('not-found', PROMO_MESSAGES.notFound);
    tx.update(ref, { active, updatedAt: now });
    recordAudit(
      db,
      tx,
      admin,
      {
        action: active ? 'promoCode.activate' : 'promoCode.deactivate',
        target: ref.path,
        before: { active: before.active },
        after: { active },
      },
      now,
    );
  });
}

/**
 * Counts a try of a code against the customer's allowance (checkPromoCode and a checkout with
 * a code alike), so codes cannot be guessed through either.
 */
export async function countPromoTry(db: Firestore, uid: string): Promise<void> {
  await enforceRateLimit(db, `check-promo-code:${uid}`, RATE_LIMITS.checkPromoCode);
}

/** A code as a checkout reads it: the code and this customer's uses, with their snapshots. */
export interface PromoRead {
  code: string;
  snapshot: DocumentSnapshot;
  customerSnapshot: DocumentSnapshot;
  data: PromoCodeData | undefined;
  customerUses: number;
}

export async function readPromo(db: Firestore, code: string, uid: string): Promise<PromoRead> {
  const [snapshot, customerSnapshot] = await Promise.all([
    promoCodeRef(db, code).get(),
    promoCustomerRef(db, code, uid).get(),
  ]);
  return {
    code,
    snapshot,
    customerSnapshot,
    data: snapshot.data(),
    customerUses: customerSnapshot.data()?.uses ?? 0,
  };
}

/** What a code does to a cart, with the code's terms it was worked out from. */
export type PromoOffer = PromoOutcome & { terms: PromoCodeData };

/** What the code does to these lines now, or the refusal the shopper reads. */
export function promoOutcome(promo: PromoRead, lines: PricedCartLine[], now: Date): PromoOffer {
  const refuse = (message: string) => new ShopError('failed-precondition', message, 'promo-code');
  if (!promo.data) throw refuse(PROMO_MESSAGES.notValid);
  const unavailable = promoAvailability(promo.data, promo.customerUses, now);
  if (unavailable) throw refuse(unavailable);
  const outcome = applyPromo(promo.data, lines);
  if ('problem' in outcome) throw refuse(outcome.problem);
  return { ...outcome, terms: promo.data };
}

/**
 * What the code does to a new checkout of `lines`, worked out as startCheckout will: it
 * releases the shopper's own unpaid checkouts (`replaced`) before it reserves, giving back their
 * uses of the code. Refuses a code that does not apply; the card minimum is the caller's to
 * check (refuseBelowCardMinimum, with the credit `replaced` leaves).
 */
export function promoAfterReplacing(
  promo: PromoRead,
  replaced: Replaced,
  lines: PricedCartLine[],
  now: Date,
): { offer: PromoOffer; total: number } {
  const held = replaced.open.filter((session) => session.promo?.code === promo.code).length;
  const uses = (count: number) => Math.max(0, count - held);
  const data = promo.data && { ...promo.data, uses: uses(promo.data.uses) };
  const offer = promoOutcome(
    { ...promo, data, customerUses: uses(promo.customerUses) },
    lines,
    now,
  );
  return { offer, total: lines.reduce((sum, line) => sum + line.total, 0) - offer.discount };
}

/**
 * `checkPromoCode`: what the code would do to the cart (shown at checkout, never trusted), to
 * a shopper back from the payment page too (promoAfterReplacing).
 */
export async function checkPromoCode(
  db: Firestore,
  uid: string,
  code: string,
  lines: PricedCartLine[],
  now = new Date(),
): Promise<CheckPromoCodeOutput> {
  const reading = readPromo(db, code, uid);
  const replaced = await readReplaced(db, uid, reading);
  const promo = await reading;
  const { offer, total } = promoAfterReplacing(promo, replaced, lines, now);
  refuseBelowCardMinimum(total, replaced.credit);
  return {
    code,
    benefit: promoBenefit(offer.terms.kind, offer.terms.value),
    discount: offer.discount,
    bonusTickets: offer.bonusTickets,
    bonusRaffleId: offer.bonusRaffleId,
    total,
  };
}
