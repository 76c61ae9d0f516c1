import { CALLABLES, type SavedEmailSettings } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { saveEmailSettings } from '../services/settings/emailSettings';

/** Saves the Email Server tab; the password is write-only (administrators, audited). */
export const updateEmailSettings = onCallable(
  CALLABLES.updateEmailSettings,
  (input, admin): Promise<SavedEmailSettings> => saveEmailSettings(db, admin, input),
);
