import type { z } from 'zod';
import { ticketMessageInput } from '../collections/support';
import { answer, defineCallable } from './contract';

/**
 * `sendSupportMessage` (the conversation's owner, signed in with a current session): the
 * customer's message in their conversation, a few at a time (`RATE_LIMITS.supportMessage`).
 * Only this callable writes as the customer (the rules let no browser), so the limit cannot be
 * stepped round. The message trigger then counts it and reopens a closed conversation.
 */
export const sendSupportMessageInput = ticketMessageInput;
export type SendSupportMessageInput = z.infer<typeof sendSupportMessageInput>;

export const sendSupportMessageContract = defineCallable({
  name: 'sendSupportMessage',
  access: 'session',
  input: sendSupportMessageInput,
  output: answer<{ id: string }>(),
});
