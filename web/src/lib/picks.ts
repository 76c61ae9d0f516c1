/**
 * Ticket numbers picked on a raffle's number board (by hand or by lucky dip), kept on this
 * device until checkout sends them, as answers are (lib/answers.ts). The first `quantity` of a
 * raffle's picks go with its cart line; the server holds them or says which were taken.
 */
import { STORAGE_KEYS } from '@rafflewin/domain';
import { raffleNotes } from './raffleNotes';

const isPicks = (value: unknown): value is number[] =>
  Array.isArray(value) && value.every((n) => Number.isInteger(n) && n > 0);

const picks = raffleNotes(STORAGE_KEYS.picks, isPicks);

export function picksFor(raffleId: string): number[] {
  return picks.get(raffleId) ?? [];
}

/** Keeps `numbers` (each once, in order) as the raffle's picks; none forgets them. */
export function savePicks(raffleId: string, numbers: readonly number[]): void {
  if (numbers.length === 0) picks.forget([raffleId]);
  else picks.set(raffleId, [...new Set(numbers)]);
}

export function forgetPicks(raffleIds: string[]): void {
  picks.forget(raffleIds);
}
