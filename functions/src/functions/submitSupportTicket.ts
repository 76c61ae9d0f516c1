import { CALLABLES, RATE_LIMITS, type SubmitSupportTicketOutput } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { clientIp } from '../services/auth/requestInfo';
import { enforceRateLimit } from '../services/rateLimit';
import { openSupportTicket } from '../services/support/openSupportTicket';

/**
 * The contact form. Guests may write too; a signed-in customer's ticket is linked to their
 * account (and goes to the account's own address, whatever the form says) so it appears in
 * My Support Tickets. Each address, and each caller's address on the network, may send a few
 * messages an hour (each one sends an acknowledgement e-mail).
 */
export const submitSupportTicket = onCallable(
  CALLABLES.submitSupportTicket,
  async (input, caller, request): Promise<SubmitSupportTicketOutput> => {
    const account = caller?.email ? { uid: caller.uid, email: caller.email } : null;
    const email = (account?.email ?? input.email).toLowerCase();
    await enforceRateLimit(db, `contact:${email}`, RATE_LIMITS.contactForm);
    await enforceRateLimit(db, `contact-ip:${clientIp(request)}`, RATE_LIMITS.contactFormPerIp);
    return openSupportTicket(db, { ...input, email }, account?.uid ?? null);
  },
);
