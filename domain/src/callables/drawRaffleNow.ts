import { z } from 'zod';
import { idSchema } from '../fields';
import { answer, defineCallable } from './contract';

/** `drawRaffleNow` (administrators): runs a closed raffle's draw now. */
export const drawRaffleNowInput = z.object({ raffleId: idSchema }).strict();
export type DrawRaffleNowInput = z.infer<typeof drawRaffleNowInput>;

export interface DrawRaffleNowOutput {
  status: 'drawn' | 'no-entries';
  winningTicketNumber: number | null;
  winnerName: string | null;
}

export const drawRaffleNowContract = defineCallable({
  name: 'drawRaffleNow',
  access: 'admin',
  input: drawRaffleNowInput,
  output: answer<DrawRaffleNowOutput>(),
});
