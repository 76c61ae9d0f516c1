import {
  devicesPath,
  userSettingsPath,
  type Device,
  type NotificationChannels,
} from '@rafflewin/domain';
import { collection, doc, orderBy, query, updateDoc } from 'firebase/firestore';
import { useMemo } from 'react';
import { db, shopConverters } from '@/lib/firestoreApi';
import { useQueryData, type Loaded } from '@/lib/realtime';

/** The browsers the customer turned push on in, newest use first, live. */
export function useDevices(uid: string): Loaded<Device[]> {
  const devices = useMemo(
    () =>
      query(
        collection(db, devicesPath(uid)).withConverter(shopConverters.device),
        orderBy('lastUsedAt', 'desc'),
      ),
    [uid],
  );
  return useQueryData(devices);
}

/** Saves the per-kind e-mail and push choices (the rules check their shape). */
export function saveChannels(uid: string, channels: NotificationChannels): Promise<void> {
  return updateDoc(doc(db, userSettingsPath(uid)), { notificationChannels: channels });
}
