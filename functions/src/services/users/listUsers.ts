import {
  ShopError,
  USERS_PAGE_SIZE,
  usernamesCollection,
  type AdminUserRow,
  type ListUsersOutput,
  type UserSearchField,
  type UserProfileData,
} from '@rafflewin/domain';
import type { Auth, UserRecord } from 'firebase-admin/auth';
import { FieldPath, type Firestore, type Query } from 'firebase-admin/firestore';
import { z } from 'zod';
import { userStats } from './userStats';
import { isAdminAccount, isStaffAccount } from '../auth/accounts';
import { listedProfileRef, listedProfilesRef } from '../../lib/collections';

/** Sorts after every character a prefix can be followed by. */
const PREFIX_END = '\uf8ff';

export interface UserPageRequest {
  search: string;
  searchBy: UserSearchField;
  cursor: string | null;
}

/** Firestore takes neither "", ".", "..", a "/" nor `__…__` as a document id. */
const isDocumentId = (id: string) =>
  id.length > 0 && id.length <= 1500 && !/^\.\.?$|\/|^__.*__$/.test(id);

/** Cursors are the last row's sort keys, as JSON: [email, uid] or [username]. */
const emailCursor = z.tuple([z.string(), z.string().refine(isDocumentId)]);
const usernameCursor = z.tuple([z.string().refine(isDocumentId)]);

/** What a lower-cased username is made of: a search with anything else finds none. */
const USERNAME_PREFIX = /^[a-z0-9_.]*$/;

function decodeCursor<S extends z.ZodType>(schema: S, cursor: string): z.infer<S> {
  try {
    return schema.parse(JSON.parse(cursor));
  } catch {
    throw new ShopError('invalid-argument', 'This page of users is no longer available');
  }
}

type ListedProfile = Partial<UserProfileData> & { id: string };

interface ProfilePage {
  profiles: ListedProfile[];
  nextCursor: string | null;
}

/** Profiles ordered by the lower-cased e-mail (all, or those starting with `search`). */
async function byEmail(db: Firestore, search: string, cursor: string | null): Promise<ProfilePage> {
  let query = listedProfilesRef(db) as Query<ListedProfile>;
  if (search) {
    query = query.where('email', '>=', search).where('email', '<', search + PREFIX_END);
  }
  query = query.orderBy('email').orderBy(FieldPath.documentId());
  if (cursor) query = query.startAfter(...decodeCursor(emailCursor, cursor));
  const snapshot = await query.limit(USERS_PAGE_SIZE + 1).get();
  const profiles = snapshot.docs.slice(0, USERS_PAGE_SIZE).map((doc) => doc.data());
  const last = profiles.at(-1);
  return {
    profiles,
    nextCursor:
      snapshot.size > USERS_PAGE_SIZE && last ? JSON.stringify([last.email ?? '', last.id]) : null,
  };
}

/**
 * Profiles whose username starts with `search`, through the `usernames/{lower}` index (its
 * document ids are the lower-cased usernames), in username order.
 */
async function byUsername(
  db: Firestore,
  search: string,
  cursor: string | null,
): Promise<ProfilePage> {
  if (!USERNAME_PREFIX.test(search)) return { profiles: [], nextCursor: null };
  // ".", ".." and `__…__` are no usernames (too short, or reserved) and no document ids a
  // range can start at: the range starts just after them (a space sorts before every
  // character a username has).
  const from = isDocumentId(search) ? search : `${search} `;
  let query: Query = db
    .collection(usernamesCollection)
    .where(FieldPath.documentId(), '>=', from)
    .where(FieldPath.documentId(), '<', search + PREFIX_END)
    .orderBy(FieldPath.documentId());
  if (cursor) query = query.startAfter(...decodeCursor(usernameCursor, cursor));
  const snapshot = await query.limit(USERS_PAGE_SIZE + 1).get();
  const claims = snapshot.docs.slice(0, USERS_PAGE_SIZE);
  const uids = claims.map((claim) => claim.data().uid).filter(Boolean);
  const profiles = uids.length
    ? await db.getAll(...uids.map((uid) => listedProfileRef(db, uid)))
    : [];
  const last = claims.at(-1);
  return {
    profiles: profiles.flatMap((profile) => profile.data() ?? []),
    nextCursor: snapshot.size > USERS_PAGE_SIZE && last ? JSON.stringify([last.id]) : null,
  };
}

function isoOrNull(value: unknown): string | null {
  const date =
    value instanceof Date
      ? value
      : typeof value === 'string' && value
        ? new Date(value)
        : value && typeof (value as { toDate?: unknown }).toDate === 'function'
          ? (value as { toDate: () => Date }).toDate()
          : null;
  return date && !Number.isNaN(date.getTime()) ? date.toISOString() : null;
}

/** Auth accounts by uid, fetched 100 at a time (getUsers' limit). */
async function authAccounts(auth: Auth, uids: string[]): Promise<Map<string, UserRecord>> {
  const accounts = new Map<string, UserRecord>();
  for (let i = 0; i < uids.length; i += 100) {
    const { users } = await auth.getUsers(uids.slice(i, i + 100).map((uid) => ({ uid })));
    for (const user of users) accounts.set(user.uid, user);
  }
  return accounts;
}

/**
 * One page of User Management: the profiles from Firestore joined with their Auth accounts
 * (last sign-in and the admin claim live there) and their ticket and spend totals.
 */
export async function listUserPage(
  db: Firestore,
  auth: Auth,
  { search, searchBy, cursor }: UserPageRequest,
): Promise<ListUsersOutput> {
  const page =
    searchBy === 'username' && search
      ? await byUsername(db, search, cursor)
      : await byEmail(db, search, cursor);
  const uids = page.profiles.map((profile) => profile.id);
  const [accounts, stats] = await Promise.all([
    authAccounts(auth, uids),
    Promise.all(uids.map((uid) => userStats(db, uid))),
  ]);
  const users = page.profiles.map((profile, index): AdminUserRow => {
    const account = accounts.get(profile.id);
    return {
      uid: profile.id,
      email: profile.email || account?.email || '',
      username: profile.username || null,
      firstName: profile.firstName || null,
      lastName: profile.lastName || null,
      phoneNumber: profile.phoneNumber || null,
      dateOfBirth: profile.dateOfBirth || null,
      joinedAt: profile.createdAt?.toISOString() ?? isoOrNull(account?.metadata.creationTime),
      lastSignInAt: isoOrNull(account?.metadata.lastSignInTime),
      totalTickets: stats[index]?.totalTickets ?? 0,
      totalSpent: stats[index]?.totalSpent ?? 0,
      isAdmin: isAdminAccount(account),
      isStaff: isStaffAccount(account),
      // A ban half-applied (the account disabled, the profile not yet marked) still shows,
      // so an administrator can see it and unban.
      banned: profile.banned === true || account?.disabled === true,
      banReason: profile.banReason || null,
      noAccount: !account,
      emailVerified: account?.emailVerified === true,
      updatedAt: profile.updatedAt?.getTime() ?? null,
    };
  });
  return { users, nextCursor: page.nextCursor };
}
