import { z } from 'zod';
import { instantWinRevealSchema } from '../instantWins';

/** Where a raffle is in its draw. */
export const DRAW_STATUSES = ['pending', 'drawn', 'no-entries', 'cancelled'] as const;
export type DrawStatus = (typeof DRAW_STATUSES)[number];
export const DRAW_TRIGGERS = ['schedule', 'sell-out', 'admin'] as const;
export type DrawTrigger = (typeof DRAW_TRIGGERS)[number];

/** `drawSeeds/{raffleId}`: the secret seed until the draw. Functions only, never a client. */
export const drawSeedsCollection = 'drawSeeds';
export const drawSeedSchema = z.object({
  seed: z.string().regex(/^[0-9a-f]{64}$/),
  commitment: z.string().regex(/^[0-9a-f]{64}$/),
  createdAt: z.date(),
});
export type DrawSeed = z.infer<typeof drawSeedSchema>;

/** Ticket numbers per entry-list document (numbers are small; far below the 1 MiB limit). */
export const DRAW_ENTRY_CHUNK_SIZE = 20_000;

export const drawRecordSchema = z.object({
  raffleId: z.string(),
  raffleName: z.string(),
  algorithm: z.string(),
  commitment: z.string(),
  committedAt: z.date(),
  status: z.enum(['drawn', 'no-entries']),
  trigger: z.enum(DRAW_TRIGGERS),
  /** When entries were frozen. */
  closedAt: z.date(),
  entriesHash: z.string(),
  eligibleCount: z.number().int().nonnegative(),
  /** Documents under `draws/{id}/entryList` holding the frozen, sorted numbers. */
  entryListChunks: z.number().int().nonnegative(),
  /** Tickets left out, published so the count adds up: wrong answers, staff, void. */
  excludedWrongAnswer: z.number().int().nonnegative(),
  excludedStaff: z.number().int().nonnegative(),
  /** The revealed seed. */
  seed: z.string(),
  winningIndex: z.number().int().nonnegative().nullable(),
  winningTicketNumber: z.number().int().positive().nullable(),
  /** "First L." of the winner. */
  winnerName: z.string().nullable(),
  drawnAt: z.date(),
  /** The instant prizes' commitment published before sales, kept with the draw. */
  instantWinCommitment: z.string().nullable().optional(),
  /** The instant prizes and their salt, revealed by the draw (raffles that had any). */
  instantWinReveal: instantWinRevealSchema.nullable().optional(),
});
export type DrawRecordData = z.infer<typeof drawRecordSchema>;
export type DrawRecord = DrawRecordData & { id: string };

export const drawEntryChunkSchema = z.object({
  index: z.number().int().nonnegative(),
  numbers: z.array(z.number().int().positive()),
});
export type DrawEntryChunk = z.infer<typeof drawEntryChunkSchema>;

export const DRAW_MESSAGES = {
  notClosed: 'This raffle has not closed yet',
  cancelled: 'This raffle was cancelled and will not be drawn',
  notReady: 'Entries are still being completed for this raffle; the draw will run shortly',
  noSeed: 'This raffle has no draw commitment',
  /** The seed is not the one the raffle's published commitment stands for: a person must look. */
  commitmentMismatch:
    'The draw seed does not match the commitment published for this raffle: the draw is stopped',
  alreadyDrawn: 'This raffle has been drawn: its tickets can no longer change',
} as const;
