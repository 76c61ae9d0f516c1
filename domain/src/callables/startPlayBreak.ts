import { z } from 'zod';
import { PLAY_BREAK_PERIODS } from '../collections/protection';
import { answer, defineCallable } from './contract';

/** `startPlayBreak`: blocks checkout (and marketing e-mail) for the period; cannot be undone. */
export const startPlayBreakInput = z.object({ period: z.enum(PLAY_BREAK_PERIODS) }).strict();
export type StartPlayBreakInput = z.infer<typeof startPlayBreakInput>;
export interface StartPlayBreakOutput {
  breakUntil: string | null;
  permanent: boolean;
  message: string;
}

export const startPlayBreakContract = defineCallable({
  name: 'startPlayBreak',
  access: 'customer',
  input: startPlayBreakInput,
  output: answer<StartPlayBreakOutput>(),
});
