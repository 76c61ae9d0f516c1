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
import { httpsCallable, type HttpsCallableOptions } from 'firebase/functions';
import { functions } from './firebase';

function callable<I, O>(name: string, options?: HttpsCallableOptions) {
  const call = httpsCallable<I, O>(functions, name, options);
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
