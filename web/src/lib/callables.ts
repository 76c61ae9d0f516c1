/** Every callable the web app uses, typed from the domain contracts. */
import type {
  ClaimFreeEntriesInput,
  DeleteCharityDonationInput,
  DeleteWinnerInput,
  DeleteAllNotificationsInput,
  DeleteSupportMessageInput,
  DeleteSupportTicketInput,
  DeleteSupportTicketOutput,
  MarkAllNotificationsReadInput,
  MarkSupportTicketReadInput,
  MarkSupportTicketReadOutput,
  NotificationsChangedOutput,
  SendNotificationInput,
  SendNotificationOutput,
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

// Notifications and support conversations (customers; administrators where noted).
export const markAllNotificationsRead = callable<
  MarkAllNotificationsReadInput,
  NotificationsChangedOutput
>('markAllNotificationsRead');
export const deleteAllNotifications = callable<
  DeleteAllNotificationsInput,
  NotificationsChangedOutput
>('deleteAllNotifications');
export const markSupportTicketRead = callable<
  MarkSupportTicketReadInput,
  MarkSupportTicketReadOutput
>('markSupportTicketRead');
/** Administrators. */
export const deleteSupportMessage = callable<DeleteSupportMessageInput, { id: string }>(
  'deleteSupportMessage',
);
/** Administrators. */
export const deleteSupportTicket = callable<DeleteSupportTicketInput, DeleteSupportTicketOutput>(
  'deleteSupportTicket',
);
/** Administrators. */
export const sendNotification = callable<SendNotificationInput, SendNotificationOutput>(
  'sendNotification',
);
