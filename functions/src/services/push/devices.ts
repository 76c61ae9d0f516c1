import {
  MAX_PUSH_DEVICES,
  PUSH_MESSAGES,
  ShopError,
  devicesCollection,
  type RegisterDeviceInput,
} from '@rafflewin/domain';
import type { Firestore } from 'firebase-admin/firestore';
import { devicesRef } from '../../lib/collections';
import { deviceIdOf } from './push';

/**
 * Stores a browser's push token for `uid`. The same token kept for another account (someone
 * else signed in on this browser before and never signed out) is removed there, so their
 * notifications stop reaching this screen. An account keeps its `MAX_PUSH_DEVICES` most
 * recently used devices.
 */
export async function registerDevice(
  db: Firestore,
  uid: string,
  { token, label }: RegisterDeviceInput,
  now = new Date(),
): Promise<{ deviceId: string }> {
  const deviceId = deviceIdOf(token);
  const devices = devicesRef(db, uid);
  const [elsewhere, mine] = await Promise.all([
    db.collectionGroup(devicesCollection).where('token', '==', token).select().get(),
    devices.orderBy('lastUsedAt', 'desc').get(),
  ]);
  const batch = db.batch();
  for (const doc of elsewhere.docs) {
    if (doc.ref.parent.parent?.id !== uid) batch.delete(doc.ref);
  }
  const others = mine.docs.filter((doc) => doc.id !== deviceId);
  for (const old of others.slice(MAX_PUSH_DEVICES - 1)) batch.delete(old.ref);
  const existing = mine.docs.find((doc) => doc.id === deviceId)?.data();
  batch.set(devices.doc(deviceId), {
    id: deviceId,
    uid,
    token,
    label: label || 'Web browser',
    createdAt: existing?.createdAt ?? now,
    lastUsedAt: now,
  });
  await batch.commit();
  return { deviceId };
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
