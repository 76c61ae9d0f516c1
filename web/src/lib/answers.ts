/**
 * Skill-question answers given before adding to the cart, kept on this device until checkout
 * sends them (the cart document holds only raffle ids and quantities). The server checks them.
 */
import type { QuestionOption } from '@rafflewin/domain';

const KEY = 'rafflewin_answers';

export interface SavedAnswer {
  questionId: string;
  option: QuestionOption;
}

function readAll(): Record<string, SavedAnswer> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, SavedAnswer>) : {};
  } catch {
    return {};
  }
}

export function saveAnswer(raffleId: string, answer: SavedAnswer): void {
  localStorage.setItem(KEY, JSON.stringify({ ...readAll(), [raffleId]: answer }));
}

export function answerFor(raffleId: string): SavedAnswer | null {
  const answer = readAll()[raffleId];
  return answer && typeof answer.questionId === 'string' && ['A', 'B', 'C'].includes(answer.option)
    ? answer
    : null;
}

export function forgetAnswers(raffleIds: string[]): void {
  const all = readAll();
  for (const id of raffleIds) delete all[id];
  localStorage.setItem(KEY, JSON.stringify(all));
}
