import { sendTestEmailInput, type SendTestEmailOutput } from '@rafflewin/domain';
import { adminOnCall } from '../lib/callable';
import { db } from '../lib/firebase';
import { sendTestEmail as sendTest } from '../services/settings/testEmail';

/** Sends a test e-mail through the SMTP settings on the form (administrators, audited). */
export const sendTestEmail = adminOnCall(
  sendTestEmailInput,
  (input, admin): Promise<SendTestEmailOutput> => sendTest(db, admin, input),
);
