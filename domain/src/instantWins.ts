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
import { INSTANT_WIN_MESSAGES } from './instantWinMessages';
import { INSTANT_WIN_LIMITS, PAYOUT_CHOICES } from './instantWinTexts';

export const INSTANT_WIN_ALGORITHM = 'rafflewin-instant-wins-v1';

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

/**
 * `instantWins/{raffleId}_{ticketNumber}`: a ticket that won at once. Its winner and admins read.
 */
export const instantWinsCollection = 'instantWins';
export const instantWinId = (raffleId: string, ticketNumber: number) =>
  `${raffleId}_${ticketNumber}`;
export const instantWinSchema = z.object({
  /**
   * The winner, who reads it. Null for a prize forfeited by a wrong answer to the skill question:
   * nobody won it, and its buyer, never told (no correct/incorrect feedback before the draw),
   * must not be able to read it either (the order it came with is `orderId`, for staff).
   */
  userId: z.string().nullable(),
  raffleId: z.string(),
  raffleName: z.string(),
  ticketNumber: z.number().int().positive(),
  orderId: z.string(),
  prize: z.object({ name: z.string(), cashAlternative: z.number().int().nonnegative() }),
  payout: z.enum(PAYOUT_CHOICES).nullable(),
  wonAt: z.date(),
  payoutChosenAt: z.date().nullable(),
  /** When its ticket was voided (refunded or its payment disputed): the win goes with it. */
  voidedAt: z.date().nullable().default(null),
  /**
   * Of a voided win paid as site credit: what its voiding could not take back (spent by then),
   * taken later from credit that comes back to the account (its order's refund); counted down.
   */
  creditNotRecovered: z.number().int().nonnegative().optional(),
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
