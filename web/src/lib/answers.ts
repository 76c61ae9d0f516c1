/**
 * Skill-question answers given before adding to the cart, kept on this device until checkout
 * sends them (the cart document holds only raffle ids and quantities). The server checks them.
 */
import { QUESTION_OPTIONS, STORAGE_KEYS, type QuestionOption } from '@rafflewin/domain';
import { raffleNotes } from './raffleNotes';

export interface SavedAnswer {
  questionId: string;
  option: QuestionOption;
}

const isSavedAnswer = (value: unknown): value is SavedAnswer =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as SavedAnswer).questionId === 'string' &&
  QUESTION_OPTIONS.includes((value as SavedAnswer).option);

const answers = raffleNotes(STORAGE_KEYS.answers, isSavedAnswer);

export function saveAnswer(raffleId: string, answer: SavedAnswer): void {
  answers.set(raffleId, answer);
}

export function answerFor(raffleId: string): SavedAnswer | null {
  return answers.get(raffleId);
}

export function forgetAnswers(raffleIds: string[]): void {
  answers.forget(raffleIds);
}
