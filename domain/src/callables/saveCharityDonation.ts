import { z } from 'zod';
import {
  idSchema,
  isoDateTimeSchema,
  ukDateTimeText,
  optionalImageUrlSchema,
  poundsText,
  penceSchema,
  seenUpdatedAtSchema,
} from '../fields';
import { DONATION_MESSAGES } from '../donationMessages';
import { answer, defineCallable, type SavedContentOutput } from './contract';

/** `saveCharityDonation` (administrators): adds (`donationId` null) or updates a donation. */
export const saveCharityDonationInput = z
  .object({
    donationId: idSchema.nullable(),
    charityName: z.string().trim().min(1, DONATION_MESSAGES.required).max(200),
    amount: penceSchema,
    date: isoDateTimeSchema,
    description: z.string().trim().min(1, DONATION_MESSAGES.descriptionRequired).max(2000),
    imageUrl: optionalImageUrlSchema,
    /** Edits: the donation's `updatedAt` (ms, null when it has none) as the form was filled. */
    seenUpdatedAt: seenUpdatedAtSchema,
  })
  .strict();
export type SaveCharityDonationInput = z.input<typeof saveCharityDonationInput>;

/** The browser's donation form: the amount in pounds text, the date as a local date-time. */
export const donationFormSchema = saveCharityDonationInput.extend({
  amount: poundsText(DONATION_MESSAGES.amountInvalid).pipe(
    z.number({ error: DONATION_MESSAGES.required }),
  ),
  date: ukDateTimeText(DONATION_MESSAGES.required),
});
export type DonationFormValues = z.input<typeof donationFormSchema>;

export const saveCharityDonationContract = defineCallable({
  name: 'saveCharityDonation',
  access: 'admin',
  input: saveCharityDonationInput,
  output: answer<SavedContentOutput>(),
});
