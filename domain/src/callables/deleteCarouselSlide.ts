import { z } from 'zod';
import { idSchema } from '../fields';
import { answer, defineCallable } from './contract';

/** `deleteCarouselSlide` (administrators). */
export const deleteCarouselSlideInput = z.object({ slideId: idSchema }).strict();
export type DeleteCarouselSlideInput = z.infer<typeof deleteCarouselSlideInput>;

export const deleteCarouselSlideContract = defineCallable({
  name: 'deleteCarouselSlide',
  access: 'admin',
  input: deleteCarouselSlideInput,
  output: answer<{ id: string }>(),
});
