import { NOTIFICATION_CONSTANTS, notificationsPath } from '@rafflewin/domain';
import {
  collection,
  getCountFromServer,
  limit,
  onSnapshot,
  orderBy,
  query,
  where,
} from 'firebase/firestore';
import { useCallback, useEffect, useState } from 'react';
import { db } from '@/lib/firestoreApi';

/**
 * How many notifications are unread, for the Unread tab. It listens to the newest few unread
 * (the navigation badge's query, which Firestore serves from the same listener: a new one is
 * always among them) and, when there are that many or more, counts them all with an
 * aggregation query rather than reading them. `recount` refreshes it after a change further
 * down the list.
 */
export function useUnreadCount(uid: string | null): { count: number | null; recount(): void } {
  const [count, setCount] = useState<number | null>(null);
  const [trigger, setTrigger] = useState(0);
  const recount = useCallback(() => setTrigger((value) => value + 1), []);

  useEffect(() => {
    if (!uid) return undefined;
    let live = true;
    const unread = query(collection(db, notificationsPath(uid)), where('isRead', '==', false));
    const window = NOTIFICATION_CONSTANTS.badgeMax + 1;
    const unsubscribe = onSnapshot(
      query(unread, orderBy('createdAt', 'desc'), limit(window)),
      (snapshot) => {
        if (snapshot.size < window) {
          setCount(snapshot.size);
          return;
        }
        getCountFromServer(unread)
          .then((result) => live && setCount(result.data().count))
          .catch(() => live && setCount(null));
      },
      () => setCount(null),
    );
    return () => {
      live = false;
      unsubscribe();
    };
    // `trigger` re-runs this effect: a fresh listener's first snapshot recounts.
  }, [uid, trigger]);

  return { count, recount };
}
