import {
  ShopError,
  MAX_SHARD_SIZE,
  instantPrizesProblem,
  PICK_MESSAGES,
  RAFFLE_MESSAGES,
  perUserLimit,
  planPoolResize,
  poolCovers,
  pruneHolds,
  rafflesCollection,
  shardLayout,
  type RaffleData,
  type RaffleOffReason,
  type SaveRaffleOutput,
  type saveRaffleInput,
} from '@rafflewin/domain';
import type { Firestore } from 'firebase-admin/firestore';
import type { z } from 'zod';
import type { Caller } from '../../lib/access';
import { recordAudit } from '../admin/audit';
import { refuseIfChangedSince } from '../admin/editVersions';
import {
  assertInstantWinsMinority,
  isLiveForMajority,
  readInstantPrizesIn,
} from '../instantWins/instantWins';
import { shardCount, shardRef } from '../pool/shards';
import {
  assertMayBeLive,
  editableFields,
  needsQuestion,
  postalEntryAddressSet,
  raffleRef,
  readPoolIn,
  readRaffle,
  ticketsTakenFrom,
} from './raffleRecords';
import { releaseCheckoutsHolding, releaseCheckoutsPastMax } from '../checkout/release';

type SaveRaffle = z.output<typeof saveRaffleInput>;
/** What is stored of the form: all but the raffle's id and the edit's precondition. */
type RaffleFields = Omit<SaveRaffle, 'raffleId' | 'seenUpdatedAt'>;

/**
 * Creates a raffle with its ticket pool and its audit entry in one transaction, so a raffle
 * never exists without a pool. A free raffle is live from the start when the postal entry
 * address is set; a paid one is saved switched off, as it cannot have its skill question yet.
 * The answer says which, so the console need not guess.
 */
async function createRaffle(
  db: Firestore,
  admin: Caller,
  fields: RaffleFields,
  now: Date,
): Promise<SaveRaffleOutput> {
  const ref = db.collection(rafflesCollection).doc();
  return db.runTransaction(async (tx) => {
    const offReason: RaffleOffReason | null = !(await postalEntryAddressSet(tx, db))
      ? 'no-postal-address'
      : needsQuestion(fields)
        ? 'no-question'
        : null;
    const raffle = newRaffle(fields, offReason === null, now);
    tx.create(ref, raffle);
    for (const shard of shardLayout(raffle.maxTickets, shardCount())) {
      tx.create(shardRef(db, ref.id, shard.index), { ...shard, sold: 0, holds: {} });
    }
    recordAudit(
      db,
      tx,
      admin,
      { action: 'raffle.create', target: ref.path, before: null, after: raffle },
      now,
    );
    return { id: ref.id, created: true, active: raffle.active, offReason };
  });
}

function newRaffle(fields: RaffleFields, active: boolean, now: Date): RaffleData {
  return {
    ...fields,
    startDate: new Date(fields.startDate),
    endDate: new Date(fields.endDate),
    soldTickets: 0,
    reservedTickets: 0,
    active,
    createdAt: now,
    updatedAt: now,
    cancelledAt: null,
    // The draw's commitment is published by onRaffleWritten as soon as the raffle exists.
    drawCommitment: null,
    drawStatus: 'pending',
    // Set afterwards, before sales, under Instant Prizes (saveInstantPrizes).
    instantPrizes: [],
    instantWinCommitment: null,
  };
}

/** True when `fields` would change what the raffle sold its tickets on (or when it sells). */
function changesTerms(raffle: RaffleData, fields: RaffleFields): boolean {
  return (
    fields.ticketPrice !== raffle.ticketPrice ||
    fields.maxTickets !== raffle.maxTickets ||
    fields.maxTicketsPerUser !== raffle.maxTicketsPerUser ||
    fields.category !== raffle.category ||
    fields.numberPicking !== raffle.numberPicking ||
    fields.closeOnSellOut !== raffle.closeOnSellOut ||
    toMinute(new Date(fields.startDate)) !== toMinute(raffle.startDate) ||
    toMinute(new Date(fields.endDate)) !== toMinute(raffle.endDate) ||
    bundlesKey(fields.bundles) !== bundlesKey(raffle.bundles)
  );
}

/** The console's form shows and sends dates to the minute. */
const toMinute = (date: Date) => Math.floor(date.getTime() / 60_000);
const bundlesKey = (bundles: RaffleData['bundles']) =>
  bundles.map(({ tickets, price }) => `${tickets}:${price}`).join(',');

/**
 * Edits a raffle. Once any ticket is sold or held, the closing date is fixed (it may come
 * earlier, never later), the raffle stays free or paid, and the maximum cannot drop below the
 * tickets taken. A new maximum resizes the pool in the same transaction: added tickets become
 * new shards, removed ones come off unsold, unheld room, so no sold or reserved ticket is ever
 * touched. Buyers write the pool with preconditions, so a purchase racing this edit retries
 * against the new pool. Once saved, the open checkouts of each customer the maximum per person
 * leaves over it are released (releaseCheckoutsPastMax).
 */
async function updateRaffle(
  db: Firestore,
  admin: Caller,
  raffleId: string,
  fields: RaffleFields,
  seenUpdatedAt: number | null | undefined,
  now: Date,
): Promise<SaveRaffleOutput> {
  const saved = await db.runTransaction(async (tx) => {
    const ref = raffleRef(db, raffleId);
    const raffle = readRaffle(await tx.get(ref));
    if (raffle.cancelledAt)
      throw new ShopError('failed-precondition', RAFFLE_MESSAGES.cancelledNoEdit);
    refuseIfChangedSince(raffle.updatedAt, seenUpdatedAt, RAFFLE_MESSAGES.changedSinceOpened);
    // Drawn (or closed with no entries): nothing may put it back on sale or change its terms.
    if (raffle.drawStatus !== 'pending' && changesTerms(raffle, fields)) {
      throw new ShopError('failed-precondition', RAFFLE_MESSAGES.drawnNoEdit);
    }
    // Instant prizes need numbers issued at random (offersNumberPicking); a raffle saved with
    // both before that rule may keep its setting, which offers no picking.
    if (fields.numberPicking && !raffle.numberPicking && raffle.instantPrizes.length > 0) {
      throw new ShopError('failed-precondition', RAFFLE_MESSAGES.pickingWithInstantPrizes);
    }
    const shards = await readPoolIn(tx, db, raffleId);
    if (raffle.active) await assertMayBeLive(tx, db, raffleId, fields);
    const taken = ticketsTakenFrom(raffle, shards, now);
    const endDate = new Date(fields.endDate);
    // A new end date can take the raffle in or out of the live ones (the majority rule).
    const liveBefore = isLiveForMajority(raffle, now);
    const liveAfter = isLiveForMajority({ ...raffle, endDate }, now);
    const instant = raffle.instantPrizes.length > 0;
    if (liveBefore !== liveAfter && instant === liveAfter) {
      await assertInstantWinsMinority(tx, db, raffleId, now, liveAfter);
    }
    if (taken > 0 && endDate.getTime() > raffle.endDate.getTime()) {
      throw new ShopError('failed-precondition', RAFFLE_MESSAGES.endDateFixed);
    }
    if (taken > 0 && (fields.category === 'free') !== (raffle.category === 'free')) {
      throw new ShopError('failed-precondition', RAFFLE_MESSAGES.freeFixed);
    }
    // A pool from before shards were capped at MAX_SHARD_SIZE cannot show a board a page at a
    // time (its shards' number lists could outgrow a document).
    if (fields.numberPicking && shards.some((shard) => shard.size > MAX_SHARD_SIZE)) {
      throw new ShopError('failed-precondition', PICK_MESSAGES.poolTooCoarse);
    }
    // Instant prizes sit on ticket numbers: the maximum cannot drop below one of them (and a
    // resized pool must still sell each one, below).
    const prizes =
      fields.maxTickets === raffle.maxTickets
        ? []
        : ((await readInstantPrizesIn(tx, db, raffle)) ?? []);
    if (fields.maxTickets < raffle.maxTickets) {
      const problem = instantPrizesProblem(prizes, fields.maxTickets);
      if (problem) throw new ShopError('failed-precondition', problem);
    }
    if (fields.maxTickets < taken) {
      throw new ShopError('failed-precondition', RAFFLE_MESSAGES.maxBelowTaken(taken));
    }
    if (shards.length === 0) {
      // A raffle from before pools were created with the raffle: it gets one now.
      for (const shard of shardLayout(fields.maxTickets, shardCount())) {
        tx.create(shardRef(db, raffleId, shard.index), { ...shard, sold: 0, holds: {} });
      }
    } else {
      const plan = planPoolResize(shards, fields.maxTickets, now, shardCount());
      if (!plan) throw new ShopError('failed-precondition', RAFFLE_MESSAGES.maxBelowTaken(taken));
      // A smaller pool keeps every sold number, so it can leave gaps: an instant prize's number
      // must stay on sale, or the prize could never be won.
      const cut = prizes.find((prize) => !poolCovers(shards, plan, prize.ticketNumber));
      if (cut) {
        throw new ShopError(
          'failed-precondition',
          RAFFLE_MESSAGES.prizeNumberCut(cut.ticketNumber),
        );
      }
      for (const { index, size } of plan.resized) {
        const shard = shards.find((s) => s.index === index)!;
        tx.update(shardRef(db, raffleId, index), { size, holds: pruneHolds(shard.holds, now) });
      }
      for (const shard of plan.added) {
        tx.create(shardRef(db, raffleId, shard.index), { ...shard, sold: 0, holds: {} });
      }
    }
    const changes = {
      ...fields,
      startDate: new Date(fields.startDate),
      endDate,
      updatedAt: now,
    };
    tx.update(ref, changes);
    recordAudit(
      db,
      tx,
      admin,
      {
        action: 'raffle.update',
        target: ref.path,
        before: editableFields(raffle),
        after: { ...editableFields({ ...raffle, ...changes }) },
      },
      now,
    );
    // An edit leaves the switch as it was.
    return { id: raffleId, created: false, active: raffle.active, offReason: null };
  });
  // A lower maximum per person reaches the checkouts already open; saved again, it releases
  // any that a failed release left (none are over it otherwise: every route keeps to it).
  await releaseCheckoutsPastMax(db, raffleId, perUserLimit(fields), now);
  return saved;
}

/** `saveRaffle`: creates (`raffleId` null) or edits a raffle, audited. */
export function saveRaffle(
  db: Firestore,
  admin: Caller,
  { raffleId, seenUpdatedAt, ...fields }: SaveRaffle,
  now = new Date(),
): Promise<SaveRaffleOutput> {
  return raffleId
    ? updateRaffle(db, admin, raffleId, fields, seenUpdatedAt, now)
    : createRaffle(db, admin, fields, now);
}

/**
 * The Status toggle; a cancelled raffle cannot be switched on again. Switched off, it sells
 * nothing more: checkouts still holding its tickets are released and their pages closed.
 */
export async function setRaffleActive(
  db: Firestore,
  admin: Caller,
  raffleId: string,
  active: boolean,
  now = new Date(),
): Promise<void> {
  await db.runTransaction(async (tx) => {
    const ref = raffleRef(db, raffleId);
    const raffle = readRaffle(await tx.get(ref));
    if (active && raffle.cancelledAt) {
      throw new ShopError('failed-precondition', RAFFLE_MESSAGES.cancelledNoActivate);
    }
    if (active) await assertMayBeLive(tx, db, raffleId, raffle);
    const instant = raffle.instantPrizes.length > 0;
    if (active && !raffle.active && instant) {
      await assertInstantWinsMinority(tx, db, raffleId, now);
    }
    // A raffle without instant prizes leaving the live ones raises their share.
    if (!active && !instant && isLiveForMajority(raffle, now)) {
      await assertInstantWinsMinority(tx, db, raffleId, now, false);
    }
    tx.update(ref, { active, updatedAt: now });
    recordAudit(
      db,
      tx,
      admin,
      {
        action: active ? 'raffle.activate' : 'raffle.deactivate',
        target: ref.path,
        before: { active: raffle.active },
        after: { active },
      },
      now,
    );
  });
  if (!active) await releaseCheckoutsHolding(db, raffleId, now);
}
