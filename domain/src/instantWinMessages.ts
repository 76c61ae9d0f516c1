/**
 * The instant wins' messages: apart from instantWinTexts.ts, whose odds every raffle card
 * shows, so that they load with the pages that say them (checkout, the draw page, the account
 * area, the console) rather than in every shop page's first load.
 */
import { INSTANT_WIN_DEBIT_ONLY, INSTANT_WIN_LIMITS, type PayoutChoice } from './instantWinTexts';

export const INSTANT_WIN_MESSAGES = {
  nameRequired: 'Enter the prize',
  numberInvalid: 'Enter a ticket number',
  outOfRange: (max: number) => `Instant prizes go on ticket numbers from 1 to ${max}`,
  /** A number in a gap a lower maximum left in the pool while tickets were sold above it. */
  notOnSale: (n: number) =>
    `Ticket number ${n} is not on sale in this raffle: choose another number`,
  repeated: 'Each ticket number can carry one instant prize',
  tooMany: `At most ${INSTANT_WIN_LIMITS.maxPrizes} instant prizes`,
  /** Instant prizes on a raffle with number picking (see offersNumberPicking). */
  notWithPicking:
    'Instant prizes need numbers issued at random: switch off number picking for this raffle first',
  fixedOnceSold: 'Instant prizes are fixed once tickets are sold or reserved',
  closed: 'This raffle has closed: its instant prizes can no longer change',
  majority:
    'Instant-win raffles can never be the majority of live raffles: switch on another raffle without instant prizes first',
  majorityLeaving:
    'Instant-win raffles can never be the majority of live raffles: switch off an instant-win raffle before this one',
  debitOnly: INSTANT_WIN_DEBIT_ONLY,
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
