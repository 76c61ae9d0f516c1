import { NOTIFICATION_CONSTANTS, notificationsPath } from '@rafflewin/domain';
import type { Timestamp } from 'firebase/firestore';
import { useEffect, useState } from 'react';
import { useFirestoreApi } from '@/lib/live';

let chimeContext: AudioContext | null = null;

/**
 * A short, quiet two-note chime when a notification arrives. Browsers allow
 * sound only once the visitor has interacted with the page, so before that it stays silent
 * rather than queueing a sound or showing an error.
 */
function playChime() {
  if (!navigator.userActivation?.hasBeenActive || typeof AudioContext === 'undefined') return;
  try {
    chimeContext ??= new AudioContext();
    const context = chimeContext;
    const start = context.currentTime;
    for (const [offset, frequency] of [
      [0, 880],
      [0.12, 1320],
    ] as const) {
      const tone = context.createOscillator();
      const volume = context.createGain();
      tone.frequency.value = frequency;
      volume.gain.setValueAtTime(0.06, start + offset);
      volume.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.25);
      tone.connect(volume).connect(context.destination);
      tone.start(start + offset);
      tone.stop(start + offset + 0.25);
    }
  } catch {
    // No sound is better than a broken page.
  }
}

/** What the badge shows: the count, or "9+" above nine. */
export function unreadBadgeText(count: number): string {
  return count > NOTIFICATION_CONSTANTS.badgeMax
    ? `${NOTIFICATION_CONSTANTS.badgeMax}+`
    : `${count}`;
}

/**
 * The signed-in customer's unread notifications for the navigation bar's badge, live (a
 * listener, not polling). It reads at most ten documents
 * (enough to show "9+"), never the whole list, and chimes when a new one arrives while the
 * shop is open.
 */
export function useUnreadNotifications(uid: string | null): number {
  const [state, setState] = useState({ uid, count: 0 });
  const api = useFirestoreApi();
  useEffect(() => {
    if (!uid || !api) return undefined;
    const { collection, db, limit, onSnapshot, orderBy, query, where } = api;
    const since = Date.now();
    let first = true;
    const unread = query(
      collection(db, notificationsPath(uid)),
      where('isRead', '==', false),
      // The newest: one that arrives is always among them (and chimes), however many wait.
      orderBy('createdAt', 'desc'),
      limit(NOTIFICATION_CONSTANTS.badgeMax + 1),
    );
    return onSnapshot(
      unread,
      (snapshot) => {
        setState({ uid, count: snapshot.size });
        const arrived = snapshot
          .docChanges()
          .some(
            (change) =>
              change.type === 'added' &&
              ((change.doc.get('createdAt') as Timestamp | null)?.toMillis() ?? 0) > since,
          );
        if (!first && arrived && !snapshot.metadata.hasPendingWrites) playChime();
        first = false;
      },
      // The badge is a hint: on an error it shows nothing rather than a stale number.
      () => setState({ uid, count: 0 }),
    );
  }, [uid, api]);
  return uid && state.uid === uid ? state.count : 0;
}
