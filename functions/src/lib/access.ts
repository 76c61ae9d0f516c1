import {
  authSessionsValidAfter,
  ShopError,
  ACCOUNT_MESSAGES,
  ACCESS_MESSAGES,
  ADMIN_CLAIM,
  isTwoFactorSessionValid,
  parseDocument,
  signedInAt,
  twoFactorSessionKey,
  twoFactorSessionPath,
  twoFactorSessionSchema,
} from '@rafflewin/domain';
import { type CallableRequest } from 'firebase-functions/v2/https';
import { profileRef, readSiteSettings, userSettingsRef } from './collections';
import { hasCode } from './errorCode';
import { auth, db } from './firebase';

export interface Caller {
  uid: string;
  email: string | null;
  isAdmin: boolean;
  /** The `email_verified` claim of the verified ID token. */
  emailVerified: boolean;
  /** When this sign-in happened (the token's `auth_time`, seconds). */
  authTime: number;
  /** When it counts as made for ended sessions (`signedInAt`: a held custom token's minting). */
  signedInAt: number;
  /** Which two-factor verification covers this sign-in (see `twoFactorSessionKey`). */
  twoFactorKey: string;
}

/** The caller's role, from the verified ID token's custom claims. */
export function callerOf(request: CallableRequest): Caller | null {
  // The emulator hands a token it cannot decode through as `auth` without a uid: no account.
  if (!request.auth?.uid) return null;
  const { token } = request.auth;
  return {
    uid: request.auth.uid,
    email: (token.email as string | undefined) ?? null,
    isAdmin: token[ADMIN_CLAIM] === true,
    emailVerified: token.email_verified === true,
    authTime: Number(token.auth_time ?? 0),
    signedInAt: signedInAt(token),
    twoFactorKey: twoFactorSessionKey(token),
  };
}

async function maintenanceMode(): Promise<boolean> {
  return (await readSiteSettings(db)).maintenanceMode;
}

/** Maintenance mode keeps everyone but administrators out (`siteOpenToCaller` in the rules). */
export async function closedToCaller(caller: Caller): Promise<boolean> {
  return !caller.isAdmin && (await maintenanceMode());
}

/** What a callable's contract lets through that the standing checks otherwise refuse. */
export interface StandingExceptions {
  /** An account being deleted (`whileDeleting` in the contract: the deletion itself). */
  whileDeleting?: boolean;
}

/**
 * Refuses a banned account (its ID token may outlive the ban by up to an hour) and a sign-in
 * older than the account's `sessionsValidAfter` ("sign out everywhere", a password or e-mail
 * change, a removed administrator right): the same checks the security rules make. Without a
 * profile, the account must still exist (a deleted account's ID token outlives the deletion by
 * up to an hour and would otherwise count as a sign-in in good standing), and Auth's own time
 * stands in for `sessionsValidAfter`: sessions ended while there was no profile to record it
 * on (an administrator's right removed, an account's deletion) stay ended. An account being
 * deleted (from another tab, say) is refused too: what a callable wrote under its id after the
 * deletion's sweep would outlive it.
 */
async function checkStanding(
  caller: Caller,
  { whileDeleting = false }: StandingExceptions = {},
): Promise<void> {
  const profile = (await profileRef(db, caller.uid).get()).data();
  let validAfter = profile?.sessionsValidAfter ?? 0;
  if (!profile) {
    const user = await auth.getUser(caller.uid).catch(() => null);
    if (!user) throw new ShopError('unauthenticated', ACCOUNT_MESSAGES.sessionRevoked);
    validAfter = authSessionsValidAfter(user);
  }
  if (profile?.banned === true) throw new ShopError('permission-denied', ACCESS_MESSAGES.banned);
  // An address put on the account past the shop (Firebase Auth's own API, with a session
  // alone): the session that did so is not the owner's, who cannot sign in to end it.
  const movedPastTheShop =
    profile && (caller.email ?? '').toLowerCase() !== (profile.email ?? '').toLowerCase();
  if (movedPastTheShop || caller.signedInAt < validAfter) {
    throw new ShopError('unauthenticated', ACCOUNT_MESSAGES.sessionRevoked);
  }
  if (profile?.deleting === true && !whileDeleting) {
    throw new ShopError('failed-precondition', ACCOUNT_MESSAGES.beingDeleted, 'being-deleted');
  }
}

/**
 * Whether `caller` passes the standing checks above: for callables open to guests, which treat
 * a caller out of standing (banned, signed out everywhere, deleted) as a guest.
 */
export async function isInGoodStanding(caller: Caller): Promise<boolean> {
  return checkStanding(caller).then(
    () => true,
    (error: unknown) => {
      if (error instanceof ShopError) return false;
      throw error;
    },
  );
}

/**
 * True when the account has two-factor authentication on and this sign-in has not been
 * verified with a code within the last 12 hours (TWO_FACTOR_VALIDITY_MS).
 */
export async function needsTwoFactor(caller: Caller, now = new Date()): Promise<boolean> {
  const settings = (await userSettingsRef(db, caller.uid).get()).data();
  if (settings?.twoFactorEnabled !== true) return false;
  const session = await db.doc(twoFactorSessionPath(caller.uid, caller.twoFactorKey)).get();
  if (!session.exists) return true;
  const parsed = parseDocument(twoFactorSessionSchema, session.data(), session.id);
  return !isTwoFactorSessionValid(parsed, now);
}

interface AccountChecks extends StandingExceptions {
  /** Refuse tokens without a verified e-mail (money paths and the account area). */
  verifiedEmail: boolean;
  /** Refuse sign-ins that still owe a two-factor code. */
  twoFactor: boolean;
  /** Let everyone in during maintenance mode, not only administrators. */
  openInMaintenance?: boolean;
}

/**
 * A signed-in account in good standing: refuses guests, banned profiles (their token may
 * outlive the ban by up to an hour), everyone but administrators in maintenance mode and,
 * as asked, unverified e-mail addresses and sign-ins that still owe a two-factor code.
 */
async function requireAccount(request: CallableRequest, checks: AccountChecks): Promise<Caller> {
  const caller = callerOf(request);
  if (!caller) throw new ShopError('unauthenticated', ACCESS_MESSAGES.signInRequired);
  const [, closed, owesCode] = await Promise.all([
    checkStanding(caller, checks),
    checks.openInMaintenance ? Promise.resolve(false) : closedToCaller(caller),
    checks.twoFactor ? needsTwoFactor(caller) : Promise.resolve(false),
  ]);
  if (closed) {
    throw new ShopError('failed-precondition', ACCESS_MESSAGES.maintenance);
  }
  if (checks.verifiedEmail && !caller.emailVerified) {
    throw new ShopError('failed-precondition', ACCESS_MESSAGES.emailNotVerified);
  }
  if (owesCode) throw new ShopError('permission-denied', ACCESS_MESSAGES.twoFactorRequired);
  return caller;
}

/**
 * A signed-in customer in good standing, for money paths and the account area: also needs a
 * verified e-mail address and, with two-factor on, a code verified for this sign-in.
 */
export function requireCustomer(
  request: CallableRequest,
  exceptions: StandingExceptions = {},
): Promise<Caller> {
  return requireAccount(request, { ...exceptions, verifiedEmail: true, twoFactor: true });
}

/**
 * A signed-in account between its password and its two-factor code: the /2fa page's own
 * callable. Everything else uses `requireCustomer`.
 */
export function requireFirstFactor(request: CallableRequest): Promise<Caller> {
  return requireAccount(request, { verifiedEmail: true, twoFactor: false });
}

/**
 * A signed-in account as for `requireFirstFactor`, in maintenance mode and while the account is
 * being deleted too: for what signing out does (removing this browser's push device), which
 * must never be refused.
 */
export function requireSignedIn(request: CallableRequest): Promise<Caller> {
  return requireAccount(request, {
    verifiedEmail: true,
    twoFactor: false,
    openInMaintenance: true,
    whileDeleting: true,
  });
}

/**
 * An administrator: the `admin` claim of the verified ID token, checked here on every
 * privileged call whatever the browser showed, on an account whose address is confirmed (as
 * the security rules ask). A banned account is refused even if its token still carries the
 * claim, so is a token from before the right was removed (removal ends the account's
 * sessions) and a sign-in that still owes its two-factor code. Auth's account is asked too
 * (`liveAdminAccount`): a token outlives what is done to the account past the shop.
 */
export async function requireAdmin(request: CallableRequest): Promise<Caller> {
  const caller = callerOf(request);
  if (!caller) throw new ShopError('unauthenticated', ACCESS_MESSAGES.signInRequired);
  if (!caller.isAdmin) throw new ShopError('permission-denied', ACCESS_MESSAGES.adminOnly);
  if (!caller.emailVerified) {
    throw new ShopError('failed-precondition', ACCESS_MESSAGES.emailNotVerified);
  }
  // Asked at once, answered in this order: an ended session says so whatever else refuses.
  const [standing, live, owesCode] = await Promise.allSettled([
    checkStanding(caller),
    liveAdminAccount(caller),
    needsTwoFactor(caller),
  ]);
  for (const check of [standing, live, owesCode]) {
    if (check.status === 'rejected') throw check.reason;
  }
  if (owesCode.status === 'fulfilled' && owesCode.value) {
    throw new ShopError('permission-denied', ACCESS_MESSAGES.twoFactorRequired);
  }
  return caller;
}

/**
 * Refuses an administrator's token that Auth's account no longer bears out: the account
 * deleted or disabled in Firebase's own console or API, or the claim taken away there (by a
 * script, say), none of which moves the profile's `sessionsValidAfter`. The token would
 * otherwise carry the right for up to an hour more. One lookup per privileged call: the
 * console's calls are few, and each can move money or decide a draw.
 */
async function liveAdminAccount(caller: Caller): Promise<void> {
  const account = await auth.getUser(caller.uid).catch((error: unknown) => {
    if (hasCode(error, 'auth/user-not-found')) return null;
    throw error;
  });
  if (!account || account.disabled) {
    throw new ShopError('unauthenticated', ACCOUNT_MESSAGES.sessionRevoked);
  }
  if (account.customClaims?.[ADMIN_CLAIM] !== true) {
    throw new ShopError('permission-denied', ACCESS_MESSAGES.adminOnly);
  }
}

/**
 * A signed-in customer (see requireCustomer) whose session has not been revoked. An ID token
 * stays valid for up to an hour after "Sign out from all devices", and a refresh token the
 * revocation missed (the Auth emulator does not check) would mint new ones: the token's
 * sign-in time (`auth_time`) must not be older than the account's revocation time.
 */
export async function requireCurrentSession(
  request: CallableRequest,
  exceptions: StandingExceptions = {},
): Promise<Caller> {
  const caller = await requireCustomer(request, exceptions);
  const user = await auth.getUser(caller.uid).catch(() => null);
  if (!user || user.disabled) {
    throw new ShopError('unauthenticated', ACCOUNT_MESSAGES.sessionRevoked);
  }
  if (caller.signedInAt < authSessionsValidAfter(user)) {
    throw new ShopError('unauthenticated', ACCOUNT_MESSAGES.sessionRevoked);
  }
  return caller;
}
