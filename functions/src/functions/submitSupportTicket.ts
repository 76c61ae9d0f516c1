import { CALLABLES, RATE_LIMITS, type SubmitSupportTicketOutput } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { enforceRateLimit } from '../services/rateLimit';
import { openSupportTicket } from '../services/support/openSupportTicket';

/**
 * The contact form. Guests may write too; a signed-in customer's ticket is linked to their
 * account so it appears in My Support Tickets. Each e-mail address may send a few messages
 * an hour (each one sends an acknowledgement e-mail).
 */
export const submitSupportTicket = onCallable(
  CALLABLES.submitSupportTicket,
  async (input, caller): Promise<SubmitSupportTicketOutput> => {
    await enforceRateLimit(db, `contact:${input.email.toLowerCase()}`, RATE_LIMITS.contactForm);
    return openSupportTicket(db, input, caller?.uid ?? null);
  },
);
