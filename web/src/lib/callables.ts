/** Every callable the web app uses, typed from the domain contracts. */
import {
  AUTH_TIMINGS,
  type ChangePasswordInput,
  type CompletePasswordResetInput,
  type ConfirmEmailChangeInput,
  type ConfirmEmailChangeOutput,
  type MessageOutput,
  type RequestEmailChangeInput,
  type RequestPasswordResetInput,
  type RequestSignInLinkInput,
  type ResendConfirmationInput,
  type SignInWithUsernameInput,
  type SignInWithUsernameOutput,
  type SignUpInput,
  type SignUpOutput,
  type StartTwoFactorEnrolmentInput,
  type StartTwoFactorEnrolmentOutput,
  type TwoFactorCodeInput,
  type VerifyTwoFactorOutput,
} from '@rafflewin/domain';
import type {
  AddLibraryImageInput,
  CancelRaffleInput,
  CancelRaffleOutput,
  DeleteCarouselSlideInput,
  DeleteLibraryImageInput,
  DeleteQuestionInput,
  DeleteRaffleInput,
  MoveCarouselSlideInput,
  SaveCarouselSlideInput,
  SaveQuestionInput,
  SaveRaffleInput,
  SetCarouselSlideActiveInput,
  SetQuestionActiveInput,
  SetRaffleActiveInput,

  AddTicketsForUserInput,
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
  DrawRaffleNowInput,
  RecordPostalEntryInput,
  RecordPostalEntryOutput,
  DrawRaffleNowOutput,
  SetSpendLimitInput,
  SetSpendLimitOutput,
  StartPlayBreakInput,
  StartPlayBreakOutput,
  CreateManualEntryInput,
  DeleteOrderInput,
  DeleteOrderOutput,
  DeleteTicketInput,
  UpdateTicketInput,
  UpdateTicketOutput,
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
import { httpsCallable, type HttpsCallableOptions } from 'firebase/functions';
import { functions } from './firebase';

function callable<I, O>(name: string, options?: HttpsCallableOptions) {
  const call = httpsCallable<I, O>(functions, name, options);
  return async (input: I): Promise<O> => (await call(input)).data;
}

export const startCheckout = callable<StartCheckoutInput, StartCheckoutOutput>('startCheckout');
export const claimFreeEntries = callable<ClaimFreeEntriesInput, FulfilmentOutput>('claimFreeEntries');
export const payWithTestCard = callable<PayWithTestCardInput, FulfilmentOutput>('payWithTestCard');

// Player protection.
export const setSpendLimit = callable<SetSpendLimitInput, SetSpendLimitOutput>('setSpendLimit');
export const startPlayBreak = callable<StartPlayBreakInput, StartPlayBreakOutput>('startPlayBreak');

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
export const drawRaffleNow = callable<DrawRaffleNowInput, DrawRaffleNowOutput>('drawRaffleNow');
export const recordPostalEntry = callable<RecordPostalEntryInput, RecordPostalEntryOutput>(
  'recordPostalEntry',
);


// Administrators: raffles, questions, image library and carousel (back-office §2).
export const saveRaffle = callable<SaveRaffleInput, SavedContentOutput>('saveRaffle');
export const setRaffleActive = callable<SetRaffleActiveInput, { id: string }>('setRaffleActive');
export const deleteRaffle = callable<DeleteRaffleInput, { id: string }>('deleteRaffle');
export const cancelRaffle = callable<CancelRaffleInput, CancelRaffleOutput>('cancelRaffle');
export const saveQuestion = callable<SaveQuestionInput, SavedContentOutput>('saveQuestion');
export const setQuestionActive = callable<SetQuestionActiveInput, { id: string }>(
  'setQuestionActive',
);
export const deleteQuestion = callable<DeleteQuestionInput, { id: string }>('deleteQuestion');
export const addLibraryImage = callable<AddLibraryImageInput, { id: string }>('addLibraryImage');
export const deleteLibraryImage = callable<DeleteLibraryImageInput, { id: string }>(
  'deleteLibraryImage',
);
export const saveCarouselSlide = callable<SaveCarouselSlideInput, SavedContentOutput>(
  'saveCarouselSlide',
);
export const setCarouselSlideActive = callable<SetCarouselSlideActiveInput, { id: string }>(
  'setCarouselSlideActive',
);
export const moveCarouselSlide = callable<MoveCarouselSlideInput, { id: string }>(
  'moveCarouselSlide',
);
export const deleteCarouselSlide = callable<DeleteCarouselSlideInput, { id: string }>(
  'deleteCarouselSlide',
);

// Administrators: tickets and orders (manual entry, Manage Tickets, Order management).
export const createManualEntry = callable<CreateManualEntryInput, FulfilmentOutput>(
  'createManualEntry',
);
export const addTicketsForUser = callable<AddTicketsForUserInput, FulfilmentOutput>(
  'addTicketsForUser',
);
export const updateTicket = callable<UpdateTicketInput, UpdateTicketOutput>('updateTicket');
export const deleteTicket = callable<DeleteTicketInput, { ticketId: string }>('deleteTicket');
export const deleteOrder = callable<DeleteOrderInput, DeleteOrderOutput>('deleteOrder');

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

// Accounts: sign-in, sign-up, e-mail links, passwords and two-factor.
export const signUp = callable<SignUpInput, SignUpOutput>('signUp');
export const signInWithUsername = callable<SignInWithUsernameInput, SignInWithUsernameOutput>(
  'signInWithUsername',
);
export const requestSignInLink = callable<RequestSignInLinkInput, MessageOutput>('requestSignInLink');
export const resendConfirmation = callable<ResendConfirmationInput, MessageOutput>(
  'resendConfirmation',
);
export const requestPasswordReset = callable<RequestPasswordResetInput, MessageOutput>(
  'requestPasswordReset',
);
export const completePasswordReset = callable<CompletePasswordResetInput, MessageOutput>(
  'completePasswordReset',
);
export const changePassword = callable<ChangePasswordInput, MessageOutput>('changePassword');
export const requestEmailChange = callable<RequestEmailChangeInput, MessageOutput>(
  'requestEmailChange',
);
export const confirmEmailChange = callable<ConfirmEmailChangeInput, ConfirmEmailChangeOutput>(
  'confirmEmailChange',
);
// Two-factor requests give up after 10 seconds (accounts §7 and §9).
const twoFactorOptions = { timeout: AUTH_TIMINGS.twoFactorRequestTimeoutMs };
export const startTwoFactorEnrolment = callable<
  StartTwoFactorEnrolmentInput,
  StartTwoFactorEnrolmentOutput
>('startTwoFactorEnrolment', twoFactorOptions);
export const confirmTwoFactorEnrolment = callable<TwoFactorCodeInput, { enabled: true }>(
  'confirmTwoFactorEnrolment',
  twoFactorOptions,
);
export const disableTwoFactor = callable<TwoFactorCodeInput, { enabled: false }>(
  'disableTwoFactor',
  twoFactorOptions,
);
export const verifyTwoFactor = callable<TwoFactorCodeInput, VerifyTwoFactorOutput>(
  'verifyTwoFactor',
  twoFactorOptions,
);
