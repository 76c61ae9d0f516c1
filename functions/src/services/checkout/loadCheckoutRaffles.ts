import {
  ShopError,
  CHECKOUT_MESSAGES,
  PICK_MESSAGES,
  hasEnded,
  hasStarted,
  parseDocument,
  priceLine,
  questionSchema,
  questionsPath,
  raffleSchema,
  rafflePath,
  raffleSecretsCollection,
  type CheckoutLine,
  type PricedCartLine,
  type Raffle,
  offersNumberPicking,
} from '@rafflewin/domain';
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { answerLetsIn } from './answerOnce';
import { ensureDrawCommitment } from '../draws/commitment';
import { raffleRef, readSiteSettings } from '../../lib/collections';

export interface PricedLine {
  raffle: Raffle;
  quantity: number;
  /** Null when the raffle asks no question (free raffles). */
  answerCorrect: boolean | null;
  /** The price per ticket in pence when it is not the raffle's (administrators' entries: 0). */
  unitPrice?: number;
  /** The numbers picked, in a raffle with number picking (the rest are lucky-dipped). */
  numbers?: number[];
}

/**
 * What a line costs: the raffle's price with its bundles (bundles.ts), or the line's own
 * price per ticket (administrators' and postal entries: 0).
 */
export function lineTotal(line: PricedLine): number {
  if (line.unitPrice !== undefined) return line.unitPrice * line.quantity;
  return priceLine(line.raffle.ticketPrice, line.raffle.bundles, line.quantity).total;
}

/** One line per raffle: repeated raffles add up, the first answer given counts. */
export function mergeLines(lines: CheckoutLine[]): CheckoutLine[] {
  const merged = new Map<string, CheckoutLine>();
  for (const line of lines) {
    const existing = merged.get(line.raffleId);
    merged.set(
      line.raffleId,
      existing
        ? {
            ...existing,
            quantity: existing.quantity + line.quantity,
            answer: existing.answer ?? line.answer,
            ...(existing.numbers || line.numbers
              ? { numbers: [...(existing.numbers ?? []), ...(line.numbers ?? [])] }
              : {}),
          }
        : line,
    );
  }
  return [...merged.values()];
}

async function checkAnswer(
  db: Firestore,
  raffle: Raffle,
  line: CheckoutLine,
): Promise<boolean | null> {
  if (raffle.ticketPrice === 0) return null;
  const questions = await db
    .collection(questionsPath(raffle.id))
    .where('isActive', '==', true)
    .get();
  // A paid raffle takes no entries without its skill question (the console keeps one active
  // while it is live; this covers a raffle from before that rule).
  if (questions.empty) {
    throw new ShopError('failed-precondition', CHECKOUT_MESSAGES.noQuestion, 'raffle-unavailable', {
      raffleId: raffle.id,
    });
  }
  const answer = line.answer;
  const asked = answer && questions.docs.find((q) => q.id === answer.questionId);
  if (!answer || !asked) {
    throw new ShopError(
      'failed-precondition',
      CHECKOUT_MESSAGES.answerRequired,
      'answer-required',
      { raffleId: raffle.id },
    );
  }
  parseDocument(questionSchema, asked.data(), asked.id);
  const secrets = await db.collection(raffleSecretsCollection).doc(raffle.id).get();
  const correct = secrets.get(`correctAnswers.${answer.questionId}`) as string | undefined;
  return correct === answer.option;
}

/**
 * Refuses a raffle that takes no entries now: off sale (answered as one that does not exist:
 * its id is not the shopper's to learn, and the rules hide it alike), not open yet, ended,
 * drawn or cancelled.
 */
export function refuseUnlessTakingEntries(
  raffle: Raffle | undefined,
  raffleId: string,
  now: Date,
): asserts raffle is Raffle {
  if (!raffle?.active) {
    throw new ShopError('not-found', CHECKOUT_MESSAGES.raffleNotFound, 'raffle-unavailable', {
      raffleId,
    });
  }
  if (hasEnded(raffle, now) || !hasStarted(raffle, now) || raffle.drawStatus !== 'pending') {
    throw new ShopError('failed-precondition', CHECKOUT_MESSAGES.ended, 'raffle-unavailable', {
      raffleId,
    });
  }
}

/**
 * Loads each line's live raffle and checks it can be entered now, with the shop's messages.
 * Prices come from here, never from the browser. These documents change
 * rarely, so they are read before the reservation's transaction, which then touches only the
 * pool: purchases never lock the raffle document.
 */
export async function loadCheckoutRaffles(
  db: Firestore,
  lines: CheckoutLine[],
  uid: string,
  now: Date,
): Promise<PricedLine[]> {
  const { refuseWrongAnswers } = await readSiteSettings(db);
  return Promise.all(
    mergeLines(lines).map(async (line) => {
      const snapshot = await db.doc(rafflePath(line.raffleId)).get();
      const raffle = snapshot.exists
        ? parseDocument(raffleSchema, snapshot.data(), snapshot.id)
        : undefined;
      refuseUnlessTakingEntries(raffle, line.raffleId, now);
      // No entry is taken before the draw's commitment is published.
      if (!raffle.drawCommitment) raffle.drawCommitment = await ensureDrawCommitment(db, raffle.id);
      if (line.numbers?.length && !offersNumberPicking(raffle)) {
        throw new ShopError('invalid-argument', PICK_MESSAGES.notOffered, 'picking-not-offered', {
          raffleId: line.raffleId,
        });
      }
      const answerCorrect = await checkAnswer(db, raffle, line);
      // Refused, the first wrong answer is final (answerLetsIn): the checkout page says so.
      if (
        answerCorrect !== null &&
        refuseWrongAnswers &&
        !(await answerLetsIn(db, raffle.id, uid, answerCorrect, now))
      ) {
        throw new ShopError(
          'failed-precondition',
          CHECKOUT_MESSAGES.incorrectAnswer,
          'answer-incorrect',
          { raffleId: line.raffleId },
        );
      }
      return {
        raffle,
        quantity: line.quantity,
        answerCorrect,
        ...(line.numbers?.length ? { numbers: line.numbers } : {}),
      };
    }),
  );
}

/** What of a raffle a checkout is checked or priced against, to compare. */
function checkedTerms(raffle: Raffle): string {
  return JSON.stringify([
    raffle.active,
    raffle.startDate.getTime(),
    raffle.endDate.getTime(),
    raffle.drawStatus,
    raffle.category,
    raffle.ticketPrice,
    raffle.bundles,
    raffle.maxTicketsPerUser,
    raffle.numberPicking,
  ]);
}

/**
 * Whether an administrator changed, since the lines' raffles were read, a term their checkout
 * was checked or priced against (switched off, ended, lowered the maximum per person, changed
 * the price): `now` holds the same raffles read again. Those reads come before the reservation,
 * whose commit touches only the pool and the customer's holdings: a save committed between
 * them went unseen by it, while one after it sees its holds. Read once the holds are committed
 * (reserveTickets' `watchTerms`); the checkout then starts again on the raffles as they are.
 */
export function termsChanged(lines: PricedLine[], now: DocumentSnapshot[]): boolean {
  return now.some(
    (snapshot, i) =>
      !snapshot.exists ||
      checkedTerms(parseDocument(raffleSchema, snapshot.data(), snapshot.id)) !==
        checkedTerms(lines[i]!.raffle),
  );
}

/**
 * The cart's lines priced (bundles taken off) without the checks a reservation makes: what a
 * promo code is tried against before paying. Unknown or switched-off raffles are refused as
 * at checkout.
 */
export async function priceCart(db: Firestore, lines: CheckoutLine[]): Promise<PricedCartLine[]> {
  return Promise.all(
    mergeLines(lines).map(async (line) => {
      const raffle = (await raffleRef(db, line.raffleId).get()).data();
      if (!raffle?.active) {
        throw new ShopError('not-found', CHECKOUT_MESSAGES.raffleNotFound, 'raffle-unavailable', {
          raffleId: line.raffleId,
        });
      }
      return {
        raffleId: line.raffleId,
        total: priceLine(raffle.ticketPrice, raffle.bundles, line.quantity).total,
      };
    }),
  );
}
