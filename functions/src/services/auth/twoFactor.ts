import {
  ShopError,
  AUTH_TIMINGS,
  RATE_LIMITS,
  TWO_FACTOR_ISSUER,
  TWO_FACTOR_MESSAGES,
  parseDocument,
  twoFactorSecretSchema,
  twoFactorSecretsCollection,
  twoFactorSession,
  twoFactorSessionPath,
  userSettingsPath,
  DEFAULT_USER_SETTINGS,
  ENROLMENT_SIGN_IN_MAX_AGE_SECONDS,
  RECOVERY_CODE_COUNT,
  USER_LIST_MESSAGES,
  formatRecoveryCode,
  userPath,
  type TwoFactorSecretData,
} from '@rafflewin/domain';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { createHash, randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import type { Caller } from '../../lib/access';
import { profileRef } from '../../lib/collections';
import { endSessions } from '../account/session';
import { recordAudit } from '../admin/audit';
import { notifyUser } from '../notifications/notify';
import { enforceRateLimit } from '../rateLimit';

/** Codes from the step before or after the current one are accepted (clock drift). */
const TOLERANCE_SECONDS = 30;

const EMPTY: TwoFactorSecretData = {
  secret: null,
  pendingSecret: null,
  pendingCreatedAt: null,
  enabledAt: null,
  lastUsedStep: 0,
  recoveryCodes: [],
};

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** A new recovery code: ten base32 characters from the system's secure random source. */
function newRecoveryCode(): string {
  return Array.from(randomBytes(10), (byte) => BASE32[byte % 32]).join('');
}

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

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

function limitCodes(db: Firestore, caller: Caller, now: Date) {
  return enforceRateLimit(db, `totp:${caller.uid}`, RATE_LIMITS.twoFactorCode, now);
}

const wrongCode = () => new ShopError('invalid-argument', TWO_FACTOR_MESSAGES.codeInvalid);

/**
 * Starts enrolment: a new secret, kept pending until its first code confirms it. The secret
 * is answered this once, for the QR code and for typing in by hand.
 */
export async function startEnrolment(db: Firestore, caller: Caller, now = new Date()) {
  // The page asks for the password again just before (a fresh sign-in): a session that was
  // stolen or left open cannot enrol its own authenticator and lock the owner out.
  if (now.getTime() / 1000 - caller.authTime > ENROLMENT_SIGN_IN_MAX_AGE_SECONDS) {
    throw new ShopError(
      'failed-precondition',
      TWO_FACTOR_MESSAGES.recentSignInRequired,
      'recent-sign-in-required',
    );
  }
  const secret = generateSecret();
  await db.runTransaction(async (tx) => {
    const current = await readSecret(tx, db, caller.uid);
    if (current.secret)
      throw new ShopError('failed-precondition', TWO_FACTOR_MESSAGES.alreadyEnabled);
    const { id: _id, ...data } = current;
    tx.set(secretRef(db, caller.uid), { ...data, pendingSecret: secret, pendingCreatedAt: now });
  });
  const otpauthUri = generateURI({
    issuer: TWO_FACTOR_ISSUER,
    label: caller.email ?? caller.uid,
    secret,
  });
  return { secret, otpauthUri };
}

/**
 * Confirms enrolment with a first code: the pending secret becomes the secret, the setting
 * turns on, and this sign-in counts as verified (the customer just proved the second factor).
 */
export async function confirmEnrolment(
  db: Firestore,
  caller: Caller,
  code: string,
  now = new Date(),
): Promise<string[]> {
  await limitCodes(db, caller, now);
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
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
      recoveryCodes: recoveryCodes.map(hashCode),
    } satisfies TwoFactorSecretData);
    writeSettings();
    tx.set(
      db.doc(twoFactorSessionPath(caller.uid, caller.authTime)),
      twoFactorSession(caller.authTime, now),
    );
  });
  await securityAlert(
    db,
    caller.uid,
    'Two-factor authentication turned on',
    TWO_FACTOR_MESSAGES.enabled,
    now,
  );
  return recoveryCodes.map(formatRecoveryCode);
}

/** Turns two-factor off with a current code: the secret is deleted. */
export async function disableTwoFactor(
  db: Firestore,
  caller: Caller,
  code: string,
  now = new Date(),
) {
  await limitCodes(db, caller, now);
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
 * Verifies a code for this sign-in (the ID token's auth_time): recorded for 12 hours, and a
 * code is never accepted twice. Answers when the verification lapses.
 */
export async function verifySignIn(db: Firestore, caller: Caller, code: string, now = new Date()) {
  await limitCodes(db, caller, now);
  const session = twoFactorSession(caller.authTime, now);
  const recovery = !/^\d{6}$/.test(code);
  const left = await db.runTransaction(async (tx) => {
    const current = await readSecret(tx, db, caller.uid);
    if (!current.secret) throw new ShopError('failed-precondition', TWO_FACTOR_MESSAGES.notEnabled);
    let codesLeft: number | null = null;
    if (recovery) {
      // A recovery code works once: its hash is removed in the same transaction.
      const hash = hashCode(code);
      if (!current.recoveryCodes.includes(hash)) throw wrongCode();
      const remaining = current.recoveryCodes.filter((one) => one !== hash);
      tx.update(secretRef(db, caller.uid), { recoveryCodes: remaining });
      codesLeft = remaining.length;
    } else {
      const step = await acceptedStep(current.secret, code, current.lastUsedStep, now);
      if (step === null) throw wrongCode();
      tx.update(secretRef(db, caller.uid), { lastUsedStep: step });
    }
    tx.set(db.doc(twoFactorSessionPath(caller.uid, caller.authTime)), session);
    return codesLeft;
  });
  if (left !== null) {
    await securityAlert(
      db,
      caller.uid,
      'Recovery code used',
      TWO_FACTOR_MESSAGES.recoveryCodeUsed(left),
      now,
    );
  }
  return { verifiedUntil: session.expiresAt.toISOString() };
}

/**
 * An administrator turns a customer's two-factor off (lost authenticator and recovery codes,
 * identity checked by support): the secret and recovery codes are deleted, the setting turned
 * off, the change audited, every session of the account ended, and the customer told.
 */
export async function resetTwoFactor(
  db: Firestore,
  auth: Auth,
  admin: Caller,
  uid: string,
  now = new Date(),
): Promise<void> {
  if (!(await profileRef(db, uid).get()).exists) {
    throw new ShopError('not-found', USER_LIST_MESSAGES.userNotFound);
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
  );
}

function securityAlert(db: Firestore, uid: string, title: string, message: string, now: Date) {
  return notifyUser(
    db,
    uid,
    { type: 'account', title, message },
    {
      email: {
        subject: title,
        text: `${message}.\n\nIf this was not you, contact support straight away.`,
        always: true,
      },
    },
    now,
  );
}
