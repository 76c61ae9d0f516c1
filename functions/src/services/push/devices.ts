import {
  ACCOUNT_MESSAGES,
  MAX_PUSH_DEVICES,
  PUSH_MESSAGES,
  ShopError,
  devicesCollection,
  type RegisterDeviceInput,
} from '@rafflewin/domain';
import type { Firestore } from 'firebase-admin/firestore';
import { devicesRef, profileRef } from '../../lib/collections';
import { deviceIdOf } from './push';

/**
 * Stores a browser's push token for `uid`. The same token kept for another account (someone
 * else signed in on this browser before and never signed out) is removed there, so their
 * notifications stop reaching this screen. An account keeps its `MAX_PUSH_DEVICES` most
 * recently used devices. `signedInAt` (the caller's sign-in, when a callable asks) is checked
 * against the account's `sessionsValidAfter` in the transaction that writes the device: ending
 * every session (`endSessions`) moves that before it removes the devices, so a sign-out
 * everywhere landing after the callable's own check either refuses this or finds the device.
 */
export async function registerDevice(
  db: Firestore,
  uid: string,
  { token, label }: RegisterDeviceInput,
  { now = new Date(), signedInAt }: { now?: Date; signedInAt?: number } = {},
): Promise<{ deviceId: string }> {
  const deviceId = deviceIdOf(token);
  const devices = devicesRef(db, uid);
  return db.runTransaction(async (tx) => {
    const [elsewhere, mine, profile] = await Promise.all([
      tx.get(db.collectionGroup(devicesCollection).where('token', '==', token).select()),
      tx.get(devices.orderBy('lastUsedAt', 'desc')),
      tx.get(profileRef(db, uid)),
    ]);
    // An account being deleted (from another tab, say), or whose profile is gone, keeps no
    // device: the deletion's sweep of its profile would have passed this one by.
    const deleted = !profile.exists || profile.data()?.deleting === true;
    if (
      deleted ||
      (signedInAt !== undefined && signedInAt < (profile.data()?.sessionsValidAfter ?? 0))
    ) {
      throw new ShopError('unauthenticated', ACCOUNT_MESSAGES.sessionRevoked);
    }
    for (const doc of elsewhere.docs) {
      if (doc.ref.parent.parent?.id !== uid) tx.delete(doc.ref);
    }
    const others = mine.docs.filter((doc) => doc.id !== deviceId);
    for (const old of others.slice(MAX_PUSH_DEVICES - 1)) tx.delete(old.ref);
    const existing = mine.docs.find((doc) => doc.id === deviceId)?.data();
    tx.set(devices.doc(deviceId), {
      id: deviceId,
      uid,
      token,
      label: label || 'Web browser',
      createdAt: existing?.createdAt ?? now,
      lastUsedAt: now,
    });
    return { deviceId };
  });
}

/** Removes one of the caller's devices; not found when it is not theirs, or gone. */
export async function removeDevice(
  db: Firestore,
  uid: string,
  deviceId: string,
): Promise<{ removed: true }> {
  const ref = devicesRef(db, uid).doc(deviceId);
  return db.runTransaction(async (tx) => {
    const device = await tx.get(ref);
    if (!device.exists) throw new ShopError('not-found', PUSH_MESSAGES.deviceNotFound);
    tx.delete(ref);
    return { removed: true as const };
  });
}
