import { z } from 'zod';
import { instantWinRevealSchema } from '../instantWins';
import { QUESTION_OPTIONS } from '../constants';
import { rafflePath } from './paths';

export const QUESTION_LIMITS = { textMax: 500, optionMax: 200 } as const;

/**
 * The skill question of a paid raffle, `raffles/{id}/questions/{qid}`, readable by signed-in
 * users. The correct answer is not here: it lives in `raffleSecrets/{raffleId}`.
 */
export const questionSchema = z.object({
  text: z.string().min(1).max(QUESTION_LIMITS.textMax),
  optionA: z.string().min(1).max(QUESTION_LIMITS.optionMax),
  optionB: z.string().min(1).max(QUESTION_LIMITS.optionMax),
  optionC: z.string().min(1).max(QUESTION_LIMITS.optionMax),
  isActive: z.boolean(),
  createdAt: z.date(),
  /** Set by every save of the form's fields; absent on documents saved before it was kept. */
  updatedAt: z.date().optional(),
});

export type QuestionData = z.infer<typeof questionSchema>;
export type Question = QuestionData & { id: string };

export const raffleSecretsCollection = 'raffleSecrets';

/** `raffleSecrets/{raffleId}`: admin and functions only. */
export const raffleSecretSchema = z.object({
  /** Correct option per question id. */
  correctAnswers: z.record(z.string(), z.enum(QUESTION_OPTIONS)).default({}),
  /** The instant prizes and their salt, secret until the draw reveals them. */
  instantWins: instantWinRevealSchema.optional(),
});

export type RaffleSecret = z.infer<typeof raffleSecretSchema>;

/**
 * `raffles/{id}/answerChecks/{uid}`: where the site refuses wrong answers
 * (`refuseWrongAnswers`), whether the customer has answered the raffle's question wrongly.
 * The first wrong answer is final: trying A, then B, then C would let anyone through a
 * question that must be a test of skill. Every check of an answer writes here in a transaction,
 * so answers sent at once are judged one after another. Functions only.
 */
export const answerChecksPath = (raffleId: string) => `${rafflePath(raffleId)}/answerChecks`;
export const answerCheckSchema = z.object({
  /** When the customer first answered wrongly; null while every answer was right. */
  wrongAt: z.date().nullable(),
  checkedAt: z.date(),
});
export type AnswerCheckData = z.infer<typeof answerCheckSchema>;
