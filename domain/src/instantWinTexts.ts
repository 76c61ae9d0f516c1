/**
 * What people read about instant wins (instantWins.ts has the rules and schemas): kept apart,
 * with no zod, so the shop's raffle cards show the odds without the schemas in their first load;
 * the messages of checkout, the console and the account area are in instantWinMessages.ts, out
 * of it too.
 */
import { formatCount, formatPence } from './money';

export const INSTANT_WIN_LIMITS = { maxPrizes: 100, nameMax: 120 } as const;

export const PAYOUT_CHOICES = ['prize', 'cash', 'credit'] as const;
export type PayoutChoice = (typeof PAYOUT_CHOICES)[number];

/** Said on every instant-win raffle's card, and at checkout (`INSTANT_WIN_MESSAGES.debitOnly`). */
export const INSTANT_WIN_DEBIT_ONLY = 'Raffles with instant prizes take debit cards only';

/** What each payout choice reads as. */
export const PAYOUT_LABELS: Record<PayoutChoice, string> = {
  prize: 'The prize',
  cash: 'The cash alternative',
  credit: 'Site credit',
};

/** An instant prize as the shop shows it (publicInstantPrizeSchema). */
export interface ShownInstantPrize {
  name: string;
  cashAlternative: number;
  won: boolean;
}

/** "3 instant prizes left among 940 tickets: 1 in 313 a ticket". */
export function instantOddsText(prizes: ShownInstantPrize[], ticketsLeft: number): string {
  const left = prizes.filter((prize) => !prize.won).length;
  if (left === 0) return 'Every instant prize has been won';
  const odds =
    ticketsLeft > 0 ? `: 1 in ${Math.max(1, Math.round(ticketsLeft / left))} a ticket` : '';
  return `${left} instant ${left === 1 ? 'prize' : 'prizes'} left among ${formatCount(ticketsLeft)} ${ticketsLeft === 1 ? 'ticket' : 'tickets'}${odds}`;
}

/** "£50 Amazon voucher (or £45.00 cash)". */
export const instantPrizeText = (prize: Pick<WonInstantPrize, 'name' | 'cashAlternative'>) =>
  prize.cashAlternative > 0
    ? `${prize.name} (or ${formatPence(prize.cashAlternative)} cash)`
    : prize.name;

/** A won instant prize on an order line (orderInstantWinSchema). */
export interface WonInstantPrize {
  ticketNumber: number;
  name: string;
  cashAlternative: number;
}

/** "Instant win! Ticket 7 won £50 Amazon voucher (or £45.00 cash)". */
export const instantWinText = (win: WonInstantPrize) =>
  `Instant win! Ticket ${win.ticketNumber} won ${instantPrizeText(win)}`;
