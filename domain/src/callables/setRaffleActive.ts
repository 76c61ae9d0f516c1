import { z } from 'zod';
import { idSchema } from '../fields';
import { answer, defineCallable } from './contract';

/** `setRaffleActive` (administrators): the Status toggle. */
export const setRaffleActiveInput = z.object({ raffleId: idSchema, active: z.boolean() }).strict();
export type SetRaffleActiveInput = z.infer<typeof setRaffleActiveInput>;

export const setRaffleActiveContract = defineCallable({
  name: 'setRaffleActive',
  access: 'admin',
  input: setRaffleActiveInput,
  output: answer<{ id: string }>(),
});
