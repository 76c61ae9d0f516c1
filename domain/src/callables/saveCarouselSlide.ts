import { z } from 'zod';
import { RAFFLE_QUERY_PARAM } from '../constants';
import { changedSinceOpened } from '../editConflicts';
import { idSchema, imageUrlSchema, seenUpdatedAtSchema } from '../fields';
import { RAFFLE_CATEGORIES, type RaffleCategory } from '../collections/raffleCategories';
import { answer, defineCallable, type SavedContentOutput } from './contract';

/** The carousel editor's messages. */
export const CAROUSEL_MESSAGES = {
  imageRequired: 'Image URL is required',
  categoryRequired: 'Category is required',
  linkInvalid: 'Button link must be a path on this site, such as /competitions',
  notAdmin: 'You do not have administrator privileges to manage carousel slides.',
  loadFailed: 'Failed to fetch carousel slides',
  saveFailed: 'Failed to save slide',
  deleteFailed: 'Failed to delete slide',
  reorderFailed: 'Failed to reorder slides',
  statusFailed: 'Failed to update slide status',
  created: 'Slide created',
  updated: 'Slide updated',
  deleted: 'Slide deleted',
  activated: 'Slide activated',
  deactivated: 'Slide deactivated',
  moved: 'Slide order updated',
  alreadyFirst: 'This slide is already first',
  alreadyLast: 'This slide is already last',
  notFound: 'This slide no longer exists',
  /** An edit made over a change saved since the form was filled (another tab or administrator). */
  changedSinceOpened: changedSinceOpened('This slide'),
} as const;

/** A new slide's button text. */
export const DEFAULT_SLIDE_BUTTON_TEXT = 'Enter Now';

/** The listing page a carousel button for a raffle of each category opens. */
const SLIDE_CATEGORY_PATHS: Record<RaffleCategory, string> = {
  charity: '/charity',
  tech: '/competitions/tech',
  cash: '/competitions/cash',
  free: '/free',
  competition: '/competitions',
};

/** The button link of a slide made from a raffle: its listing page, naming the raffle. */
export function carouselLinkForRaffle(raffle: { id: string; category: RaffleCategory }): string {
  const path = SLIDE_CATEGORY_PATHS[raffle.category] ?? '/competitions';
  return `${path}?${RAFFLE_QUERY_PARAM}=${encodeURIComponent(raffle.id)}`;
}

/** A path on this site ("/free", "/competitions?raffle=x"), never another host. */
const sitePath = z
  .string()
  .trim()
  .max(500)
  .refine((value) => value === '' || /^\/(?![/\\])\S*$/.test(value), CAROUSEL_MESSAGES.linkInvalid);

/**
 * `saveCarouselSlide` (administrators): creates (`slideId` null; placed last, at the highest
 * position plus one) or edits a slide. Title optional; image URL and category required; the
 * button text defaults to "Enter Now"; the button link is a path on this site.
 */
export const saveCarouselSlideInput = z
  .object({
    slideId: idSchema.nullable(),
    title: z.string().trim().max(120),
    description: z.string().trim().max(500),
    imageUrl: z.string().trim().min(1, CAROUSEL_MESSAGES.imageRequired).pipe(imageUrlSchema),
    category: z.enum(RAFFLE_CATEGORIES, { error: CAROUSEL_MESSAGES.categoryRequired }),
    buttonText: z
      .string()
      .trim()
      .max(40)
      .transform((text) => text || DEFAULT_SLIDE_BUTTON_TEXT),
    buttonLink: sitePath,
    isActive: z.boolean(),
    /** Edits: the slide's `updatedAt` (ms, null when it has none) as the form was filled. */
    seenUpdatedAt: seenUpdatedAtSchema,
  })
  .strict();
export type SaveCarouselSlideInput = z.input<typeof saveCarouselSlideInput>;

export const saveCarouselSlideContract = defineCallable({
  name: 'saveCarouselSlide',
  access: 'admin',
  input: saveCarouselSlideInput,
  output: answer<SavedContentOutput>(),
});
