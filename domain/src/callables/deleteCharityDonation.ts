import { z } from 'zod';
import { idSchema } from '../fields';
import { answer, defineCallable } from './contract';

/** `deleteCharityDonation` (administrators). */
export const deleteCharityDonationInput = z.object({ donationId: idSchema }).strict();
export type DeleteCharityDonationInput = z.infer<typeof deleteCharityDonationInput>;

export const deleteCharityDonationContract = defineCallable({
  name: 'deleteCharityDonation',
  access: 'admin',
  input: deleteCharityDonationInput,
  output: answer<{ id: string }>(),
});
