import { z } from 'zod';

/**
 * `claimChanges/{uid}`: a change of the account's custom claims under way (an administrator's
 * right, the staff mark). Auth keeps the claims as one object written whole, so a change reads
 * them, sets its own and writes them all back; two changes of one account at once would each
 * write back what they read, and the later one would undo the earlier (a staff mark dropping a
 * right granted meanwhile). One change at a time per account holds this document for as long
 * as it runs, at most `CLAIM_CHANGE_HOLD_MS`. Functions only.
 */
export const claimChangesCollection = 'claimChanges';

/** How long a change may hold an account's claims: a function stopped mid-way frees them then. */
export const CLAIM_CHANGE_HOLD_MS = 60_000;

export const claimChangeSchema = z.object({
  /** Which change holds the claims (a random id), so only it lets go. */
  holder: z.string(),
  /** Until when (ms): after it, another change may take the claims. */
  until: z.number(),
});
export type ClaimChangeData = z.infer<typeof claimChangeSchema>;
