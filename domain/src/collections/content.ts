import { z } from 'zod';
import { penceSchema } from '../fields';
import { RAFFLE_CATEGORIES } from './raffleCategories';

const url = z.string().max(2048);

/** A hero carousel slide, `carouselSlides/{id}`, ordered by `position`. The title is optional. */
export const carouselSlideSchema = z.object({
  title: z.string().max(120),
  description: z.string().max(500),
  imageUrl: url,
  category: z.enum(RAFFLE_CATEGORIES).nullable(),
  buttonText: z.string().max(40),
  buttonLink: z.string().max(500),
  isActive: z.boolean(),
  position: z.number().int().nonnegative(),
  /** Set by every save of the form's fields; absent on documents saved before it was kept. */
  updatedAt: z.date().optional(),
});
export type CarouselSlideData = z.infer<typeof carouselSlideSchema>;
export type CarouselSlide = CarouselSlideData & { id: string };

/** A prize winner shown on /winners. */
export const winnerSchema = z.object({
  raffleId: z.string().max(128).nullable(),
  winnerName: z.string().min(1).max(120),
  ticketNumber: z.string().max(40).nullable(),
  imageUrl: url.nullable(),
  prizeName: z.string().min(1).max(200),
  prizeImageUrl: url.nullable(),
  prizeValue: penceSchema.nullable(),
  announcementDate: z.date(),
  updatedAt: z.date(),
  /** What saved it ('admin', or the draw's `draw:<trigger>`): public, so never an account id. */
  updatedBy: z.string().max(128).nullable(),
});
export type WinnerData = z.infer<typeof winnerSchema>;
export type Winner = WinnerData & { id: string };

/** A donation made to a charity, listed on /charity. */
export const charityDonationSchema = z.object({
  charityName: z.string().min(1).max(200),
  amount: penceSchema,
  date: z.date(),
  description: z.string().max(2000),
  imageUrl: url.nullable(),
  /** Set by every save of the form's fields; absent on documents saved before it was kept. */
  updatedAt: z.date().optional(),
});
export type CharityDonationData = z.infer<typeof charityDonationSchema>;
export type CharityDonation = CharityDonationData & { id: string };
