import { CALLABLES } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { CONTENT, deleteContent } from '../services/admin/content';

/** Removes a charity donation from /charity (administrators, audited). */
export const deleteCharityDonation = onCallable(
  CALLABLES.deleteCharityDonation,
  async ({ donationId }, admin) => {
    await deleteContent(db, admin, CONTENT.donations, donationId);
    return { id: donationId };
  },
);
