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
  type TwoFactorSecretData,
} from '@rafflewin/domain';
import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { generateSecret, generateURI, verify } from 'otplib';
import type { Caller } from '../../lib/access';
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
};

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
) {
  await limitCodes(db, caller, now);
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
  await db.runTransaction(async (tx) => {
    const current = await readSecret(tx, db, caller.uid);
    if (!current.secret) throw new ShopError('failed-precondition', TWO_FACTOR_MESSAGES.notEnabled);
    const step = await acceptedStep(current.secret, code, current.lastUsedStep, now);
    if (step === null) throw wrongCode();
    tx.update(secretRef(db, caller.uid), { lastUsedStep: step });
    tx.set(db.doc(twoFactorSessionPath(caller.uid, caller.authTime)), session);
  });
  return { verifiedUntil: session.expiresAt.toISOString() };
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
