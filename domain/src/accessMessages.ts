/** What someone refused a page or a call of the console, or asked to sign in, reads. */
export const ACCESS_MESSAGES = {
  signInRequired: 'Please sign in to continue',
  maintenance: 'Site is currently in maintenance mode. Only administrators can access the site.',
  banned: 'This account has been suspended. Please contact support.',
  adminOnly: 'Access denied. Admin privileges required.',
  /** The console's session is gone (signed out elsewhere, or expired). */
  noSession: 'No active session found. Please log in again.',
  /** Checking the administrator claim again could not reach the server. */
  verifyFailed: 'Failed to verify admin access. Please try again later.',
  emailNotVerified: 'Please verify your email address to continue. Open the link we e-mailed you.',
  twoFactorRequired: 'Two-factor verification required',
} as const;
