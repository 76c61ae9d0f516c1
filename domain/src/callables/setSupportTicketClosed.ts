import { z } from 'zod';
import type { SupportStatus } from '../collections/support';
import { idSchema } from '../fields';
import { answer, defineCallable } from './contract';

/**
 * `setSupportTicketClosed` (administrators, audited): closes a conversation once it is
 * resolved (a complaint's deadlines stop there), or reopens it. A customer's new message also
 * reopens a closed conversation.
 */
export const setSupportTicketClosedInput = z
  .object({ ticketId: idSchema, closed: z.boolean() })
  .strict();
export type SetSupportTicketClosedInput = z.infer<typeof setSupportTicketClosedInput>;

export const setSupportTicketClosedContract = defineCallable({
  name: 'setSupportTicketClosed',
  access: 'admin',
  input: setSupportTicketClosedInput,
  output: answer<{ id: string; status: SupportStatus }>(),
});
