import { z } from 'zod';
import type { Pence } from '../money';
import { answer, defineCallable } from './contract';

/** Rows per page of User Management. */
export const USERS_PAGE_SIZE = 20;

export const USER_SEARCH_FIELDS = ['email', 'username'] as const;
export type UserSearchField = (typeof USER_SEARCH_FIELDS)[number];

/** User Management's messages. */
export const USER_LIST_MESSAGES = {
  loadFailed: 'Failed to load users',
  noUsers: 'No users found',
  userNotFound: 'User not found',
} as const;

/**
 * `listUsers` (administrators): one page of users, ordered by e-mail, or by username when
 * searching by username. `search` is a prefix of the lower-cased e-mail or username (blank
 * lists everyone); `cursor` is the previous page's `nextCursor`.
 */
export const listUsersInput = z
  .object({
    search: z.string().trim().toLowerCase().max(320),
    searchBy: z.enum(USER_SEARCH_FIELDS),
    cursor: z.string().min(1).max(400).nullable(),
  })
  .strict();
export type ListUsersInput = z.input<typeof listUsersInput>;

/** One row of User Management. */
export interface AdminUserRow {
  uid: string;
  email: string;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  phoneNumber: string | null;
  /** yyyy-mm-dd. */
  dateOfBirth: string | null;
  /** ISO instants (callables answer JSON). */
  joinedAt: string | null;
  lastSignInAt: string | null;
  /** Active tickets held. */
  totalTickets: number;
  /** Paid orders' totals. */
  totalSpent: Pence;
  isAdmin: boolean;
  /** Holds the staff claim: tickets issued to the account are never drawn. */
  isStaff: boolean;
  banned: boolean;
  banReason: string | null;
  /** True when the row has no Auth account (e.g. imported data): nothing to grant or ban. */
  noAccount: boolean;
  /** The account's address is confirmed: only then may it be made an administrator. */
  emailVerified: boolean;
  /** The profile's `updatedAt` (ms; null on a profile without one): the version an edit is made on. */
  updatedAt: number | null;
}

export interface ListUsersOutput {
  users: AdminUserRow[];
  /** Pass back for the next page; null on the last page. */
  nextCursor: string | null;
}

export const listUsersContract = defineCallable({
  name: 'listUsers',
  access: 'admin',
  input: listUsersInput,
  output: answer<ListUsersOutput>(),
});
