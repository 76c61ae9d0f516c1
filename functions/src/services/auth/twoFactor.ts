import {
  authSessionsValidAfter,
  codeLimitAlertId,
  ACCESS_MESSAGES,
  ShopError,
  AUTH_TIMINGS,
  RATE_LIMITS,
  TWO_FACTOR_MESSAGES,
  parseDocument,
  twoFactorSecretSchema,
  twoFactorSecretsCollection,
  twoFactorSession,
  twoFactorSessionPath,
  userSettingsPath,
  DEFAULT_USER_SETTINGS,
  RECOVERY_CODE_COUNT,
  TWO_FACTOR_CHALLENGE_ATTEMPTS,
  TWO_FACTOR_CHALLENGE_TTL_MS,
  SIGN_IN_STARTED_CLAIM,
  TWO_FACTOR_SESSION_CLAIM,
  USER_LIST_MESSAGES,
  PASSWORD_MESSAGES,
  formatRecoveryCode,
  userPath,
  type CompleteTwoFactorSignInOutput,
  type TwoFactorSecretData,
} from '@rafflewin/domain';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { randomBytes } from 'node:crypto';
import { sha256Hex } from '../../lib/hash';
import { generateSecret, generateURI, verify } from 'otplib';
import type { Caller } from '../../lib/access';
import { profileRef, readSiteSettings, twoFactorChallengeRef } from '../../lib/collections';
import { endSessions } from '../account/session';
import { recordAudit } from '../admin/audit';
import { notifyUser } from '../notifications/notify';
import { enforceRateLimit, takeRateLimit } from '../rateLimit';
import { passwordIsRight, readTwoFactor } from './accountPassword';
import { isAdminAccount, userByUid } from './accounts';
import { rememberSignInDevice } from './signInDevices';
import { hashPassword } from './passwordHash';
import { closedForMaintenance } from './siteState';

/** Codes from the step before or after the current one are accepted (clock drift). */
const TOLERANCE_SECONDS = 30;

const EMPTY: TwoFactorSecretData = {
  secret: null,
  pendingSecret: null,
  pendingCreatedAt: null,
  enabledAt: null,
  lastUsedStep: 0,
  recoveryCodes: [],
  passwordHash: null,
};

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** A new recovery code: ten base32 characters from the system's secure random source. */
function newRecoveryCode(): string {
  return Array.from(randomBytes(10), (byte) => BASE32[byte % 32]).join('');
}

const secretRef = (db: Firestore, uid: string) =>
  db.collection(twoFactorSecretsCollection).doc(uid);

/** Sets the two-factor flag; reads first, so call it before the transaction's writes. */
async function settingsWrite(tx: Transaction, db: Firestore, uid: string, enabled: boolean) {
  const ref = db.doc(userSettingsPath(uid));
  const exists = (await tx.get(ref)).exists;
  return () =>
    exists
      ? tx.update(ref, { twoFactorEnabled: enabled })
      : tx.set(ref, { ...DEFAULT_USER_SETTINGS, twoFactorEnabled: enabled });
}

async function readSecret(tx: Transaction, db: Firestore, uid: string) {
  const snapshot = await tx.get(secretRef(db, uid));
  return snapshot.exists
    ? parseDocument(twoFactorSecretSchema, snapshot.data(), snapshot.id)
    : { ...EMPTY, id: uid };
}

/** The time step the code belongs to, or null when it is wrong or was already used. */
async function acceptedStep(secret: string, code: string, lastUsedStep: number, now: Date) {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOLERANCE_SECONDS,
    afterTimeStep: lastUsedStep,
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/**
 * At most five codes in five minutes per account. Reaching the limit is what someone who knows
 * the password and is guessing codes does: the owner is told (at most once an hour), so they
 * change it.
 */
async function limitCodes(db: Firestore, uid: string, now: Date) {
  if (await takeRateLimit(db, `totp:${uid}`, RATE_LIMITS.twoFactorCode, now)) return;
  if (await takeRateLimit(db, `totp-alert:${uid}`, RATE_LIMITS.twoFactorCodeAlert, now)) {
    await securityAlert(
      db,
      uid,
      TWO_FACTOR_MESSAGES.manyCodesTitle,
      TWO_FACTOR_MESSAGES.manyCodes,
      now,
      'own',
      codeLimitAlertId(now),
    );
  }
  throw new ShopError('resource-exhausted', RATE_LIMITS.twoFactorCode.message);
}

/** A new random id (20 base32 characters): challenges and verified sign-ins. */
const newId = () => newRecoveryCode() + newRecoveryCode();

const wrongCode = () =>
  new ShopError('invalid-argument', TWO_FACTOR_MESSAGES.codeInvalid, 'code-invalid');

/**
 * Starts enrolment: a new secret, kept pending until its first code confirms it. The secret
 * is answered this once, for the QR code and for typing in by hand. The current password is
 * checked first (a session that was stolen or left open cannot enrol its own authenticator
 * and lock the owner out) and kept as a hash: once two-factor is on, Firebase Auth no longer
 * signs this account in with its password, and the server checks it instead.
 */
export async function startEnrolment(
  db: Firestore,
  auth: Auth,
  caller: Caller,
  currentPassword: string,
  now = new Date(),
) {
  await enforceRateLimit(db, `password-check:${caller.uid}`, RATE_LIMITS.passwordCheck, now);
  const account = { uid: caller.uid, email: caller.email ?? undefined };
  if (
    !(await passwordIsRight(
      db,
      auth,
      account,
      await readTwoFactor(db, caller.uid),
      currentPassword,
    ))
  ) {
    throw new ShopError('permission-denied', PASSWORD_MESSAGES.currentWrong);
  }
  const secret = generateSecret();
  const passwordHash = await hashPassword(currentPassword);
  await db.runTransaction(async (tx) => {
    const current = await readSecret(tx, db, caller.uid);
    if (current.secret)
      throw new ShopError('failed-precondition', TWO_FACTOR_MESSAGES.alreadyEnabled);
    const { id: _id, ...data } = current;
    tx.set(secretRef(db, caller.uid), {
      ...data,
      pendingSecret: secret,
      pendingCreatedAt: now,
      passwordHash,
    });
  });
  // The shop's name as Site Settings has it, which the authenticator app shows beside the code.
  const site = await readSiteSettings(db);
  const otpauthUri = generateURI({
    issuer: site.siteName,
    label: caller.email ?? caller.uid,
    secret,
  });
  return { secret, otpauthUri };
}

/**
 * Confirms enrolment with a first code: the pending secret becomes the secret, the setting
 * turns on and this sign-in counts as verified (the customer just proved both factors). The
 * account's sessions end (`endSessions`: Auth's refresh tokens, the rules' cut-off and the push
 * devices), so no other device (one may have signed in with the password alone) goes on; this
 * browser signs in again with the answered token.
 */
export async function confirmEnrolment(
  db: Firestore,
  auth: Auth,
  caller: Caller,
  code: string,
  now = new Date(),
  keepDevice: string | null = null,
): Promise<{ recoveryCodes: string[]; customToken: string }> {
  await limitCodes(db, caller.uid, now);
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const sessionKey = newId();
  await db.runTransaction(async (tx) => {
    const current = await readSecret(tx, db, caller.uid);
    const writeSettings = await settingsWrite(tx, db, caller.uid, true);
    if (current.secret)
      throw new ShopError('failed-precondition', TWO_FACTOR_MESSAGES.alreadyEnabled);
    const pendingSince = current.pendingCreatedAt?.getTime() ?? 0;
    if (
      !current.pendingSecret ||
      now.getTime() - pendingSince > AUTH_TIMINGS.twoFactorEnrolmentTtlMs
    ) {
      throw new ShopError('failed-precondition', TWO_FACTOR_MESSAGES.enrolmentMissing);
    }
    const step = await acceptedStep(current.pendingSecret, code, current.lastUsedStep, now);
    if (step === null) throw wrongCode();
    tx.set(secretRef(db, caller.uid), {
      secret: current.pendingSecret,
      pendingSecret: null,
      pendingCreatedAt: null,
      enabledAt: now,
      lastUsedStep: step,
      recoveryCodes: recoveryCodes.map(sha256Hex),
      passwordHash: current.passwordHash,
    } satisfies TwoFactorSecretData);
    writeSettings();
    tx.set(
      db.doc(twoFactorSessionPath(caller.uid, caller.twoFactorKey)),
      twoFactorSession(caller.authTime, now),
    );
  });
  // Every other session ends, at the rules and for push too (not only Auth's refresh tokens):
  // this browser goes on with the verified sign-in answered below, which starts after the end,
  // and keeps its push device.
  await endSessions(db, auth, caller.uid, { keepDevice });
  const customToken = await verifiedSignIn(db, auth, caller.uid, sessionKey, new Date());
  await securityAlert(
    db,
    caller.uid,
    'Two-factor authentication turned on',
    TWO_FACTOR_MESSAGES.enabled,
    now,
  );
  return { recoveryCodes: recoveryCodes.map(formatRecoveryCode), customToken };
}

/**
 * Records a verified sign-in under a new key and answers the custom token that carries the
 * key (its session claim): the browser signs in with it, and the rules and callables find the
 * verification through the claim. `startedAt`: when the sign-in began (its password was
 * checked), which sessions ended after it must catch.
 */
async function verifiedSignIn(
  db: Firestore,
  auth: Auth,
  uid: string,
  sessionKey: string,
  now: Date,
  startedAt = now,
): Promise<string> {
  await db
    .doc(twoFactorSessionPath(uid, sessionKey))
    .set(twoFactorSession(Math.floor(now.getTime() / 1000), now));
  return auth.createCustomToken(uid, {
    [TWO_FACTOR_SESSION_CLAIM]: sessionKey,
    [SIGN_IN_STARTED_CLAIM]: Math.floor(startedAt.getTime() / 1000),
  });
}

/** Turns two-factor off with a current code: the secret is deleted. */
export async function disableTwoFactor(
  db: Firestore,
  caller: Caller,
  code: string,
  now = new Date(),
) {
  await limitCodes(db, caller.uid, now);
  await db.runTransaction(async (tx) => {
    const current = await readSecret(tx, db, caller.uid);
    const writeSettings = await settingsWrite(tx, db, caller.uid, false);
    if (!current.secret) throw new ShopError('failed-precondition', TWO_FACTOR_MESSAGES.notEnabled);
    if ((await acceptedStep(current.secret, code, current.lastUsedStep, now)) === null) {
      throw wrongCode();
    }
    tx.delete(secretRef(db, caller.uid));
    writeSettings();
  });
  await securityAlert(
    db,
    caller.uid,
    'Two-factor authentication turned off',
    TWO_FACTOR_MESSAGES.disabled,
    now,
  );
}

/**
 * Spends a code (or a one-time recovery code) of the account in a transaction: a code is never
 * accepted twice, a recovery code is removed. Answers how many recovery codes are left when
 * one was used, else null; throws when the code is wrong.
 */
async function spendCode(
  tx: Transaction,
  db: Firestore,
  uid: string,
  code: string,
  now: Date,
): Promise<number | null> {
  const current = await readSecret(tx, db, uid);
  if (!current.secret) throw new ShopError('failed-precondition', TWO_FACTOR_MESSAGES.notEnabled);
  if (!/^\d{6}$/.test(code)) {
    const hash = sha256Hex(code);
    if (!current.recoveryCodes.includes(hash)) throw wrongCode();
    const remaining = current.recoveryCodes.filter((one) => one !== hash);
    tx.update(secretRef(db, uid), { recoveryCodes: remaining });
    return remaining.length;
  }
  const step = await acceptedStep(current.secret, code, current.lastUsedStep, now);
  if (step === null) throw wrongCode();
  tx.update(secretRef(db, uid), { lastUsedStep: step });
  return null;
}

async function recoveryCodeAlert(db: Firestore, uid: string, left: number | null, now: Date) {
  if (left === null) return;
  await securityAlert(
    db,
    uid,
    'Recovery code used',
    TWO_FACTOR_MESSAGES.recoveryCodeUsed(left),
    now,
  );
}

/**
 * Verifies a code for a sign-in that already has a token whose verification lapsed (or
 * predates this design): recorded under the token's two-factor key for 12 hours. Answers when
 * the verification lapses.
 */
export async function verifySignIn(db: Firestore, caller: Caller, code: string, now = new Date()) {
  await limitCodes(db, caller.uid, now);
  const session = twoFactorSession(caller.authTime, now);
  const left = await db.runTransaction(async (tx) => {
    const codesLeft = await spendCode(tx, db, caller.uid, code, now);
    tx.set(db.doc(twoFactorSessionPath(caller.uid, caller.twoFactorKey)), session);
    return codesLeft;
  });
  await recoveryCodeAlert(db, caller.uid, left, now);
  return { verifiedUntil: session.expiresAt.toISOString() };
}

/**
 * A right password for an account with two-factor on: no token yet, only a challenge that
 * waits ten minutes for the code (`completeChallenge`). Answers its id. `signInDevice` is the
 * known sign-in device the password came from, renewed once the code is right.
 */
export async function startChallenge(
  db: Firestore,
  uid: string,
  signInDevice: string | null,
  now = new Date(),
) {
  const id = newId();
  await twoFactorChallengeRef(db, id).set({
    id,
    uid,
    createdAt: now,
    expiresAt: new Date(now.getTime() + TWO_FACTOR_CHALLENGE_TTL_MS),
    attempts: 0,
    signInDevice,
  });
  return id;
}

/**
 * The code for a challenge: the sign-in's only token, verified for 12 hours. A challenge
 * works once, for ten minutes and five wrong codes; codes are limited per account as well.
 */
export async function completeChallenge(
  db: Firestore,
  auth: Auth,
  challengeId: string,
  code: string,
  now = new Date(),
): Promise<CompleteTwoFactorSignInOutput> {
  const expired = () => new ShopError('failed-precondition', TWO_FACTOR_MESSAGES.signInExpired);
  const ref = twoFactorChallengeRef(db, challengeId);
  const challenge = (await ref.get()).data();
  if (!challenge || challenge.expiresAt.getTime() <= now.getTime()) throw expired();
  await limitCodes(db, challenge.uid, now);
  const user = await auth.getUser(challenge.uid).catch(() => null);
  if (!user || user.disabled) throw expired();
  // Sessions ended since the password was checked (sign out everywhere, a password change made
  // elsewhere): this sign-in began before that, and ends with them.
  if (Math.floor(challenge.createdAt.getTime() / 1000) < authSessionsValidAfter(user)) {
    throw expired();
  }
  // Maintenance mode began after the password was checked: only administrators go on.
  if (await closedForMaintenance(db, user.customClaims)) {
    throw new ShopError('failed-precondition', ACCESS_MESSAGES.maintenance);
  }

  const sessionKey = newId();
  const outcome = await db.runTransaction(async (tx) => {
    const live = (await tx.get(ref)).data();
    if (!live || live.expiresAt.getTime() <= now.getTime()) return { expired: true } as const;
    try {
      const left = await spendCode(tx, db, live.uid, code, now);
      tx.delete(ref);
      return { left } as const;
    } catch (error) {
      if (!(error instanceof ShopError) || error.reason !== 'code-invalid') {
        throw error;
      }
      // Reads are done: count the wrong code (a transaction that throws writes nothing).
      if (live.attempts + 1 >= TWO_FACTOR_CHALLENGE_ATTEMPTS) tx.delete(ref);
      else tx.update(ref, { attempts: live.attempts + 1 });
      return { wrong: true } as const;
    }
  });
  if ('expired' in outcome) throw expired();
  if ('wrong' in outcome) throw wrongCode();
  const customToken = await verifiedSignIn(
    db,
    auth,
    challenge.uid,
    sessionKey,
    now,
    challenge.createdAt,
  );
  await recoveryCodeAlert(db, challenge.uid, outcome.left, now);
  return {
    customToken,
    signInDevice: await rememberSignInDevice(db, challenge.uid, challenge.signInDevice, now),
    verifiedUntil: twoFactorSession(0, now).expiresAt.toISOString(),
  };
}

/**
 * An administrator turns a customer's two-factor off (lost authenticator and recovery codes,
 * identity checked by support): the secret and recovery codes are deleted, the setting turned
 * off, the change audited, every session of the account ended, and the customer told. Another
 * administrator's is refused, as a ban is: one console session must not strip every
 * colleague's second factor; removing the right first is its own audited step.
 */
export async function resetTwoFactor(
  db: Firestore,
  auth: Auth,
  admin: Caller,
  uid: string,
  now = new Date(),
): Promise<void> {
  // Turning one's own off needs a current code (disableTwoFactor), whoever asks.
  if (uid === admin.uid)
    throw new ShopError('failed-precondition', TWO_FACTOR_MESSAGES.resetNotSelf);
  if (!(await profileRef(db, uid).get()).exists) {
    throw new ShopError('not-found', USER_LIST_MESSAGES.userNotFound);
  }
  const account = await userByUid(auth, uid);
  if (isAdminAccount(account)) {
    throw new ShopError('failed-precondition', TWO_FACTOR_MESSAGES.resetNotAdmin);
  }
  await db.runTransaction(async (tx) => {
    const current = await readSecret(tx, db, uid);
    const writeSettings = await settingsWrite(tx, db, uid, false);
    if (!current.secret) throw new ShopError('failed-precondition', TWO_FACTOR_MESSAGES.notEnabled);
    tx.delete(secretRef(db, uid));
    writeSettings();
    recordAudit(
      db,
      tx,
      admin,
      {
        action: 'user.resetTwoFactor',
        target: userPath(uid),
        before: { twoFactorEnabled: true },
        after: { twoFactorEnabled: false },
      },
      now,
    );
  });
  await endSessions(db, auth, uid);
  await securityAlert(
    db,
    uid,
    'Two-factor authentication reset',
    TWO_FACTOR_MESSAGES.resetByAdmin,
    now,
    'support',
  );
}

/** The alert's last line: a change support made is not the customer's to disown. */
const ALERT_CLOSING = {
  own: 'If this was not you, contact support straight away.',
  support: 'If you did not ask us for this, contact support straight away.',
};

function securityAlert(
  db: Firestore,
  uid: string,
  title: string,
  message: string,
  now: Date,
  madeBy: keyof typeof ALERT_CLOSING = 'own',
  id?: string,
) {
  // The messages are shown on screens too, some as sentences already.
  const sentence = /[.!?]$/.test(message) ? message : `${message}.`;
  return notifyUser(
    db,
    uid,
    { type: 'account', kind: 'account', title, message },
    {
      email: { subject: title, text: `${sentence}\n\n${ALERT_CLOSING[madeBy]}`, always: true },
      id,
    },
    now,
  );
}
