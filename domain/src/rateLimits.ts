import { z } from 'zod';
import { AUTH_MESSAGES } from './auth';

/** A sliding-window limit on requests, with what a refused person reads. */
export interface RateLimit {
  max: number;
  windowMs: number;
  message: string;
}

const MINUTE = 60_000;

/**
 * The reason a refusal by a rate limit gives when it says when to try again: its details then
 * hold `retryAfterSeconds`, the wait until the window has room for one more request.
 */
export const RATE_LIMITED = 'rate-limited';

/** `rateLimits/{hash}`: recent request times per key; functions only. */
export const rateLimitsCollection = 'rateLimits';
export const rateLimitRecordSchema = z.object({ hits: z.array(z.date()), expiresAt: z.date() });

/**
 * Limits on requests that send e-mail or can be used to guess credentials.
 */
export const RATE_LIMITS = {
  contactForm: {
    max: 5,
    windowMs: 60 * MINUTE,
    message: 'You have sent several messages recently. Please try again later.',
  },
  /** One network address, whatever the addresses it writes in (each message sends an e-mail). */
  contactFormPerIp: {
    max: 20,
    windowMs: 60 * MINUTE,
    message: 'You have sent several messages recently. Please try again later.',
  },
  usernameSignIn: {
    max: 10,
    windowMs: 15 * MINUTE,
    message: AUTH_MESSAGES.tooManySignIns,
  },
  passwordReset: {
    max: 3,
    windowMs: 15 * MINUTE,
    message: 'Please wait before requesting another password reset',
  },
  resendConfirmation: {
    max: 3,
    windowMs: 10 * MINUTE,
    message: 'Too many resend attempts. Please try again in a few minutes.',
  },
  magicLink: {
    max: 3,
    windowMs: 10 * MINUTE,
    message: 'Too many sign-in links requested. Please try again in a few minutes.',
  },
  /**
   * Per account, in its support conversations: each message lands in support's inbox (and may
   * reopen a closed conversation), so a loop of them is refused; a conversation is not.
   */
  supportMessage: {
    max: 10,
    windowMs: 10 * MINUTE,
    message: 'You have sent several messages in a short time. Please wait a few minutes.',
  },
  /** A browser registers once per opt-in; a loop of registrations is refused. */
  registerDevice: {
    max: 10,
    windowMs: 60 * MINUTE,
    message: 'Too many devices turned on recently. Please try again later.',
  },
  /** Per account: trying codes one after another to find a valid one is refused. */
  checkPromoCode: {
    max: 20,
    windowMs: 60 * MINUTE,
    message: 'Too many promo codes tried. Please try again later.',
  },
  /**
   * Per account: the entry lists' totals and page jumps (countEntries, locateEntry), each a
   * few count queries the server runs (billed a read per 1,000 entries counted). /entries
   * counts six raffles in one request, and each far page jump is one more.
   */
  entryList: {
    max: 600,
    windowMs: 60 * MINUTE,
    message: 'Too many entry lists read in a short time. Please try again later.',
  },
  /** Per network address: each lucky dip reads the pool; re-rolling is fine, a loop is not. */
  luckyDip: {
    max: 120,
    windowMs: 60 * MINUTE,
    message: 'Too many lucky dips. Please try again later.',
  },
  /** Test e-mails make the server connect wherever an administrator points it: a few will do. */
  smtpTest: {
    max: 10,
    windowMs: 10 * MINUTE,
    message: 'Too many test emails. Please wait a few minutes and try again.',
  },
  /**
   * Per account, the paid checkouts' Stripe pages (each also closes the one before): a loop of them
   * could spend the shop's Stripe allowance; a person never needs this many. Counted once the
   * tickets are reserved (see startCheckout).
   */
  startCheckout: {
    max: 60,
    windowMs: 10 * MINUTE,
    message: 'Too many checkouts started in a short time. Please wait a few minutes and try again.',
  },
  /**
   * Per account, the checkouts with nothing on a card (giveaways): each reserves from the pool
   * and releases the one before, so a loop of them would keep the pool's shards busy for
   * everyone else. Counted as the paid ones are.
   */
  startFreeCheckout: {
    max: 60,
    windowMs: 10 * MINUTE,
    message: 'Too many checkouts started in a short time. Please wait a few minutes and try again.',
  },
  /** Per account: each opens a Stripe set-up page. */
  startCardSetup: {
    max: 20,
    windowMs: 60 * MINUTE,
    message: 'Too many attempts to add a card. Please try again later.',
  },
  /**
   * Per account: each reads the set-up session it names from Stripe (any id the caller writes
   * in), so a loop of them, like one of set-up pages, could spend the shop's Stripe allowance.
   */
  saveStripeCard: {
    max: 20,
    windowMs: 60 * MINUTE,
    message: 'Too many attempts to save a card. Please try again later.',
  },
  /** Per IP address, across usernames. */
  usernameSignInPerIp: {
    max: 30,
    windowMs: 15 * MINUTE,
    message: AUTH_MESSAGES.tooManySignIns,
  },
  /** Per IP address: each sign-up sends an e-mail. */
  signUp: {
    max: 10,
    windowMs: 60 * MINUTE,
    message: 'Too many sign-up attempts. Please try again later.',
  },
  /** Per IP address, for every request that e-mails a link (reset, resend, sign-in link). */
  emailLinksPerIp: {
    max: 30,
    windowMs: 60 * MINUTE,
    message: 'Too many requests. Please try again in a few minutes.',
  },
  /**
   * Per IP address, for every e-mailed link a guest's page completes (a password reset, an
   * e-mail change): each asks Identity Toolkit about its code, from the functions' own address,
   * as the sign-in's password checks do (`usernameSignInPerIp`).
   */
  actionCodesPerIp: {
    max: 30,
    windowMs: 15 * MINUTE,
    message: 'Too many requests. Please try again in a few minutes.',
  },
  /** Per account: password checks when changing the password or the e-mail address. */
  passwordCheck: {
    max: 5,
    windowMs: 15 * MINUTE,
    message: 'Too many attempts. Please wait a few minutes and try again.',
  },
  emailChange: {
    max: 3,
    windowMs: 60 * MINUTE,
    message: 'Too many email change requests. Please try again later.',
  },
  /** Per account: authenticator codes (enrol, verify, disable). */
  twoFactorCode: {
    max: 5,
    windowMs: 5 * MINUTE,
    message: 'Too many verification attempts. Please wait a few minutes and try again.',
  },
  /** Per account: the alert that the code limit was reached, at most once an hour. */
  twoFactorCodeAlert: {
    max: 1,
    windowMs: 60 * MINUTE,
    message: 'Too many verification attempts. Please wait a few minutes and try again.',
  },
} as const satisfies Record<string, RateLimit>;
