/**
 * What people read about instant wins (instantWins.ts has the rules and schemas): kept apart,
 * with no zod, so the shop's raffle cards show the odds without the schemas in their first load.
 */
import { formatCount, formatPence } from './money';

export const INSTANT_WIN_LIMITS = { maxPrizes: 100, nameMax: 120 } as const;

export const PAYOUT_CHOICES = ['prize', 'cash', 'credit'] as const;
export type PayoutChoice = (typeof PAYOUT_CHOICES)[number];

export const INSTANT_WIN_MESSAGES = {
  nameRequired: 'Enter the prize',
  numberInvalid: 'Enter a ticket number',
  outOfRange: (max: number) => `Instant prizes go on ticket numbers from 1 to ${max}`,
  /** A number in a gap a lower maximum left in the pool while tickets were sold above it. */
  notOnSale: (n: number) =>
    `Ticket number ${n} is not on sale in this raffle: choose another number`,
  repeated: 'Each ticket number can carry one instant prize',
  tooMany: `At most ${INSTANT_WIN_LIMITS.maxPrizes} instant prizes`,
  fixedOnceSold: 'Instant prizes are fixed once tickets are sold or reserved',
  closed: 'This raffle has closed: its instant prizes can no longer change',
  majority:
    'Instant-win raffles can never be the majority of live raffles: switch on another raffle without instant prizes first',
  majorityLeaving:
    'Instant-win raffles can never be the majority of live raffles: switch off an instant-win raffle before this one',
  debitOnly: 'Raffles with instant prizes take debit cards only',
  notFound: 'Instant win not found',
  wonTitle: 'You won an instant prize!',
  alreadyChosen: 'You have already chosen how to take this prize',
  /** A prize without a cash alternative can only be taken as the prize. */
  noCashAlternative: 'This prize has no cash alternative: please choose to take the prize itself',
  voided:
    'This instant win is void: its ticket was refunded or its payment taken back, so the prize cannot be taken',
  /** The console's Instant Prizes dialog. */
  explain:
    'Set before any ticket is sold. The numbers stay secret until the draw; their fingerprint is published now.',
  cashInvalid: 'Enter an amount such as 45.00, or leave it blank for none',
  loadFailed: 'The instant prizes could not be loaded. Please try again.',
  saveFailed: 'The instant prizes could not be saved. Please try again.',
  saved: 'Instant prizes saved',
  /** The draw page's check of the revealed list. */
  matches: 'The instant prizes match the fingerprint published before sales',
  differs:
    'The instant prizes do not match the fingerprint published before sales. Please contact us quoting this page.',
  noFingerprint:
    'The fingerprint published before sales is not available here, so the instant prizes cannot be checked on this page.',
  chosen: (choice: PayoutChoice) =>
    choice === 'prize'
      ? 'Thank you: we will be in touch to deliver your prize'
      : choice === 'cash'
        ? 'Thank you: we will pay the cash alternative to you'
        : 'Thank you: the cash alternative has been added to your account credit',
} as const;

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
