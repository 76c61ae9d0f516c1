import { submitSupportTicketInput, type SubmitSupportTicketOutput } from '@rafflewin/domain';
import { callerOf } from '../lib/access';
import { validatedOnCall } from '../lib/callable';
import { db } from '../lib/firebase';
import { openSupportTicket } from '../services/support/openSupportTicket';

/**
 * The contact form. Guests may write too; a signed-in customer's ticket is linked to their
 * account so it appears in My Support Tickets.
 */
export const submitSupportTicket = validatedOnCall(
  submitSupportTicketInput,
  async (input, request): Promise<SubmitSupportTicketOutput> =>
    openSupportTicket(db, input, callerOf(request)?.uid ?? null),
);
