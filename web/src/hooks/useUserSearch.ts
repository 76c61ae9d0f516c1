import {
  USER_SEARCH_LIMIT,
  prefixEnd,
  userProfileSchema,
  usersCollection,
  type UserProfile,
} from '@rafflewin/domain';
import { getDocs, limit, orderBy, query, where } from 'firebase/firestore';
import { useEffect, useState } from 'react';
import { typedCollection } from '@/lib/firestore';

const users = typedCollection(usersCollection, userProfileSchema);

/** Waits this long after the last keystroke before searching. */
const DEBOUNCE_MS = 250;

/** Up to 10 accounts whose (lower-cased) e-mail starts with the text: one small query. */
export async function searchUsersByEmail(text: string): Promise<UserProfile[]> {
  const prefix = text.trim().toLowerCase();
  if (!prefix) return [];
  const snapshot = await getDocs(
    query(
      users,
      where('email', '>=', prefix),
      where('email', '<', prefixEnd(prefix)),
      orderBy('email'),
      limit(USER_SEARCH_LIMIT),
    ),
  );
  return snapshot.docs.map((doc) => doc.data());
}

/** Accounts matching what is typed, searched as the administrator types. */
export function useUserSearch(text: string) {
  const [state, setState] = useState<{ users: UserProfile[]; loading: boolean; failed: boolean }>({
    users: [],
    loading: false,
    failed: false,
  });
  useEffect(() => {
    if (!text.trim()) {
      setState({ users: [], loading: false, failed: false });
      return undefined;
    }
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    const timer = setTimeout(() => {
      searchUsersByEmail(text)
        .then((found) => live && setState({ users: found, loading: false, failed: false }))
        .catch(() => live && setState({ users: [], loading: false, failed: true }));
    }, DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text]);
  return state;
}
