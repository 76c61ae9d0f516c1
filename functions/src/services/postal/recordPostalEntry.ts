import {
  ShopError,
  postalEntrySchema,
  POSTAL_GRACE_HOURS,
  POSTAL_MESSAGES,
  POSTAL_REFUSALS_TO_CUSTOMER,
  formatPence,
  hasStarted,
  mailCollection,
  parseDocument,
  perUserLimit,
  postalEntriesCollection,
  questionsPath,
  raffleSchema,
  rafflePath,
  raffleSecretsCollection,
  userPath,
  usersCollection,
  type CheckoutSession,
  type PostalEntryData,
  type PostalRefusal,
  type Raffle,
  type RecordPostalEntryOutput,
  type recordPostalEntryInput,
  postalCreditId,
  postalCreditsCollection,
  SHOP_NAME_PLACEHOLDER,
} from '@rafflewin/domain';
import type { z } from 'zod';
import type { Auth } from 'firebase-admin/auth';
import { FieldValue, type DocumentReference, type Firestore } from 'firebase-admin/firestore';
import type { Caller } from '../../lib/access';
import { recordAudit } from '../admin/audit';
import { fulfilOrGiveBack } from '../checkout/fulfil';
import { ensureDrawCommitment } from '../draws/commitment';
import { isAlreadyExists } from '../../lib/firestore';
import {
  keyedId,
  keyedReservation,
  refuseOtherRequest,
  reserveOnce,
  type KeyedReservation,
} from '../checkout/keyedReservation';
import { reserveTickets } from '../checkout/reserve';
import { queuedMail } from '../mail/templates';
import { createUserDocuments, fromAuthUser } from '../users/createUserDocuments';
import { entryBar } from '../protection/protection';
import { barOf, entrantCheck } from '../tickets/entryTarget';
import { profileRef, raffleRef, readSiteSettings } from '../../lib/collections';
import { addressIsTheShops } from '../auth/accounts';
import { answerLetsIn } from '../checkout/answerOnce';

type PostalInput = z.output<typeof recordPostalEntryInput>;

const GRACE_MS = POSTAL_GRACE_HOURS * 60 * 60 * 1000;

/** Why a card was refused: as recorded and shown to the administrator, and as e-mailed. */
interface Refusal {
  reason: string;
  /** Null: the customer is not e-mailed. */
  toCustomer: string | null;
}

const refused = (refusal: PostalRefusal): Refusal => ({
  reason: POSTAL_MESSAGES[refusal],
  toCustomer: POSTAL_REFUSALS_TO_CUSTOMER[refusal],
});

/**
 * A ticket the checkout refused, in the customer's words. A passing refusal (the raffle busy,
 * the reservation lapsed) asks the administrator to try again, so the customer is not told.
 */
function ticketRefusalToCustomer(error: ShopError, raffle: Raffle): string | null {
  if (error.code === 'aborted' || error.reason === 'reservation-expired') return null;
  const why = error.reason === 'raffle-unavailable' ? error.extra?.why : undefined;
  // One ticket: "only N left" cannot refuse it, so any shortage is a sell-out.
  if (why === 'sold-out' || why === 'only-left') return POSTAL_REFUSALS_TO_CUSTOMER.soldOut;
  if (why === 'free-only-one') {
    return error.extra?.held === true
      ? POSTAL_REFUSALS_TO_CUSTOMER.freeHeld
      : POSTAL_REFUSALS_TO_CUSTOMER.freeOnlyOne;
  }
  if (why === 'per-user-max') return POSTAL_REFUSALS_TO_CUSTOMER.perUserMax(perUserLimit(raffle));
  return POSTAL_REFUSALS_TO_CUSTOMER.other;
}

/** The customer named on the card: found by e-mail, or given a new account. */
async function findOrCreateCustomer(
  db: Firestore,
  auth: Auth,
  input: PostalInput,
): Promise<{ uid: string; created: boolean }> {
  const profiles = await db
    .collection(usersCollection)
    .where('email', '==', input.email)
    .limit(1)
    .get();
  let uid = profiles.docs[0]?.id;
  let created = false;
  if (!uid) {
    const existing = await auth.getUserByEmail(input.email).catch(() => null);
    const made = existing
      ? null
      : await auth
          .createUser({ email: input.email, displayName: `${input.firstName} ${input.lastName}` })
          // Made a moment ago by this card's other try (or a sign-up): that account is theirs.
          .catch((error: unknown) => {
            if ((error as { code?: string }).code !== 'auth/email-already-exists') throw error;
            return null;
          });
    uid = existing?.uid ?? made?.uid ?? (await auth.getUserByEmail(input.email)).uid;
    created = made !== null;
    // Auth's account for the address keeps another in the shop: the address was put on that
    // account past the shop, and the card, its details and its ticket or credit would go to
    // whoever did so.
    if (!(await addressIsTheShops(db, uid, input.email))) {
      throw new ShopError('failed-precondition', POSTAL_MESSAGES.addressElsewhere);
    }
    // An account that had lost its profile keeps its ban and its sessions' cut-off.
    await createUserDocuments(
      db,
      existing
        ? fromAuthUser(existing)
        : { uid, email: input.email, displayName: `${input.firstName} ${input.lastName}` },
    );
  }
  // Fill in what the account lacks from the card; never overwrite what the customer set.
  const profileDoc = profileRef(db, uid);
  const profile = (await profileDoc.get()).data();
  const fill: Record<string, string> = {};
  if (!profile?.firstName) fill.firstName = input.firstName;
  if (!profile?.lastName) fill.lastName = input.lastName;
  if (!profile?.phoneNumber) fill.phoneNumber = input.phone;
  if (!profile?.address) fill.address = input.address;
  if (Object.keys(fill).length > 0) await profileDoc.update({ ...fill, updatedAt: new Date() });
  return { uid, created };
}

/**
 * Whether the card's answer is right; null when the raffle asks no question. The question is
 * the one the raffle's page shows (its first active one, by id).
 */
async function answerCorrect(db: Firestore, raffle: Raffle, answer: PostalInput['answer']) {
  // As online: a free raffle asks no question, so a card's answer (or none) decides nothing.
  if (raffle.ticketPrice === 0) return null;
  const question = await db
    .collection(questionsPath(raffle.id))
    .where('isActive', '==', true)
    .limit(1)
    .get();
  const asked = question.docs[0];
  if (!asked) return null;
  if (!answer) return false;
  const secrets = await db.collection(raffleSecretsCollection).doc(raffle.id).get();
  return secrets.get(`correctAnswers.${asked.id}`) === answer;
}

/** The scope of a card's reservations' ids, derived from its form's key. */
const CARD_RESERVATIONS = 'postal-reservation';

/**
 * One free ticket from the same pool: priced at zero, no account credit spent. A reservation
 * whose numbers could not be issued (the raffle drawn or cancelled meanwhile) is released
 * rather than left holding a ticket for 30 minutes.
 *
 * A card sent again under its key carries on with the reservation an earlier try made,
 * whatever that try reached: the order it completed, or its fulfilment finished now. Only a
 * reservation given back (released or expired, so no ticket) is made again, under the next id.
 */
async function enterPostcard(
  db: Firestore,
  admin: Caller,
  uid: string,
  raffle: Raffle,
  answerCorrect: boolean | null,
  now: Date,
  card: KeyedReservation | null,
) {
  // No entry is taken before the draw's commitment is published (as at checkout).
  if (!raffle.drawCommitment) raffle.drawCommitment = await ensureDrawCommitment(db, raffle.id);
  // A card's key sent with another customer's details or raffle (recorded under another key
  // meanwhile) is refused, not answered with that card's ticket.
  const sameCard = (earlier: CheckoutSession) =>
    refuseOtherRequest(
      earlier,
      { userId: uid, raffleId: raffle.id, quantity: 1 },
      POSTAL_MESSAGES.keyReused,
    );
  const sessionId = await reserveOnce(db, card, sameCard, (keyedId) =>
    reserveTickets(
      db,
      uid,
      [{ raffle, quantity: 1, answerCorrect, unitPrice: 0 }],
      now,
      // The administrator's reservation, not the customer's: a checkout the customer starts
      // meanwhile neither replaces it nor may claim it.
      // The account is checked again after its checkout lock is read: a ban or a play break
      // starting while the card is entered refuses it.
      {
        useAccountCredit: false,
        byStaff: true,
        checkLimits: entrantCheck(db, uid, now),
        sessionId: keyedId,
      },
    ),
  );
  return fulfilOrGiveBack(db, sessionId, { method: 'Postal Entry' });
}

/** What the administrator reads for a recorded card. */
function messageOf(
  entry: Pick<
    PostalEntryData,
    'outcome' | 'ticketNumber' | 'creditPence' | 'reason' | 'answerCorrect'
  >,
  onTime: boolean,
): string {
  const { outcome, ticketNumber, creditPence, reason } = entry;
  if (outcome === 'ticket' && ticketNumber !== null) {
    return entry.answerCorrect === false
      ? POSTAL_MESSAGES.ticketNotInDraw(ticketNumber)
      : POSTAL_MESSAGES.ticket(ticketNumber);
  }
  if (outcome === 'credit' && creditPence !== null) {
    return onTime
      ? POSTAL_MESSAGES.creditAfterDraw(creditPence)
      : POSTAL_MESSAGES.credit(creditPence);
  }
  return reason ?? POSTAL_MESSAGES.tooLate;
}

/**
 * The card recorded under this key before, answered as it was then; null when there is none.
 * The key is one card: coming back with other details, it is refused and nothing is recorded.
 */
async function recordedBefore(
  entryRef: DocumentReference,
  input: PostalInput,
  raffle: Raffle,
): Promise<RecordPostalEntryOutput | null> {
  const snapshot = await entryRef.get();
  if (!snapshot.exists) return null;
  const entry = parseDocument(postalEntrySchema, snapshot.data(), snapshot.id);
  const same =
    entry.raffleId === input.raffleId &&
    entry.email === input.email &&
    entry.fullName === `${input.firstName} ${input.lastName}` &&
    entry.address === input.address &&
    entry.phone === input.phone &&
    entry.receivedAt.getTime() === new Date(input.receivedAt).getTime();
  if (!same) throw new ShopError('already-exists', POSTAL_MESSAGES.keyReused, 'key-reused');
  return {
    postalEntryId: snapshot.id,
    outcome: entry.outcome,
    ticketNumber: entry.ticketNumber,
    creditPence: entry.creditPence,
    accountCreated: entry.accountCreated,
    message: messageOf(entry, entry.receivedAt.getTime() <= raffle.endDate.getTime()),
  };
}

/**
 * What a card entered after the close earns: a credit worth one online ticket, once per
 * customer and raffle. A free giveaway's online ticket costs nothing, so its late cards are
 * refused with that reason rather than credited £0.00.
 */
async function lateCredit(
  db: Firestore,
  raffle: Raffle,
  uid: string,
  correct: boolean | null,
): Promise<Pick<RecordPostalEntryOutput, 'outcome' | 'creditPence'> & { refusal: Refusal | null }> {
  if (raffle.ticketPrice === 0) {
    return { outcome: 'refused', creditPence: null, refusal: refused('lateFreeGiveaway') };
  }
  // The credit stands for the ticket the card would have had: one with a wrong or missing
  // answer would not have been in the draw (or, where the site refuses them, not issued).
  if (correct === false) {
    return { outcome: 'refused', creditPence: null, refusal: refused('wrongAnswer') };
  }
  const credited = await db
    .collection(postalCreditsCollection)
    .doc(postalCreditId(raffle.id, uid))
    .get();
  if (credited.exists) {
    return { outcome: 'refused', creditPence: null, refusal: refused('creditAlreadyGiven') };
  }
  return { outcome: 'credit', creditPence: raffle.ticketPrice, refusal: null };
}

/**
 * Records one free postal entry. Arrived before the close: one ticket from the same
 * pool as paid entries, through the same reservation and fulfilment, so it counts against the
 * caps and per-user limits, gets a number and an order, and the customer a confirmation
 * e-mail. Within 72 hours after the close: a credit worth one online ticket on the customer's
 * account. Later: refused. Every card is recorded with its received date.
 */
export async function recordPostalEntry(
  db: Firestore,
  auth: Auth,
  admin: Caller,
  input: PostalInput,
  now = new Date(),
): Promise<RecordPostalEntryOutput> {
  const receivedAt = new Date(input.receivedAt);
  if (receivedAt.getTime() > now.getTime() + 60_000) {
    throw new ShopError('invalid-argument', POSTAL_MESSAGES.receivedInFuture);
  }
  const snapshot = await db.doc(rafflePath(input.raffleId)).get();
  if (!snapshot.exists) throw new ShopError('not-found', 'Raffle not found');
  const raffle = parseDocument(raffleSchema, snapshot.data(), snapshot.id);
  const entries = db.collection(postalEntriesCollection);
  const { requestId } = input;
  const entryRef = requestId ? entries.doc(keyedId('postal-entry', requestId)) : entries.doc();
  const earlier = requestId ? await recordedBefore(entryRef, input, raffle) : null;
  if (earlier) return earlier;
  const { uid, created } = await findOrCreateCustomer(db, auth, input);
  const correct = await answerCorrect(db, raffle, input.answer);

  let outcome: RecordPostalEntryOutput['outcome'] = 'refused';
  let ticketNumber: number | null = null;
  let orderId: string | null = null;
  let creditPence: number | null = null;
  let refusal: Refusal | null = null;
  const closed = raffle.endDate.getTime();
  const onTime = receivedAt.getTime() <= closed;

  // As for any other way to tickets: no suspended account, no one taking a break from play.
  const [bar, { refuseWrongAnswers }, card] = await Promise.all([
    entryBar(db, uid, now, { email: input.email }),
    readSiteSettings(db),
    requestId ? keyedReservation(db, CARD_RESERVATIONS, requestId) : null,
  ]);
  // Its deletion has already taken its postcards' details off: a card recorded now would stay
  // behind with them, so nothing is recorded (and no e-mail goes to the address).
  if (bar === 'deleting') throw new ShopError('failed-precondition', POSTAL_MESSAGES.deleting);
  const takeTicket = async () => {
    try {
      const order = await enterPostcard(db, admin, uid, raffle, correct, now, card);
      outcome = 'ticket';
      orderId = order.orderId;
      ticketNumber = order.ticketNumbers[raffle.id]?.[0] ?? null;
    } catch (error) {
      // Sold out, or the customer is at the per-user limit: the card is refused.
      if (!(error instanceof ShopError) || error.reason === 'key-reused') throw error;
      const bar = barOf(error);
      // Its deletion started while the ticket was being reserved.
      if (bar === 'deleting') throw error;
      if (bar) {
        refusal = refused(bar);
      } else if (error.reason === 'raffle-closed') {
        // Drawn or cancelled after the raffle was read above. Drawn: the card was on time, and
        // arriving on time never earns less than arriving late.
        const latest = (await raffleRef(db, raffle.id).get()).data();
        if (latest?.drawStatus === 'cancelled') refusal = refused('cancelled');
        else ({ outcome, creditPence, refusal } = await lateCredit(db, raffle, uid, correct));
      } else {
        refusal = {
          reason: `Refused: ${error.message}`,
          toCustomer: ticketRefusalToCustomer(error, raffle),
        };
      }
    }
  };
  if (card?.earlier) {
    // Sent again, and an earlier try reserved its ticket: it carries on with that reservation,
    // whatever changed since (a draw, a ban, the raffle switched off). Its ticket is the
    // card's; judged again, it could earn a late credit or a refusal beside the ticket.
    await takeTicket();
  } else if (bar) {
    refusal = refused(bar);
  } else if (raffle.drawStatus === 'cancelled') {
    refusal = refused('cancelled');
  } else if (!raffle.active) {
    refusal = refused('notActive');
  } else if (!hasStarted(raffle, receivedAt)) {
    // Entries open at the start date, by post as online (and as an administrator's entries).
    refusal = refused('beforeOpening');
  } else if (
    onTime &&
    raffle.drawStatus === 'pending' &&
    correct !== null &&
    refuseWrongAnswers &&
    (input.answer ? !(await answerLetsIn(db, raffle.id, uid, correct, now)) : true)
  ) {
    // As online, where the site refuses wrong answers: no ticket, and the first wrong answer
    // (a card's or online) is final, so a card per option gets no one in. A card without an
    // answer guessed nothing: it is refused, and the next may answer.
    refusal = refused('wrongAnswer');
  } else if (onTime && raffle.drawStatus === 'pending') {
    await takeTicket();
  } else if (receivedAt.getTime() <= closed + GRACE_MS) {
    // After the close, or on time but entered once the draw had run (it runs soon after the
    // close, before the post may be opened): a credit worth one ticket, as a late card earns.
    ({ outcome, creditPence, refusal } = await lateCredit(db, raffle, uid, correct));
  } else {
    refusal = refused('tooLate');
  }

  const reason = refusal?.reason ?? null;
  const entry: PostalEntryData = {
    raffleId: raffle.id,
    raffleName: raffle.name,
    userId: uid,
    email: input.email,
    fullName: `${input.firstName} ${input.lastName}`,
    address: input.address,
    phone: input.phone,
    receivedAt,
    recordedAt: now,
    recordedBy: admin.uid,
    outcome,
    ticketNumber,
    orderId,
    creditPence,
    reason,
    answerCorrect: correct,
    accountCreated: created,
  };
  // The ticket's confirmation e-mail is the order's; the other outcomes get their own.
  const credited = `so instead of a ticket we have added a credit of ${formatPence(creditPence ?? 0)} to your account. It is used automatically at your next checkout.`;
  const arrived = onTime
    ? 'arrived in time, but the competition was drawn before we could enter it'
    : `arrived after the competition closed, within our ${POSTAL_GRACE_HOURS}-hour grace period`;
  const body =
    outcome === 'credit'
      ? `Your postal entry for ${raffle.name} ${arrived}, ${credited}`
      : outcome === 'refused' && refusal?.toCustomer
        ? `We received your postal entry for ${raffle.name}, but we could not accept it: ${refusal.toCustomer}.`
        : null;
  try {
    await db.runTransaction(async (tx) => {
      // The account's deletion may have begun since it was checked above and swept its postal
      // entries and credits already: what is written now would outlive it (the card's details,
      // a credit, an e-mail to its address). Read here, the deletion's mark and this record come
      // one after the other.
      const profile = (await tx.get(profileRef(db, uid))).data();
      if (!profile || profile.deleting === true) {
        throw new ShopError('failed-precondition', POSTAL_MESSAGES.deleting);
      }
      tx.create(entryRef, entry);
      if (outcome === 'credit' && creditPence) {
        // Created, not set: a second late postcard for the raffle fails the whole record.
        tx.create(db.collection(postalCreditsCollection).doc(postalCreditId(raffle.id, uid)), {
          raffleId: raffle.id,
          userId: uid,
          creditPence,
          postalEntryId: entryRef.id,
          createdAt: now,
        });
        tx.update(db.doc(userPath(uid)), { accountCredit: FieldValue.increment(creditPence) });
      }
      if (body !== null) {
        tx.create(
          db.collection(mailCollection).doc(`postal-${entryRef.id}`),
          queuedMail(
            input.email,
            `Your postal entry for ${raffle.name}`,
            `Hello ${input.firstName},\n\n${body}\n\n${SHOP_NAME_PLACEHOLDER}`,
            null,
            now,
          ),
        );
      }
      recordAudit(db, tx, admin, {
        action: 'postalEntry.record',
        target: entryRef.path,
        before: null,
        after: { ...entry },
      });
    });
  } catch (error) {
    // Another late postcard for the raffle was credited a moment ago: record this one again,
    // which now finds that credit and refuses. Or this card's other try recorded it a moment
    // ago (same key): recording it again answers with that record.
    if ((outcome === 'credit' || requestId) && isAlreadyExists(error)) {
      return recordPostalEntry(db, auth, admin, input, now);
    }
    throw error;
  }
  return {
    postalEntryId: entryRef.id,
    outcome,
    ticketNumber,
    creditPence,
    accountCreated: created,
    message: messageOf(entry, onTime),
  };
}
