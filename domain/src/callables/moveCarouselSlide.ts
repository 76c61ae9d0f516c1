import { z } from 'zod';
import { idSchema } from '../fields';
import { answer, defineCallable } from './contract';

/** `moveCarouselSlide` (administrators): swaps a slide's position with its neighbour's. */
export const moveCarouselSlideInput = z
  .object({ slideId: idSchema, direction: z.enum(['up', 'down']) })
  .strict();
export type MoveCarouselSlideInput = z.infer<typeof moveCarouselSlideInput>;

export const moveCarouselSlideContract = defineCallable({
  name: 'moveCarouselSlide',
  access: 'admin',
  input: moveCarouselSlideInput,
  output: answer<{ id: string }>(),
});
