import {
  USER_SEARCH_LIMIT,
  prefixEnd,
  userProfileSchema,
  usersCollection,
  type UserProfile,
} from '@rafflewin/domain';
import { getDocs, limit, orderBy, query, where } from 'firebase/firestore';
import { useSearchAsYouType } from './useSearchAsYouType';
import { typedCollection } from '@/lib/firestoreApi';

const users = typedCollection(usersCollection, userProfileSchema);

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
  return useSearchAsYouType(text.trim() ? text : null, searchUsersByEmail);
}
