import { userProfileSchema, usersCollection, type UserProfile } from '@rafflewin/domain';
import { documentId, getDocs, query, where } from 'firebase/firestore';
import { typedCollection } from '@/lib/firestoreApi';

const users = typedCollection(usersCollection, userProfileSchema);

/** Firestore's limit on the values of one `in` filter. */
const IN_LIMIT = 30;

/**
 * The profiles of the customers on one page of tickets (names and e-mails are joined per page
 * rather than copied onto every ticket, where they would go stale when a customer changes
 * them). A few `in` queries of 30 ids each.
 */
export async function loadProfiles(uids: string[]): Promise<Map<string, UserProfile>> {
  const unique = [...new Set(uids)];
  const chunks = Array.from({ length: Math.ceil(unique.length / IN_LIMIT) }, (_, i) =>
    unique.slice(i * IN_LIMIT, (i + 1) * IN_LIMIT),
  );
  const snapshots = await Promise.all(
    chunks.map((ids) => getDocs(query(users, where(documentId(), 'in', ids)))),
  );
  return new Map(snapshots.flatMap((s) => s.docs.map((doc) => [doc.id, doc.data()] as const)));
}
