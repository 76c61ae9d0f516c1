import type { CartState } from '@/hooks/useCart';
import { refusalDetails, refusalReason } from '@/lib/errors';
import { picksFor, savePicks } from '@/lib/picks';

export interface TakenNumbers {
  raffleId: string;
  numbers: number[];
}

/**
 * The numbers a checkout was refused for (`numbers-taken`: someone else's reservation or
 * ticket got them first), with their raffle; null for any other refusal.
 */
export function takenNumbersOf(error: unknown): TakenNumbers | null {
  if (refusalReason(error) !== 'numbers-taken') return null;
  const details = refusalDetails(error);
  const raffleId = details?.raffleId;
  const numbers = details?.numbers;
  if (typeof raffleId !== 'string' || typeof numbers !== 'string') return null;
  return { raffleId, numbers: numbers.split(',').map(Number).filter(Number.isInteger) };
}

/**
 * Lets the taken numbers go: out of the raffle's picks, and a ticket fewer on its cart line for
 * each (the line goes when none is left). The other picks stand.
 */
export async function dropTakenNumbers(
  cart: Pick<CartState, 'items' | 'setQuantity' | 'remove'>,
  { raffleId, numbers }: TakenNumbers,
): Promise<void> {
  const picks = picksFor(raffleId);
  const kept = picks.filter((n) => !numbers.includes(n));
  savePicks(raffleId, kept);
  const quantity = cart.items.find((item) => item.raffleId === raffleId)?.quantity ?? 0;
  const left = quantity - (picks.length - kept.length);
  if (left > 0) await cart.setQuantity(raffleId, left);
  else await cart.remove(raffleId);
}
