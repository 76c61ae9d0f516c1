import {
  CHECKOUT_MESSAGES,
  refuseBelowCardMinimum,
  shardAvailable,
  shardsPath,
  startOfUkMonth,
  type Hold,
  offersNumberPicking,
} from '@rafflewin/domain';
import type { DocumentSnapshot, Firestore, QuerySnapshot } from 'firebase-admin/firestore';
import { holderRef, readHolder, readShard } from '../pool/shards';
import { checkPlayerProtection } from '../protection/protection';
import { promoAfterReplacing, readPromo, type PromoOffer } from '../promoCodes/promoCodes';
import { lineTotal, type PricedLine } from './loadCheckoutRaffles';
import { refuseClosed, refuseOverAvailable, refuseOverPerPerson, wantedTickets } from './room';
import { ownOpenCheckouts, readReplaced, type Replaced } from './sessions';

/**
 * The refusals a new checkout would meet once it has let the shopper's open ones go, asked
 * before they go, in the reservation's order: a promo code that does not apply, the
 * player-protection checks and a monthly limit the cart does not fit under, a card payment
 * under the minimum, then a line past the raffle's maximum per person or beyond the tickets
 * left; each worked out as if those checkouts were already gone (their code uses, their sum,
 * their account credit and their tickets given back). A refusal here leaves the earlier
 * checkout and its payment page as they were. The reservation checks everything again
 * (reserve.ts); what this cannot know still refuses after the release: another buyer's tickets
 * taken in between, which picked numbers are free, a raffle closed for its draw, and a page
 * found paid as it is closed (its tickets stay its buyer's).
 */
export async function refuseBeforeReplacing(
  db: Firestore,
  uid: string,
  lines: PricedLine[],
  promoCode: string | undefined,
  now: Date,
): Promise<void> {
  const priced = lines.map((line) => ({ raffleId: line.raffle.id, total: lineTotal(line) }));
  const reading = promoCode ? readPromo(db, promoCode, uid) : Promise.resolve(null);
  const replaced = await readReplaced(db, uid, reading);
  const promo = await reading;
  const promoted = promo ? promoAfterReplacing(promo, replaced, priced, now) : null;
  const total = promoted?.total ?? priced.reduce((sum, line) => sum + line.total, 0);
  // With nothing to release, the reservation's own refusal loses nothing.
  const room = replaced.open.length > 0 ? await readRoom(db, uid, lines) : null;
  // The open checkouts read again, once, after both the holds and the month's figure: one
  // another tab committed meanwhile (its session and its holds are one batch) is released too,
  // so its holds and its sum count as given back, never as kept.
  let reread: Promise<Replaced['open']> | undefined;
  const released = async () => {
    reread ??= ownOpenCheckouts(db, uid);
    return new Map([...replaced.open, ...(await reread)].map((session) => [session.id, session]));
  };
  await checkPlayerProtection(db, uid, total, now, async () =>
    spentThisMonth([...(await released()).values()], now),
  );
  refuseBelowCardMinimum(total, replaced.credit);
  if (room) refuseNoRoom(lines, promoted?.offer, room, new Set((await released()).keys()), now);
}

/** What checkouts spent this month, as the month's figure counts them (monthSpending). */
function spentThisMonth(sessions: Replaced['open'], now: Date): number {
  const since = startOfUkMonth(now).getTime();
  return sessions
    .filter((session) => session.createdAt.getTime() >= since)
    .reduce((sum, session) => sum + session.amount + session.creditApplied, 0);
}

type Room = [holder: DocumentSnapshot, pool: QuerySnapshot | null][];

/** Each line's holder and, unless the raffle has number picking, its pool's shards. */
function readRoom(db: Firestore, uid: string, lines: PricedLine[]): Promise<Room> {
  return Promise.all(
    lines.map(({ raffle }) =>
      Promise.all([
        holderRef(db, raffle.id, uid).get(),
        offersNumberPicking(raffle) ? null : db.collection(shardsPath(raffle.id)).get(),
      ]),
    ),
  );
}

/**
 * The lines' maximum per person and tickets left as the reservation counts them once the
 * shopper's open checkouts have given their tickets back, line by line in the cart's order, as
 * it refuses; a closed pool (a cancellation or a draw, never reopened) as it does.
 * A raffle with number picking is asked only for the maximum: which of its numbers are free is
 * the reservation's to find, and it answers for taken numbers first.
 */
function refuseNoRoom(
  lines: PricedLine[],
  offer: PromoOffer | undefined,
  room: Room,
  released: Set<string>,
  now: Date,
): void {
  const kept = (holds: Record<string, Hold>) =>
    Object.fromEntries(Object.entries(holds).filter(([sessionId]) => !released.has(sessionId)));
  for (const [i, line] of lines.entries()) {
    const [holder, pool] = room[i]!;
    const shards = pool?.docs.map(readShard) ?? [];
    refuseClosed(shards, line.raffle.id);
    const wanted = wantedTickets(line, offer);
    const owned = readHolder(holder);
    refuseOverPerPerson(wanted, { ...owned, holds: kept(owned.holds) }, now, CHECKOUT_MESSAGES);
    if (!pool) continue;
    // A pool not made yet has all the raffle's tickets (readOrCreatePool).
    const available =
      shards.length === 0
        ? line.raffle.maxTickets
        : shards.reduce(
            (sum, shard) => sum + shardAvailable({ ...shard, holds: kept(shard.holds) }, now),
            0,
          );
    refuseOverAvailable(wanted, available, CHECKOUT_MESSAGES);
  }
}
