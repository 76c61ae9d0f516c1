import { z } from 'zod';
import { answer, defineCallable } from './contract';

/**
 * `revokeSessions`: Sign out from all devices. Revokes the caller's refresh tokens, so no
 * device can get a new ID token; the browser then signs out itself.
 */
export const revokeSessionsInput = z.object({}).strict();
export type RevokeSessionsInput = z.infer<typeof revokeSessionsInput>;

export interface RevokeSessionsOutput {
  /** When the revocation took effect (ISO); sessions signed in before it are refused. */
  revokedAt: string;
}

export const revokeSessionsContract = defineCallable({
  name: 'revokeSessions',
  access: 'customer',
  input: revokeSessionsInput,
  output: answer<RevokeSessionsOutput>(),
});
