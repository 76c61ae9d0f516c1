/**
 * Every callable, by name: the one registry the function wrapper (functions/src/lib/
 * callable.ts), the web client (web/src/lib/callables.ts) and the tests' typed `call()` derive
 * from. A callable renamed here, or an input changed, fails to compile everywhere it is used.
 * Each contract lives in the file named after its callable.
 */
import type { z } from 'zod';
import type { Answer } from './contract';
import { addLibraryImageContract } from './addLibraryImage';
import { addTicketsForUserContract } from './addTicketsForUser';
import { cancelRaffleContract } from './cancelRaffle';
import { changePasswordContract } from './changePassword';
import { checkPromoCodeContract } from './checkPromoCode';
import { cancelCheckoutContract } from './cancelCheckout';
import { luckyDipContract } from './luckyDip';
import { countEntriesContract } from './countEntries';
import { locateEntryContract } from './locateEntry';
import { saveInstantPrizesContract } from './saveInstantPrizes';
import { chooseInstantWinPayoutContract } from './chooseInstantWinPayout';
import { claimFreeEntriesContract } from './claimFreeEntries';
import { completePasswordResetContract } from './completePasswordReset';
import { confirmEmailChangeContract } from './confirmEmailChange';
import { completeTwoFactorSignInContract } from './completeTwoFactorSignIn';
import { confirmTwoFactorEnrolmentContract } from './confirmTwoFactorEnrolment';
import { createManualEntryContract } from './createManualEntry';
import { deleteAccountContract } from './deleteAccount';
import { deleteAllNotificationsContract } from './deleteAllNotifications';
import { deleteCarouselSlideContract } from './deleteCarouselSlide';
import { deleteCharityDonationContract } from './deleteCharityDonation';
import { deleteLibraryImageContract } from './deleteLibraryImage';
import { deleteOrderContract } from './deleteOrder';
import { deleteQuestionContract } from './deleteQuestion';
import { deleteRaffleContract } from './deleteRaffle';
import { deleteSupportMessageContract } from './deleteSupportMessage';
import { deleteSupportTicketContract } from './deleteSupportTicket';
import { deleteTicketContract } from './deleteTicket';
import { deleteWinnerContract } from './deleteWinner';
import { disableTwoFactorContract } from './disableTwoFactor';
import { drawRaffleNowContract } from './drawRaffleNow';
import { ensureProfileContract } from './ensureProfile';
import { getMonthSpendingContract } from './getMonthSpending';
import { listUsersContract } from './listUsers';
import { markAllNotificationsReadContract } from './markAllNotificationsRead';
import { markSupportTicketReadContract } from './markSupportTicketRead';
import { moveCarouselSlideContract } from './moveCarouselSlide';
import { recordPostalEntryContract } from './recordPostalEntry';
import { refundOrderContract } from './refundOrder';
import { registerDeviceContract } from './registerDevice';
import { removeDeviceContract } from './removeDevice';
import { removePaymentMethodContract } from './removePaymentMethod';
import { replyToSupportTicketContract } from './replyToSupportTicket';
import { requestEmailChangeContract } from './requestEmailChange';
import { requestPasswordResetContract } from './requestPasswordReset';
import { requestSignInLinkContract } from './requestSignInLink';
import { resendConfirmationContract } from './resendConfirmation';
import { revokeSessionsContract } from './revokeSessions';
import { saveCarouselSlideContract } from './saveCarouselSlide';
import { saveCharityDonationContract } from './saveCharityDonation';
import { saveProfileContract } from './saveProfile';
import { saveQuestionContract } from './saveQuestion';
import { savePromoCodeContract } from './savePromoCode';
import { saveRaffleContract } from './saveRaffle';
import { saveStripeCardContract } from './saveStripeCard';
import { saveWinnerContract } from './saveWinner';
import { sendNotificationContract } from './sendNotification';
import { sendTestEmailContract } from './sendTestEmail';
import { setCarouselSlideActiveContract } from './setCarouselSlideActive';
import { setDefaultPaymentMethodContract } from './setDefaultPaymentMethod';
import { setPromoCodeActiveContract } from './setPromoCodeActive';
import { setQuestionActiveContract } from './setQuestionActive';
import { setRaffleActiveContract } from './setRaffleActive';
import { setSpendLimitContract } from './setSpendLimit';
import { setSupportTicketClosedContract } from './setSupportTicketClosed';
import { setUserAdminContract } from './setUserAdmin';
import { setUserStaffContract } from './setUserStaff';
import { resetUserTwoFactorContract } from './resetUserTwoFactor';
import { setUserBannedContract } from './setUserBanned';
import { signInWithPasswordContract } from './signInWithPassword';
import { signInWithUsernameContract } from './signInWithUsername';
import { signUpContract } from './signUp';
import { startCardSetupContract } from './startCardSetup';
import { startCheckoutContract } from './startCheckout';
import { startPlayBreakContract } from './startPlayBreak';
import { startTwoFactorEnrolmentContract } from './startTwoFactorEnrolment';
import { sendSupportMessageContract } from './sendSupportMessage';
import { submitSupportTicketContract } from './submitSupportTicket';
import { updateEmailSettingsContract } from './updateEmailSettings';
import { updatePersonalDetailsContract } from './updatePersonalDetails';
import { updateSiteSettingsContract } from './updateSiteSettings';
import { updateTicketContract } from './updateTicket';
import { updateUserProfileContract } from './updateUserProfile';
import { verifyTwoFactorContract } from './verifyTwoFactor';

const ALL = [
  addLibraryImageContract,
  addTicketsForUserContract,
  cancelRaffleContract,
  changePasswordContract,
  checkPromoCodeContract,
  cancelCheckoutContract,
  luckyDipContract,
  countEntriesContract,
  locateEntryContract,
  saveInstantPrizesContract,
  chooseInstantWinPayoutContract,
  claimFreeEntriesContract,
  completePasswordResetContract,
  confirmEmailChangeContract,
  completeTwoFactorSignInContract,
  confirmTwoFactorEnrolmentContract,
  createManualEntryContract,
  deleteAccountContract,
  deleteAllNotificationsContract,
  deleteCarouselSlideContract,
  deleteCharityDonationContract,
  deleteLibraryImageContract,
  deleteOrderContract,
  deleteQuestionContract,
  deleteRaffleContract,
  deleteSupportMessageContract,
  replyToSupportTicketContract,
  sendSupportMessageContract,
  setSupportTicketClosedContract,
  deleteSupportTicketContract,
  deleteTicketContract,
  deleteWinnerContract,
  disableTwoFactorContract,
  drawRaffleNowContract,
  ensureProfileContract,
  getMonthSpendingContract,
  listUsersContract,
  markAllNotificationsReadContract,
  markSupportTicketReadContract,
  moveCarouselSlideContract,
  recordPostalEntryContract,
  refundOrderContract,
  registerDeviceContract,
  removeDeviceContract,
  removePaymentMethodContract,
  requestEmailChangeContract,
  requestPasswordResetContract,
  requestSignInLinkContract,
  resendConfirmationContract,
  revokeSessionsContract,
  saveCarouselSlideContract,
  saveCharityDonationContract,
  saveProfileContract,
  saveQuestionContract,
  savePromoCodeContract,
  saveRaffleContract,
  saveStripeCardContract,
  saveWinnerContract,
  sendNotificationContract,
  sendTestEmailContract,
  setCarouselSlideActiveContract,
  setDefaultPaymentMethodContract,
  setPromoCodeActiveContract,
  setQuestionActiveContract,
  setRaffleActiveContract,
  setSpendLimitContract,
  setUserAdminContract,
  setUserStaffContract,
  resetUserTwoFactorContract,
  setUserBannedContract,
  signInWithPasswordContract,
  signInWithUsernameContract,
  signUpContract,
  startCardSetupContract,
  startCheckoutContract,
  startPlayBreakContract,
  startTwoFactorEnrolmentContract,
  submitSupportTicketContract,
  updateEmailSettingsContract,
  updatePersonalDetailsContract,
  updateSiteSettingsContract,
  updateTicketContract,
  updateUserProfileContract,
  verifyTwoFactorContract,
] as const;

type AnyContract = (typeof ALL)[number];

/** The contracts, by callable name. */
export const CALLABLES = Object.fromEntries(ALL.map((contract) => [contract.name, contract])) as {
  readonly [C in AnyContract as C['name']]: C;
};

export type CallableName = AnyContract['name'];

/** The contract of the callable `N`. */
export type ContractOf<N extends CallableName> = (typeof CALLABLES)[N];

/** What a client sends to the callable `N`. */
export type CallableInput<N extends CallableName> = z.input<ContractOf<N>['input']>;

/** What the callable's handler receives, after validation. */
export type CallableParsedInput<N extends CallableName> = z.output<ContractOf<N>['input']>;

/** What the callable `N` answers. */
export type CallableOutput<N extends CallableName> =
  ContractOf<N>['output'] extends Answer<infer Output> ? Output : never;
