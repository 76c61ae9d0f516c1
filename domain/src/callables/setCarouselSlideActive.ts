import { z } from 'zod';
import { idSchema } from '../fields';
import { answer, defineCallable } from './contract';

/** `setCarouselSlideActive` (administrators): the slide's status toggle. */
export const setCarouselSlideActiveInput = z
  .object({ slideId: idSchema, isActive: z.boolean() })
  .strict();
export type SetCarouselSlideActiveInput = z.infer<typeof setCarouselSlideActiveInput>;

export const setCarouselSlideActiveContract = defineCallable({
  name: 'setCarouselSlideActive',
  access: 'admin',
  input: setCarouselSlideActiveInput,
  output: answer<{ id: string }>(),
});
