import {
  RATE_LIMITS,
  submitSupportTicketInput,
  type SubmitSupportTicketOutput,
} from '@rafflewin/domain';
import { callerOf } from '../lib/access';
import { validatedOnCall } from '../lib/callable';
import { db } from '../lib/firebase';
import { enforceRateLimit } from '../services/rateLimit';
import { openSupportTicket } from '../services/support/openSupportTicket';

/**
 * The contact form. Guests may write too; a signed-in customer's ticket is linked to their
 * account so it appears in My Support Tickets. Each e-mail address may send a few messages
 * an hour (each one sends an acknowledgement e-mail).
 */
export const submitSupportTicket = validatedOnCall(
  submitSupportTicketInput,
  async (input, request): Promise<SubmitSupportTicketOutput> => {
    await enforceRateLimit(db, `contact:${input.email.toLowerCase()}`, RATE_LIMITS.contactForm);
    return openSupportTicket(db, input, callerOf(request)?.uid ?? null);
  },
);
