import { z } from 'zod';
import { MAX_BUNDLES } from '../bundles';
import { BUNDLE_MESSAGES } from '../bundleRules';
import { penceSchema } from '../fields';
import { publicInstantPrizeSchema } from '../instantWins';
import { DRAW_STATUSES } from './draws';
import { RAFFLE_CATEGORIES } from './raffleCategories';

export const RAFFLE_LIMITS = {
  nameMax: 120,
  descriptionMax: 2000,
  entryTextMax: 4000,
  urlMax: 2048,
  maxTickets: 1_000_000,
  maxTicketsPerUser: 1000,
} as const;

/** A bundle: `tickets` tickets for `price` pence (the rules against the raffle: bundles.ts). */
export const bundleSchema = z
  .object({
    tickets: z
      .number()
      .int()
      .min(2, BUNDLE_MESSAGES.ticketsMin)
      .max(RAFFLE_LIMITS.maxTicketsPerUser, BUNDLE_MESSAGES.overPerUser),
    price: penceSchema,
  })
  .strict();

/** A prize draw as stored in `raffles/{raffleId}`. Prices are integer pence. */
export const raffleSchema = z.object({
  name: z.string().min(1).max(RAFFLE_LIMITS.nameMax),
  description: z.string().max(RAFFLE_LIMITS.descriptionMax),
  imageUrl: z.string().max(RAFFLE_LIMITS.urlMax),
  category: z.enum(RAFFLE_CATEGORIES),
  ticketPrice: penceSchema,
  maxTickets: z.number().int().positive().max(RAFFLE_LIMITS.maxTickets),
  maxTicketsPerUser: z.number().int().positive().max(RAFFLE_LIMITS.maxTicketsPerUser),
  /** Tickets sold together for less ("5 for £8"); checkout prices a line with bundles.ts. */
  bundles: z.array(bundleSchema).max(MAX_BUNDLES).default([]),
  /** Shoppers choose their numbers on a board or by lucky dip (numberPicking.ts). */
  numberPicking: z.boolean().default(false),
  /** Instant prizes, as the shop shows them (instantWins.ts; where they are stays secret). */
  instantPrizes: z.array(publicInstantPrizeSchema).default([]),
  /** SHA-256 of the secret instant-prize list, published before sales (functions only). */
  instantWinCommitment: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .nullable()
    .default(null),
  /** Tickets issued; rolled up from the pool's shards by functions only. */
  soldTickets: z.number().int().nonnegative(),
  /** Tickets held by unexpired checkout reservations; rolled up like soldTickets. */
  reservedTickets: z.number().int().nonnegative().default(0),
  active: z.boolean(),
  startDate: z.date(),
  endDate: z.date(),
  createdAt: z.date(),
  onlineEntryText: z.string().max(RAFFLE_LIMITS.entryTextMax),
  postalEntryText: z.string().max(RAFFLE_LIMITS.entryTextMax),
  /** Closes (and is drawn) as soon as every ticket is sold, not only at its end date. */
  closeOnSellOut: z.boolean().default(false),
  /** SHA-256 of the secret draw seed, published before any entry (functions only). */
  drawCommitment: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .nullable()
    .default(null),
  /** Set by the draw (functions only). */
  drawStatus: z.enum(DRAW_STATUSES).default('pending'),
  /** Set when an administrator cancelled the raffle: its orders are refunded, tickets void. */
  cancelledAt: z.date().nullable().optional(),
  updatedAt: z.date().nullable().optional(),
  /** When the shards behind `soldTickets`/`reservedTickets` were read (functions only). */
  countsReadAt: z.date().optional(),
});

export type RaffleData = z.infer<typeof raffleSchema>;
export type Raffle = RaffleData & { id: string };
