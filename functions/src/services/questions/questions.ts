import {
  ShopError,
  QUESTION_MESSAGES,
  answerChecksPath,
  parseDocument,
  questionSchema,
  questionsPath,
  raffleSecretsCollection,
  type QuestionData,
  type Raffle,
  type saveQuestionInput,
} from '@rafflewin/domain';
import { FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import type { z } from 'zod';
import type { Caller } from '../../lib/access';
import { recordAudit } from '../admin/audit';
import { refuseIfChangedSince } from '../admin/editVersions';
import {
  activeQuestionIds,
  needsQuestion,
  raffleRef,
  readPoolIn,
  readRaffle,
  ticketsTakenFrom,
} from '../raffles/raffleRecords';

type SaveQuestion = z.output<typeof saveQuestionInput>;

const questionRef = (db: Firestore, raffleId: string, questionId: string) =>
  db.collection(questionsPath(raffleId)).doc(questionId);
const secretRef = (db: Firestore, raffleId: string) =>
  db.collection(raffleSecretsCollection).doc(raffleId);

/**
 * Refuses to leave a live paid raffle without an active question: `questionId` is being
 * switched off or deleted. Reads (and so locks) the raffle's active questions in `tx`.
 */
async function keepOneActive(
  tx: Transaction,
  db: Firestore,
  raffle: Raffle,
  questionId: string,
): Promise<void> {
  if (!raffle.active || !needsQuestion(raffle)) return;
  const others = (await activeQuestionIds(tx, db, raffle.id)).filter((id) => id !== questionId);
  if (others.length === 0) throw new ShopError('failed-precondition', QUESTION_MESSAGES.lastActive);
}

/**
 * Whether anyone has answered the raffle's question: tickets sold or held (each answer judged as
 * it came, at checkout or as a postcard was recorded), or an answer refused (the site refusing
 * wrong answers keeps the customer's first, `answerChecks`). Read in `tx`.
 */
async function answeredBefore(
  tx: Transaction,
  db: Firestore,
  raffle: Raffle,
  now: Date,
): Promise<boolean> {
  if (ticketsTakenFrom(raffle, await readPoolIn(tx, db, raffle.id), now) > 0) return true;
  return !(await tx.get(db.collection(answerChecksPath(raffle.id)).limit(1))).empty;
}

/**
 * Creates or edits a skill question. The question (text, options, status) is what signed-in
 * customers read; its correct answer goes to `raffleSecrets/{raffleId}` in the same
 * transaction, so the two never disagree and the answer never reaches a customer. Once anyone
 * has answered it (answeredBefore) only its status may change. An edit made on an older version
 * than the stored one (`seenUpdatedAt`) is refused rather than undoing the change saved since.
 */
export async function saveQuestion(
  db: Firestore,
  admin: Caller,
  { raffleId, questionId, correctAnswer, seenUpdatedAt, ...fields }: SaveQuestion,
  now = new Date(),
): Promise<{ id: string; created: boolean }> {
  return db.runTransaction(async (tx) => {
    const raffle = readRaffle(await tx.get(raffleRef(db, raffleId)));
    if (questionId && !fields.isActive) await keepOneActive(tx, db, raffle, questionId);
    const ref = questionId
      ? questionRef(db, raffleId, questionId)
      : db.collection(questionsPath(raffleId)).doc();
    const before = questionId ? await tx.get(ref) : null;
    if (before && !before.exists) throw new ShopError('not-found', QUESTION_MESSAGES.notFound);
    const secret = await tx.get(secretRef(db, raffleId));
    const previous = before ? parseDocument(questionSchema, before.data(), ref.id) : null;
    if (previous) {
      refuseIfChangedSince(previous.updatedAt, seenUpdatedAt, QUESTION_MESSAGES.changedSinceOpened);
    }
    const judged = (['text', 'optionA', 'optionB', 'optionC'] as const).some(
      (field) => previous && previous[field] !== fields[field],
    );
    const changesWhatIsJudged =
      previous !== null && (judged || secret.get(`correctAnswers.${ref.id}`) !== correctAnswer);
    if (changesWhatIsJudged && (await answeredBefore(tx, db, raffle, now))) {
      throw new ShopError('failed-precondition', QUESTION_MESSAGES.fixedOnceAnswered);
    }
    const question: QuestionData = {
      ...fields,
      createdAt: previous?.createdAt ?? now,
      updatedAt: now,
    };
    tx.set(ref, question);
    tx.set(
      secretRef(db, raffleId),
      { correctAnswers: { [ref.id]: correctAnswer } },
      { merge: true },
    );
    recordAudit(
      db,
      tx,
      admin,
      {
        action: before ? 'question.update' : 'question.create',
        target: ref.path,
        before: previous
          ? { ...previous, correctAnswer: secret.get(`correctAnswers.${ref.id}`) ?? null }
          : null,
        after: { ...question, correctAnswer },
      },
      now,
    );
    return { id: ref.id, created: !before };
  });
}

/** The question's status toggle. */
export async function setQuestionActive(
  db: Firestore,
  admin: Caller,
  raffleId: string,
  questionId: string,
  isActive: boolean,
  now = new Date(),
): Promise<void> {
  await db.runTransaction(async (tx) => {
    const ref = questionRef(db, raffleId, questionId);
    const before = await tx.get(ref);
    if (!before.exists) throw new ShopError('not-found', QUESTION_MESSAGES.notFound);
    if (!isActive) {
      const raffle = readRaffle(await tx.get(raffleRef(db, raffleId)));
      await keepOneActive(tx, db, raffle, questionId);
    }
    // The edit form carries the switch: one opened before this is refused, not applied over it.
    tx.update(ref, { isActive, updatedAt: now });
    recordAudit(
      db,
      tx,
      admin,
      {
        action: isActive ? 'question.activate' : 'question.deactivate',
        target: ref.path,
        before: { isActive: parseDocument(questionSchema, before.data(), before.id).isActive },
        after: { isActive },
      },
      now,
    );
  });
}

/** Deletes a question and its answer. */
export async function deleteQuestion(
  db: Firestore,
  admin: Caller,
  raffleId: string,
  questionId: string,
  now = new Date(),
): Promise<void> {
  await db.runTransaction(async (tx) => {
    const ref = questionRef(db, raffleId, questionId);
    const before = await tx.get(ref);
    if (!before.exists) throw new ShopError('not-found', QUESTION_MESSAGES.notFound);
    await keepOneActive(tx, db, readRaffle(await tx.get(raffleRef(db, raffleId))), questionId);
    const secret = await tx.get(secretRef(db, raffleId));
    tx.delete(ref);
    if (secret.exists) {
      tx.update(secretRef(db, raffleId), {
        [`correctAnswers.${questionId}`]: FieldValue.delete(),
      });
    }
    recordAudit(
      db,
      tx,
      admin,
      { action: 'question.delete', target: ref.path, before: before.data() ?? null, after: null },
      now,
    );
  });
}
