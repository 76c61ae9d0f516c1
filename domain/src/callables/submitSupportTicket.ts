import { z } from 'zod';
import { SUPPORT_LIMITS } from '../collections/support';
import { visibleLine } from '../fields';
import { answer, defineCallable } from './contract';

/** The contact form's messages. */
export const CONTACT_MESSAGES = {
  nameRequired: 'Please provide your name',
  emailRequired: 'Please provide your email address',
  emailInvalid: 'Please enter a valid email address',
  subjectRequired: 'Please provide a subject',
  messageRequired: 'Please write your message',
  sent: "Thank you! Your message has been sent. We'll reply by e-mail as soon as we can.",
  failed: 'Failed to submit message. Please try again later.',
} as const;

/** `submitSupportTicket`: the contact form, for guests and signed-in customers alike. */
export const submitSupportTicketInput = z
  .object({
    name: visibleLine(
      z.string().trim().min(1, CONTACT_MESSAGES.nameRequired).max(SUPPORT_LIMITS.nameMax),
    ),
    email: z
      .string()
      .trim()
      .min(1, CONTACT_MESSAGES.emailRequired)
      .max(320)
      .pipe(z.email(CONTACT_MESSAGES.emailInvalid)),
    subject: visibleLine(
      z.string().trim().min(1, CONTACT_MESSAGES.subjectRequired).max(SUPPORT_LIMITS.subjectMax),
    ),
    message: z
      .string()
      .trim()
      .min(1, CONTACT_MESSAGES.messageRequired)
      .max(SUPPORT_LIMITS.messageMax),
    /** Raised as a complaint: it gets the complaint deadlines. */
    complaint: z.boolean().default(false),
  })
  .strict();
export type SubmitSupportTicketInput = z.input<typeof submitSupportTicketInput>;
/** A submission after validation (trimmed). */
export type SupportTicketSubmission = z.output<typeof submitSupportTicketInput>;

export interface SubmitSupportTicketOutput {
  ticketId: string;
  /** Quoted in replies and complaints. */
  reference: string;
}

export const submitSupportTicketContract = defineCallable({
  name: 'submitSupportTicket',
  access: 'anyone',
  input: submitSupportTicketInput,
  output: answer<SubmitSupportTicketOutput>(),
});
