import { z } from 'zod';
import { instantWinRevealSchema } from '../instantWins';
import { QUESTION_OPTIONS } from '../constants';

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
