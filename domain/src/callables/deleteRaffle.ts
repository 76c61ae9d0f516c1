import { z } from 'zod';
import { idSchema } from '../fields';
import { answer, defineCallable } from './contract';

/** `deleteRaffle` (administrators): refused while the raffle has tickets. */
export const deleteRaffleInput = z.object({ raffleId: idSchema }).strict();
export type DeleteRaffleInput = z.infer<typeof deleteRaffleInput>;

export const deleteRaffleContract = defineCallable({
  name: 'deleteRaffle',
  access: 'admin',
  input: deleteRaffleInput,
  output: answer<{ id: string }>(),
});
