import { z } from 'zod';
import { oobCodeSchema } from '../authSchemas';
import { answer, defineCallable } from './contract';

/** `confirmEmailChange` (anyone holding the link): applies the change and updates the profile. */
export const confirmEmailChangeInput = z.object({ oobCode: oobCodeSchema }).strict();
export type ConfirmEmailChangeInput = z.input<typeof confirmEmailChangeInput>;

export interface ConfirmEmailChangeOutput {
  /** The new address (the link was sent to it, so its holder knows it already). */
  email: string;
}

export const confirmEmailChangeContract = defineCallable({
  name: 'confirmEmailChange',
  access: 'anyone',
  input: confirmEmailChangeInput,
  output: answer<ConfirmEmailChangeOutput>(),
});
