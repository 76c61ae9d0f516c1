import { z } from 'zod';
import { idSchema } from '../fields';
import { answer, defineCallable } from './contract';

/** `deleteLibraryImage` (administrators): removes the entry and its uploaded file, if any. */
export const deleteLibraryImageInput = z.object({ imageId: idSchema }).strict();
export type DeleteLibraryImageInput = z.infer<typeof deleteLibraryImageInput>;

export const deleteLibraryImageContract = defineCallable({
  name: 'deleteLibraryImage',
  access: 'admin',
  input: deleteLibraryImageInput,
  output: answer<{ id: string }>(),
});
