import { z } from 'zod';
import { idSchema } from '../fields';
import { answer, defineCallable } from './contract';

/**
 * `deleteSupportMessage` (administrators, audited): removes one message of a conversation.
 * A message that no longer exists is refused with "Message not found. The conversation may
 * have been updated." (SUPPORT_MESSAGES.messageNotFound).
 */
export const deleteSupportMessageInput = z
  .object({ ticketId: idSchema, messageId: idSchema })
  .strict();
export type DeleteSupportMessageInput = z.infer<typeof deleteSupportMessageInput>;

export const deleteSupportMessageContract = defineCallable({
  name: 'deleteSupportMessage',
  access: 'admin',
  input: deleteSupportMessageInput,
  output: answer<{ id: string }>(),
});
