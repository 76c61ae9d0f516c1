/**
 * Instant wins. An administrator attaches instant prizes to chosen ticket numbers before any
 * ticket is sold or held; the list is committed with the draw's scheme (its SHA-256 published on
 * the raffle, the list and its salt kept secret until the draw reveals them on `/draws/{id}`).
 * A ticket issued on one of those numbers wins at once; its holder chooses the prize, its cash
 * alternative or site credit. The Code for prize draw operators is enforced on the server: no
 * credit card for a basket with an instant-win raffle, instant-win raffles never the majority
 * of live raffles, the odds shown.
 */
import { z } from 'zod';
import { sha256Hex } from './draws';
import { penceSchema } from './fields';
import { formatPence } from './money';

export const INSTANT_WIN_ALGORITHM = 'rafflewin-instant-wins-v1';

export const INSTANT_WIN_LIMITS = { maxPrizes: 100, nameMax: 120 } as const;

export const PAYOUT_CHOICES = ['prize', 'cash', 'credit'] as const;
export type PayoutChoice = (typeof PAYOUT_CHOICES)[number];

export const INSTANT_WIN_MESSAGES = {
  nameRequired: 'Enter the prize',
  numberInvalid: 'Enter a ticket number',
  outOfRange: (max: number) => `Instant prizes go on ticket numbers from 1 to ${max}`,
  repeated: 'Each ticket number can carry one instant prize',
  tooMany: `At most ${INSTANT_WIN_LIMITS.maxPrizes} instant prizes`,
  fixedOnceSold: 'Instant prizes are fixed once tickets are sold or reserved',
  closed: 'This raffle has closed: its instant prizes can no longer change',
  majority:
    'Instant-win raffles can never be the majority of live raffles: switch on another raffle without instant prizes first',
  debitOnly: 'Raffles with instant prizes take debit cards only',
  notFound: 'Instant win not found',
  wonTitle: 'You won an instant prize!',
  alreadyChosen: 'You have already chosen how to take this prize',
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

/** An instant prize as the administrator sets it (secret until the draw). */
export const instantPrizeSchema = z
  .object({
    ticketNumber: z
      .number({ error: INSTANT_WIN_MESSAGES.numberInvalid })
      .int(INSTANT_WIN_MESSAGES.numberInvalid)
      .min(1, INSTANT_WIN_MESSAGES.numberInvalid)
      .max(1_000_000, INSTANT_WIN_MESSAGES.outOfRange(1_000_000)),
    name: z
      .string()
      .trim()
      .min(1, INSTANT_WIN_MESSAGES.nameRequired)
      .max(INSTANT_WIN_LIMITS.nameMax),
    /** Pence: what the winner may take instead, in cash or as site credit. */
    cashAlternative: penceSchema,
  })
  .strict();
export type InstantPrize = z.infer<typeof instantPrizeSchema>;

/** An instant prize as the shop shows it: what it is, not where it is. */
export const publicInstantPrizeSchema = z.object({
  name: z.string(),
  cashAlternative: z.number().int().nonnegative(),
  won: z.boolean(),
});
export type PublicInstantPrize = z.infer<typeof publicInstantPrizeSchema>;

/** The secret list and its salt (`raffleSecrets/{id}.instantWins`), revealed by the draw. */
export const instantWinRevealSchema = z.object({
  salt: z.string().regex(/^[0-9a-f]{64}$/),
  prizes: z.array(instantPrizeSchema),
});
export type InstantWinReveal = z.infer<typeof instantWinRevealSchema>;

/** The list in its one canonical form: a line per prize, by ticket number. */
export function canonicalInstantPrizes(raffleId: string, reveal: InstantWinReveal): string {
  const lines = [...reveal.prizes]
    .sort((a, b) => a.ticketNumber - b.ticketNumber)
    .map((prize) => `${prize.ticketNumber}\t${prize.cashAlternative}\t${prize.name}`);
  return [INSTANT_WIN_ALGORITHM, raffleId, reveal.salt, ...lines].join('\n');
}

/** The commitment published before sales: SHA-256 of the canonical list, in hex. */
export const instantWinCommitment = (raffleId: string, reveal: InstantWinReveal) =>
  sha256Hex(canonicalInstantPrizes(raffleId, reveal));

/** Whether a revealed list is the one committed to. */
export async function verifyInstantWins(
  raffleId: string,
  commitment: string,
  reveal: InstantWinReveal,
): Promise<boolean> {
  return (await instantWinCommitment(raffleId, reveal)) === commitment;
}

/** What is wrong with a list of instant prizes for a raffle of `maxTickets`, or null. */
export function instantPrizesProblem(prizes: InstantPrize[], maxTickets: number): string | null {
  if (prizes.length > INSTANT_WIN_LIMITS.maxPrizes) return INSTANT_WIN_MESSAGES.tooMany;
  if (prizes.some((prize) => prize.ticketNumber > maxTickets)) {
    return INSTANT_WIN_MESSAGES.outOfRange(maxTickets);
  }
  const numbers = new Set(prizes.map((prize) => prize.ticketNumber));
  return numbers.size === prizes.length ? null : INSTANT_WIN_MESSAGES.repeated;
}

/** "3 instant prizes left among 940 tickets: 1 in 313 a ticket". */
export function instantOddsText(prizes: PublicInstantPrize[], ticketsLeft: number): string {
  const left = prizes.filter((prize) => !prize.won).length;
  if (left === 0) return 'Every instant prize has been won';
  const odds =
    ticketsLeft > 0 ? `: 1 in ${Math.max(1, Math.round(ticketsLeft / left))} a ticket` : '';
  return `${left} instant ${left === 1 ? 'prize' : 'prizes'} left among ${ticketsLeft.toLocaleString('en-GB')} tickets${odds}`;
}

/** "£50 Amazon voucher (or £45.00 cash)". */
export const instantPrizeText = (prize: Pick<InstantPrize, 'name' | 'cashAlternative'>) =>
  prize.cashAlternative > 0
    ? `${prize.name} (or ${formatPence(prize.cashAlternative)} cash)`
    : prize.name;

/** `instantWins/{raffleId}_{ticketNumber}`: a ticket that won at once. Owner and admins read. */
export const instantWinsCollection = 'instantWins';
export const instantWinId = (raffleId: string, ticketNumber: number) =>
  `${raffleId}_${ticketNumber}`;
export const instantWinSchema = z.object({
  userId: z.string(),
  raffleId: z.string(),
  raffleName: z.string(),
  ticketNumber: z.number().int().positive(),
  orderId: z.string(),
  prize: z.object({ name: z.string(), cashAlternative: z.number().int().nonnegative() }),
  payout: z.enum(PAYOUT_CHOICES).nullable(),
  wonAt: z.date(),
  payoutChosenAt: z.date().nullable(),
});
export type InstantWinData = z.infer<typeof instantWinSchema>;
export type InstantWin = InstantWinData & { id: string };

/** A won instant prize on an order line. */
export const orderInstantWinSchema = z.object({
  ticketNumber: z.number().int().positive(),
  name: z.string(),
  cashAlternative: z.number().int().nonnegative(),
});
export type OrderInstantWin = z.infer<typeof orderInstantWinSchema>;

/** "Instant win! Ticket 7 won £50 Amazon voucher (or £45.00 cash)". */
export const instantWinText = (win: OrderInstantWin) =>
  `Instant win! Ticket ${win.ticketNumber} won ${instantPrizeText(win)}`;
