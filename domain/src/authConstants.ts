/**
 * The sign-in flows' timings and storage keys: a module of their own, without the flows'
 * messages (auth.ts), because the shop's first load needs them (sign-out clears the keys; the
 * two-factor callables' timeout) and a bundle keeps the whole module of every constant it uses.
 */

/** Timings of these flows. */
export const AUTH_TIMINGS = {
  /** The reset button waits this long before another request. */
  resetRetrySeconds: 60,
  /** After a password change, sign out and go to /auth after this long. */
  passwordRedirectMs: 3000,
  /** Sign-out goes home after this long. */
  signOutRedirectMs: 100,
  /** Two-factor requests give up after this long. */
  twoFactorRequestTimeoutMs: 10_000,
  /** A server-side re-authentication (password check) is trusted for this long. */
  recentSignInMs: 5 * 60 * 1000,
  /** An enrolment that is not confirmed within this long must start again. */
  twoFactorEnrolmentTtlMs: 15 * 60 * 1000,
} as const;

/** Local storage keys of the sign-in flows. */
export const AUTH_STORAGE_KEYS = {
  /** The address a one-time sign-in link was requested for, to finish it in this browser. */
  emailForSignIn: 'emailForSignIn',
  /** When the reset button may be used again (the 60 s countdown survives a reload). */
  passwordResetRetryAt: 'passwordResetRetryAt',
  /** A right password waiting for its two-factor code (this tab only; no token yet). */
  twoFactorChallenge: 'twoFactorChallenge',
  /**
   * This browser's sign-in device tokens, one per account signed in here (`SIGN_IN_DEVICES`).
   * They outlive sign-out: that is when the owner needs them.
   */
  signInDevices: 'rafflewin_sign_in_devices',
} as const;
