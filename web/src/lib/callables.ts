/** Every callable the web app uses, typed from the domain contracts. */
import type {
  AddTestCardInput,
  DeleteAccountInput,
  DeleteAccountOutput,
  EnsureProfileOutput,
  RemovePaymentMethodInput,
  RevokeSessionsOutput,
  SaveProfileInput,
  SaveProfileOutput,
  SaveStripeCardInput,
  SavedCardOutput,
  SetDefaultPaymentMethodInput,
  StartCardSetupOutput,
  UpdatePersonalDetailsInput,
  ClaimFreeEntriesInput,
  DeleteCharityDonationInput,
  DeleteWinnerInput,
  SaveCharityDonationInput,
  SaveWinnerInput,
  SavedContentOutput,
  FulfilmentOutput,
  PayWithTestCardInput,
  StartCheckoutInput,
  StartCheckoutOutput,
  SubmitSupportTicketInput,
  SubmitSupportTicketOutput,
} from '@rafflewin/domain';
import { httpsCallable } from 'firebase/functions';
import { functions } from './firebase';

function callable<I, O>(name: string) {
  const call = httpsCallable<I, O>(functions, name);
  return async (input: I): Promise<O> => (await call(input)).data;
}

export const startCheckout = callable<StartCheckoutInput, StartCheckoutOutput>('startCheckout');
export const claimFreeEntries = callable<ClaimFreeEntriesInput, FulfilmentOutput>('claimFreeEntries');
export const payWithTestCard = callable<PayWithTestCardInput, FulfilmentOutput>('payWithTestCard');

export const submitSupportTicket = callable<SubmitSupportTicketInput, SubmitSupportTicketOutput>(
  'submitSupportTicket',
);

// Administrators (the server checks the claim on every call).
export const saveWinner = callable<SaveWinnerInput, SavedContentOutput>('saveWinner');
export const deleteWinner = callable<DeleteWinnerInput, { id: string }>('deleteWinner');
export const saveCharityDonation = callable<SaveCharityDonationInput, SavedContentOutput>(
  'saveCharityDonation',
);
export const deleteCharityDonation = callable<DeleteCharityDonationInput, { id: string }>(
  'deleteCharityDonation',
);

// The customer's account (the server checks the caller on every call).
type NoInput = Record<string, never>;
export const ensureProfile = callable<NoInput, EnsureProfileOutput>('ensureProfile');
export const saveProfile = callable<SaveProfileInput, SaveProfileOutput>('saveProfile');
export const updatePersonalDetails = callable<UpdatePersonalDetailsInput, { updated: true }>(
  'updatePersonalDetails',
);
export const revokeSessions = callable<NoInput, RevokeSessionsOutput>('revokeSessions');
export const deleteAccount = callable<DeleteAccountInput, DeleteAccountOutput>('deleteAccount');
export const startCardSetup = callable<NoInput, StartCardSetupOutput>('startCardSetup');
export const saveStripeCard = callable<SaveStripeCardInput, SavedCardOutput>('saveStripeCard');
export const addTestCard = callable<AddTestCardInput, SavedCardOutput>('addTestCard');
export const setDefaultPaymentMethod = callable<
  SetDefaultPaymentMethodInput,
  { paymentMethodId: string }
>('setDefaultPaymentMethod');
export const removePaymentMethod = callable<RemovePaymentMethodInput, { paymentMethodId: string }>(
  'removePaymentMethod',
);
