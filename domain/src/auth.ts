import { ageOn, isCalendarDate, ukToday } from './dates';
import { MINIMUM_AGE, PASSWORD_MIN_LENGTH } from './constants';

/** Sign-in, sign-up, reset and session messages. */
export const AUTH_MESSAGES = {
  /** Too many passwords tried: by the server's limits and by Firebase Auth's own. */
  tooManySignIns: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  invalidEmailOrPassword: 'Invalid email or password',
  invalidUsernameOrPassword: 'Invalid username or password',
  emailNotVerified: 'Please verify your email address before signing in',
  signInFailed: 'Failed to sign in',
  authenticationFailed: 'Authentication failed',
  /** "Failed to authenticate: {reason}", used when a sign-in link cannot be used. */
  failedToAuthenticate: (reason: string) => `Failed to authenticate: ${reason}`,
  signInLinkInvalid: 'the sign-in link is invalid or has expired',
  magicLinkSent: 'Check your email for the magic link to sign in!',
  magicLinkFailed: 'Failed to send magic link',
  signUpFailed: 'Failed to sign up',
  signUpSucceeded: 'Please check your email to confirm your account.',
  emailConfirmed: 'Email confirmed successfully! You can now sign in.',
  /** Our wording: sign-up is refused while registration is switched off. */
  registrationClosed: 'Registration is currently closed. Please try again later.',
  /** Our wording: an account made past the sign-up form (the Auth API straight) is refused. */
  signUpThroughShop: 'Please create your account with the sign-up form.',
  /** Our wording: Auth's address no longer matches the profile's (changed past the shop). */
  addressChangedOutside:
    'The e-mail address of this account was changed outside RaffleWin, so it cannot sign in. Please contact support.',
  /**
   * Our wording: with two-factor on, the shop checks the password itself; Auth set a new one
   * past the shop (its own reset e-mail or account API), so neither the old nor the new is taken.
   */
  passwordChangedOutside:
    'The password of this account was changed outside RaffleWin. Please set a new one with "Forgot password?" to sign in.',
  /**
   * Our wording: a sign-in link for an account whose address is not confirmed yet (Firebase's
   * own, asked of its API: the shop sends such an account a reset link instead). No quotation
   * marks: Auth passes it on inside a JSON text.
   */
  signInLinkUnconfirmed:
    'This e-mail address has not been confirmed yet, so the account cannot sign in with a link. Please reset your password instead, then sign in and confirm your address.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  /** Our wording: a confirmation or e-mail change link that lost its code on the way. */
  linkIncomplete:
    'This link is incomplete: open it again from the e-mail, or copy the whole link into your browser.',
  resendTooMany: 'Too many resend attempts. Please try again in a few minutes.',
  resendAlreadyConfirmed: 'This email is already confirmed. Please try logging in.',
  resendFailed: 'Failed to resend confirmation email',
  /** Our wording: a request for a new link answers the same whether or not an account exists. */
  resendSent: 'If your account still needs confirming, a new confirmation link is on its way.',
} as const;

/** Password reset and password change messages. */
export const PASSWORD_MESSAGES = {
  /** The rules, under a new password's field until it breaks one of them. */
  rules: `At least ${PASSWORD_MIN_LENGTH} characters with an uppercase and a lowercase letter, a number and one of !@#$%^&*`,
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  tooLong: 'Password must be at most 128 characters long',
  needsUppercase: 'Password must contain at least one uppercase letter',
  needsLowercase: 'Password must contain at least one lowercase letter',
  needsNumber: 'Password must contain at least one number',
  needsSpecial: 'Password must contain at least one special character (!@#$%^&*)',
  mismatch: 'Passwords do not match',
  /** The settings page's card words its mismatch differently. */
  newMismatch: 'New passwords do not match',
  currentRequired: 'Please enter your current password',
  currentWrong: 'Your current password is incorrect',
  resetEmailRequired: 'Please enter your email address',
  resetEmailInvalid: 'Please enter a valid email address',
  resetSent: 'Password reset instructions sent to your email.',
  resetFailed: 'Failed to send reset instructions',
  resetRateLimited: 'Please wait before requesting another password reset',
  /** The three hints shown with the rate-limit error. */
  resetRateLimitHints: [
    'Check your inbox and spam folder for the e-mail we already sent.',
    'Reset e-mails can take a few minutes to arrive.',
    'You can request another link once the countdown on the button ends.',
  ],
  /** The hint shown with an invalid address. */
  resetInvalidEmailHints: [
    'Check the address for typos, such as a missing @ or a misspelt domain.',
  ],
  resetLinkInvalid: 'Your password reset link is invalid or has expired. Please request a new one.',
  updateFailed: 'Failed to update password',
  updated: 'Password updated successfully! Redirecting to login...',
  settingsUpdateFailed: 'Error updating password. Please try again.',
} as const;

/** Sign-up field messages. */
export const SIGN_UP_MESSAGES = {
  fullName: 'Please enter your full name',
  email: 'Please enter a valid email address',
  phone: 'Please enter a valid UK phone number starting with +44 followed by 10 digits',
  dateOfBirthRequired: 'Please enter your date of birth',
  dateOfBirthInvalid: 'Please enter a valid date of birth',
  underage: `You must be at least ${MINIMUM_AGE} years old to register`,
} as const;

/** E-mail change messages. */
export const EMAIL_CHANGE_MESSAGES = {
  invalid: 'Please enter a valid email address',
  failed: 'Failed to update email',
  sameAddress: 'That is already your email address',
  /** Our wording: the change applies once the new address is confirmed. */
  sent: 'We have sent a confirmation link to your new email address. The change applies once you open it.',
  confirmed: 'Your email address has been changed. Please sign in with your new address.',
  linkInvalid: 'This email change link is invalid or has expired. Please request the change again.',
} as const;

/** Two-factor messages. */
export const TWO_FACTOR_MESSAGES = {
  required: 'Two-factor verification required',
  codeInvalid: 'Invalid verification code. Please try again.',
  codeFormat: 'Enter the 6-digit code from your authenticator app',
  alreadyEnabled: 'Two-factor authentication is already enabled',
  notEnabled: 'Two-factor authentication is not enabled',
  /** Our wording: an administrator's own two-factor is turned off with a code, like anyone's. */
  resetNotSelf:
    'You cannot reset your own two-factor authentication: turn it off under Security with a code',
  /** As for a ban: an administrator's second factor is not taken off by a colleague alone. */
  resetNotAdmin:
    "Remove this user's administrator rights before resetting their two-factor authentication",
  enrolmentMissing: 'Start the set-up again: this set-up has expired',
  enabled: 'Two-factor authentication is now enabled',
  disabled: 'Two-factor authentication has been turned off',
  updateFailed: 'Failed to update 2FA settings',
  loadFailed: 'Failed to load security settings',
  offline: 'No internet connection. Please check your network and try again.',
  timeout: 'Request timed out. Please try again.',
  networkError: 'Network error: Please check your connection and try again.',
  /** /2fa without a live challenge (ten minutes, or too many wrong codes): start again. */
  signInExpired: 'Your sign-in has expired. Please sign in again.',
  /**
   * The blocking function's answer to a password or link sign-in straight at Firebase Auth for
   * an account with two-factor on (the shop's own pages never meet it).
   */
  signInThroughShop:
    'This account uses two-factor authentication: sign in on the RaffleWin website with your password and your code.',
  recoveryCodeFormat: 'Enter a recovery code like ABCDE-FGH23',
  /** Ours: the sign-in step takes either kind of code. */
  signInCodeFormat:
    'Enter the 6-digit code from your authenticator app, or a recovery code like ABCDE-FGH23',
  /** Ours: the code turned two-factor on, but this browser's new sign-in did not come. */
  onSignInAgain:
    'Two-factor authentication is on, but this browser could not be signed in again. Save your recovery codes, then sign in with your password and a code.',
  recoveryCodesIntro:
    'Keep these recovery codes somewhere safe. Each one signs you in once if you lose your authenticator app; they are shown only now.',
  recoveryCodeUsed: (left: number) =>
    `A recovery code was used to sign in to your account. ${left} recovery ${left === 1 ? 'code is' : 'codes are'} left.`,
  resetByAdmin:
    'Two-factor authentication on your account was turned off by our support team. You can turn it on again in your security settings.',
  resetDone: 'Two-factor authentication has been reset for this user',
  /** Ours: the account's code limit was reached, as someone who knows the password would. */
  manyCodesTitle: 'Several wrong sign-in codes',
  manyCodes:
    'Several two-factor codes were entered for your account within a few minutes. If this was ' +
    'not you, someone knows your password: change it now.',
} as const;

/**
 * The code-limit alert's notification id: one an hour at most (its e-mail is
 * `mail/notification-{uid}-{id}`).
 */
export const codeLimitAlertId = (now: Date) =>
  `code-limit-${Math.floor(now.getTime() / 3_600_000)}`;

/** How many one-time recovery codes an enrolment gives. */
export const RECOVERY_CODE_COUNT = 10;

/** True when a sign-in identifier is an e-mail address rather than a username. */
export function isEmailIdentifier(identifier: string): boolean {
  return identifier.includes('@');
}

/** How a recovery code is shown: two groups of five. */
export const formatRecoveryCode = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;

/**
 * The latest date of birth of someone who is at least `age` today (UK calendar): the date
 * picker's maximum. A 29 February birthday counts from 1 March in other years.
 */
export function latestBirthDateForAge(now: Date, age = MINIMUM_AGE): string {
  const [year, month, day] = ukToday(now).split('-');
  const born = `${String(Number(year) - age).padStart(4, '0')}-${month}-${day}`;
  // Today is 29 February and that year had none: its 28 February is the latest.
  return isCalendarDate(born) ? born : born.replace(/-29$/, '-28');
}

/** True when someone born on `dateOfBirth` is at least `age` years old today (UK calendar). */
export function isAtLeastAge(dateOfBirth: string, now: Date, age = MINIMUM_AGE): boolean {
  return ageOn(dateOfBirth, ukToday(now)) >= age;
}

/** The WHATWG URL parser of browsers and Node (domain/ has no DOM or Node types). */
const WhatwgUrl = (
  globalThis as unknown as {
    URL: new (
      input: string,
      base: string,
    ) => { origin: string; pathname: string; search: string; hash: string };
  }
).URL;

/**
 * Only same-site paths are followed after sign-in, so a crafted link cannot send people away:
 * a path starting with one `/`, with no backslash and no control character anywhere (browsers
 * drop tabs and line breaks from URLs, so `/<tab>/evil.example` would become
 * `//evil.example`), and that a URL parser resolves to this site. Anything else is `/`.
 */
export function safeRedirectPath(
  raw: string | null | undefined,
  checkoutPath = '/checkout',
): string {
  if (!raw) return '/';
  if (raw === 'checkout') return checkoutPath;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return '/';
  if (!raw.startsWith('/') || raw.startsWith('//')) return '/';
  const here = 'https://shop.invalid';
  try {
    const url = new WhatwgUrl(raw, here);
    if (url.origin !== here || url.pathname.startsWith('//')) return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}
