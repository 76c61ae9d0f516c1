/** Every callable the web app uses, typed from the domain contracts. */
import type {
  ClaimFreeEntriesInput,
  DeleteCharityDonationInput,
  DeleteWinnerInput,
  ListUsersInput,
  ListUsersOutput,
  SendTestEmailInput,
  SendTestEmailOutput,
  SetUserAdminInput,
  SetUserAdminOutput,
  SetUserBannedInput,
  SetUserBannedOutput,
  SmtpSettings,
  UpdateEmailSettingsInput,
  UpdateSiteSettingsInput,
  UpdateUserProfileInput,
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

// User Management and Site Settings (administrators).
export const listUsers = callable<ListUsersInput, ListUsersOutput>('listUsers');
export const updateUserProfile = callable<UpdateUserProfileInput, { uid: string }>(
  'updateUserProfile',
);
export const setUserAdmin = callable<SetUserAdminInput, SetUserAdminOutput>('setUserAdmin');
export const setUserBanned = callable<SetUserBannedInput, SetUserBannedOutput>('setUserBanned');
export const updateSiteSettings = callable<UpdateSiteSettingsInput, { group: string }>(
  'updateSiteSettings',
);
export const updateEmailSettings = callable<
  UpdateEmailSettingsInput,
  Omit<SmtpSettings, 'updatedAt'>
>('updateEmailSettings');
export const sendTestEmail = callable<SendTestEmailInput, SendTestEmailOutput>('sendTestEmail');
