import { z } from 'zod';
import { idSchema } from '../fields';
import { answer, defineCallable } from './contract';

/** `deleteWinner` (administrators). */
export const deleteWinnerInput = z.object({ winnerId: idSchema }).strict();
export type DeleteWinnerInput = z.infer<typeof deleteWinnerInput>;

export const deleteWinnerContract = defineCallable({
  name: 'deleteWinner',
  access: 'admin',
  input: deleteWinnerInput,
  output: answer<{ id: string }>(),
});
