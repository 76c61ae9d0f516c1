import { CALLABLES, RATE_LIMITS, type SubmitSupportTicketOutput } from '@rafflewin/domain';
import { closedToCaller, isInGoodStanding, needsTwoFactor, type Caller } from '../lib/access';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { clientIp, rateLimitMailbox } from '../services/auth/requestInfo';
import { enforceRateLimit } from '../services/rateLimit';
import { contactAccount, openSupportTicket } from '../services/support/openSupportTicket';

/**
 * The contact form. Guests may write too; a signed-in customer's ticket is linked to their
 * account, under the account's name and address whatever the form says, so it appears in My
 * Support Tickets. A caller whose address is unconfirmed, whose account is out of standing
 * (banned, signed out everywhere, deleted), whose sign-in still owes its two-factor code (the
 * password alone, which support must not take for the account holder) or who is kept out by
 * maintenance mode writes as a guest. Each network address, each account and each address
 * typed by a guest may send a few messages an hour (each one sends an acknowledgement e-mail);
 * a guest typing a customer's address does not use up the customer's.
 */
export const submitSupportTicket = onCallable(
  CALLABLES.submitSupportTicket,
  async (input, caller, request): Promise<SubmitSupportTicketOutput> => {
    await enforceRateLimit(db, `contact-ip:${clientIp(request)}`, RATE_LIMITS.contactFormPerIp);
    const account =
      caller?.email && (await writesAsAccount(caller))
        ? await contactAccount(db, caller.uid, caller.email)
        : null;
    if (account) {
      await enforceRateLimit(db, `contact-uid:${account.uid}`, RATE_LIMITS.contactForm);
      const { name, email } = account;
      return openSupportTicket(db, { ...input, name: name ?? input.name, email }, account.uid);
    }
    const email = input.email.toLowerCase();
    await enforceRateLimit(db, `contact:${rateLimitMailbox(email)}`, RATE_LIMITS.contactForm);
    return openSupportTicket(db, { ...input, email }, null);
  },
);

/**
 * Whether the caller's sign-in counts as the account's, as the rules have it (`isActiveUser`,
 * `siteOpenToCaller`).
 */
async function writesAsAccount(caller: Caller): Promise<boolean> {
  if (!caller.emailVerified) return false;
  const [standing, closed, owesCode] = await Promise.all([
    isInGoodStanding(caller),
    closedToCaller(caller),
    needsTwoFactor(caller),
  ]);
  return standing && !closed && !owesCode;
}
