import { z } from 'zod';
import { changedSinceOpened } from '../editConflicts';
import { idSchema, seenUpdatedAtSchema } from '../fields';
import { QUESTION_LIMITS } from '../collections/questions';
import { QUESTION_OPTIONS } from '../constants';
import { answer, defineCallable, type SavedContentOutput } from './contract';

/** The Questions view's messages. */
export const QUESTION_MESSAGES = {
  textRequired: 'Question text is required',
  optionRequired: (option: 'A' | 'B' | 'C') => `Option ${option} is required`,
  correctRequired: 'Choose the correct answer',
  created: 'Question created',
  updated: 'Question updated',
  deleted: 'Question deleted',
  activated: 'Question activated',
  deactivated: 'Question deactivated',
  saveFailed: 'Failed to save question',
  deleteFailed: 'Failed to delete question',
  statusFailed: 'Failed to update question status',
  loadFailed: 'Failed to load questions',
  notFound: 'This question no longer exists',
  /** An edit made over a change saved since the form was filled (another tab or administrator). */
  changedSinceOpened: changedSinceOpened('This question'),
  /** Shown beside a paid raffle that customers could enter without a skill question. */
  paidNeedsQuestion: 'Paid raffles need an active question',
  /** Switching off or deleting the last active question of a live paid raffle. */
  lastActive:
    'This is the only active question of a live paid raffle. Add or switch on another ' +
    'question first, or switch the raffle off.',
  freeNeedsNone: 'Free raffles need no question.',
  /**
   * Editing the question, its options or its answer once someone has answered it: each answer
   * was judged as it came, so a change would judge entrants of one raffle by two questions.
   */
  fixedOnceAnswered:
    'This question has been answered by entrants, so its text, options and answer can no ' +
    'longer change. Add a new question and switch this one off instead.',
} as const;

const option = (letter: 'A' | 'B' | 'C') =>
  z.string().trim().min(1, QUESTION_MESSAGES.optionRequired(letter)).max(QUESTION_LIMITS.optionMax);

/**
 * `saveQuestion` (administrators): creates (`questionId` null) or edits a raffle's skill
 * question. The correct answer is stored in `raffleSecrets/{raffleId}`, never on the question
 * that customers read.
 */
export const saveQuestionInput = z
  .object({
    raffleId: idSchema,
    questionId: idSchema.nullable(),
    text: z.string().trim().min(1, QUESTION_MESSAGES.textRequired).max(QUESTION_LIMITS.textMax),
    optionA: option('A'),
    optionB: option('B'),
    optionC: option('C'),
    correctAnswer: z.enum(QUESTION_OPTIONS, { error: QUESTION_MESSAGES.correctRequired }),
    isActive: z.boolean(),
    /** Edits: the question's `updatedAt` (ms, null when it has none) as the form was filled. */
    seenUpdatedAt: seenUpdatedAtSchema,
  })
  .strict();
export type SaveQuestionInput = z.input<typeof saveQuestionInput>;

export const saveQuestionContract = defineCallable({
  name: 'saveQuestion',
  access: 'admin',
  input: saveQuestionInput,
  output: answer<SavedContentOutput>(),
});
