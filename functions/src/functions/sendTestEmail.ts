import { CALLABLES, type SendTestEmailOutput } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { sendTestEmail as sendTest } from '../services/settings/testEmail';

/** Sends a test e-mail through the SMTP settings on the form (administrators, audited). */
export const sendTestEmail = onCallable(
  CALLABLES.sendTestEmail,
  (input, admin): Promise<SendTestEmailOutput> => sendTest(db, admin, input),
);
