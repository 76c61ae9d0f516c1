import {
  devicesPath,
  userSettingsPath,
  type Device,
  type ChannelChoice,
  type NotificationKind,
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

/**
 * Saves one kind's e-mail or push choice, and only that (the rules check the whole map's
 * shape): a choice made meanwhile in another tab is not written back over.
 */
export function saveChannelChoice(
  uid: string,
  kind: NotificationKind,
  choice: ChannelChoice,
): Promise<void> {
  return updateDoc(
    doc(db, userSettingsPath(uid)),
    Object.fromEntries(
      Object.entries(choice).map(([channel, on]) => [
        `notificationChannels.${kind}.${channel}`,
        on,
      ]),
    ),
  );
}
