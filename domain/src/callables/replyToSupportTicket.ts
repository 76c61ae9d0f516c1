import type { z } from 'zod';
import { ticketMessageInput } from '../collections/support';
import { answer, defineCallable } from './contract';

/**
 * `replyToSupportTicket` (administrators, audited): support's reply in a conversation. Only
 * this callable writes as support (the rules let no browser), so the administrator's claim,
 * ban and second factor are checked on every reply, and an old token of a demoted
 * administrator is refused. The message trigger then counts it and tells the customer.
 */
export const replyToSupportTicketInput = ticketMessageInput;
export type ReplyToSupportTicketInput = z.infer<typeof replyToSupportTicketInput>;

export const replyToSupportTicketContract = defineCallable({
  name: 'replyToSupportTicket',
  access: 'admin',
  input: replyToSupportTicketInput,
  output: answer<{ id: string }>(),
});
