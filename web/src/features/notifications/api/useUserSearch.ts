import { userProfileSchema, usersCollection, type UserProfile } from '@rafflewin/domain';
import { collection, getDocs, limit, orderBy, query, where } from 'firebase/firestore';
import { useEffect, useState } from 'react';
import { db } from '@/lib/firebase';
import { converterFor } from '@/lib/firestore';

const users = collection(db, usersCollection).withConverter(converterFor(userProfileSchema));

/** Users shown per search. */
const MATCHES = 10;
const TYPING_PAUSE_MS = 300;

/**
 * Users whose (lower-cased) e-mail starts with what the administrator typed, ten at most, by a
 * range query on `email`: never the whole user list. Waits for a pause in typing.
 */
export function useUserSearch(text: string) {
  const [state, setState] = useState<{ users: UserProfile[]; loading: boolean; failed: boolean }>({
    users: [],
    loading: false,
    failed: false,
  });
  useEffect(() => {
    const prefix = text.trim().toLowerCase();
    if (!prefix) {
      setState({ users: [], loading: false, failed: false });
      return undefined;
    }
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    const timer = setTimeout(() => {
      getDocs(
        query(
          users,
          where('email', '>=', prefix),
          where('email', '<', `${prefix}\uf8ff`),
          orderBy('email'),
          limit(MATCHES),
        ),
      )
        .then(
          (snapshot) =>
            live &&
            setState({ users: snapshot.docs.map((d) => d.data()), loading: false, failed: false }),
        )
        .catch(() => live && setState({ users: [], loading: false, failed: true }));
    }, TYPING_PAUSE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text]);
  return state;
}
