import { CALLABLES, type CharityDonationData, type SavedContentOutput } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { CONTENT, saveContent } from '../services/admin/content';

/** Adds or edits a charity donation listed on /charity (administrators, audited). */
export const saveCharityDonation = onCallable(
  CALLABLES.saveCharityDonation,
  async ({ donationId, seenUpdatedAt, date, ...fields }, admin): Promise<SavedContentOutput> => {
    const donation = {
      ...fields,
      date: new Date(date),
      updatedAt: new Date(),
    } satisfies CharityDonationData;
    return saveContent(db, admin, CONTENT.donations, { id: donationId, seenUpdatedAt }, donation);
  },
);
