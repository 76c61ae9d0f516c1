import { PASSWORD_MESSAGES, type NewPasswordFormValues } from '@rafflewin/domain';
import { call } from '@/lib/callables';
import { toUserMessage } from '@/lib/errors';

/** Sets the new password from a reset link; the server checks the rules again. */
export async function completePasswordReset(
  oobCode: string,
  values: NewPasswordFormValues,
): Promise<void> {
  try {
    await call('completePasswordReset', { oobCode, ...values });
  } catch (error) {
    throw new Error(toUserMessage(error, PASSWORD_MESSAGES.updateFailed));
  }
}
