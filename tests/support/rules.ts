/**
 * Security-rules tests: a role matrix over the Firestore emulator. Each suite has its own
 * project id, so clearing it touches no other suite.
 */
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestContext,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import {
  ADMIN_CLAIM,
  DEFAULT_USER_SETTINGS,
  SIGN_IN_STARTED_CLAIM,
  TWO_FACTOR_SESSION_CLAIM,
} from '@rafflewin/domain';
import { initializeApp, deleteApp, type App } from 'firebase-admin/app';
import { getFirestore as adminFirestore } from 'firebase-admin/firestore';
import { setLogLevel, type Firestore } from 'firebase/firestore';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../emulators/config';

// Denied operations are the point of these tests; the SDK's warnings about them are noise.
setLogLevel('error');

/**
 * The test contexts hand out the compat Firestore type; at runtime it is the modular instance
 * the v9+ functions (doc, getDoc, …) expect.
 */
function modular(context: RulesTestContext): Firestore {
  return context.firestore() as unknown as Firestore;
}

/** The roles every expectation names. */
type BaseRole = 'guest' | 'owner' | 'other' | 'banned' | 'admin';
/**
 * Sign-ins that must count for no more than a guest's, tried in every matrix: the owner and
 * an administrator who signed in with a password but owe their two-factor code, a former
 * administrator whose ID token (from before the right was removed) still carries the claim,
 * the same person's custom token minted before and exchanged after, the owner's and the
 * administrator's sign-ins with an e-mail address never confirmed, and a former administrator's
 * old token once the account (with its profile) is deleted.
 */
type SignedOutInEffect =
  | 'ownerOwesCode'
  | 'adminOwesCode'
  | 'demotedAdmin'
  | 'heldToken'
  | 'ownerUnconfirmed'
  | 'adminUnconfirmed'
  | 'deletedAdmin';
export type Role = BaseRole | SignedOutInEffect;
export const ROLES: Role[] = [
  'guest',
  'owner',
  'other',
  'banned',
  'admin',
  'ownerOwesCode',
  'adminOwesCode',
  'demotedAdmin',
  'heldToken',
  'ownerUnconfirmed',
  'adminUnconfirmed',
  'deletedAdmin',
];

/** The accounts behind the roles. */
export const UIDS = {
  owner: 'alice',
  other: 'bob',
  banned: 'mallory',
  admin: 'admin',
  ownerOwesCode: 'alice',
  adminOwesCode: 'admin',
  demotedAdmin: 'dave',
  heldToken: 'dave',
  ownerUnconfirmed: 'alice',
  adminUnconfirmed: 'admin',
  deletedAdmin: 'erin',
} as const satisfies Record<Exclude<Role, 'guest'>, string>;

/**
 * Sign-in times (the ID token's `auth_time`). The owner and the administrator have two-factor
 * on and verified their sign-in at VERIFIED_SIGN_IN; the same accounts signed in again at
 * UNVERIFIED_SIGN_IN and have not given the code. Dave's right was removed at DEMOTED_AT,
 * which ended his sessions; his token is from before.
 */
export const VERIFIED_SIGN_IN = 1_800_000_000;
/**
 * The owner's verified sign-in was made with both factors at once (the server's custom token
 * carries this key in its `twoFactorSession` claim); the administrator's was verified on /2fa
 * after signing in, so its record is keyed by its auth_time.
 */
export const OWNER_SESSION_KEY = 'OWNERSESSIONKEY2345A';
export const UNVERIFIED_SIGN_IN = VERIFIED_SIGN_IN + 60;
export const DEMOTED_AT = VERIFIED_SIGN_IN - 3600;

/** The address of a test account, on its profile and in its tokens. */
export const addressOf = (uid: string) => `${uid}@example.com`;

/** Every account's address is confirmed, except in the two roles that say otherwise. */
const CONFIRMED = { email_verified: true };
const TOKENS_WITHOUT_ADDRESS: Record<Exclude<Role, 'guest'>, Record<string, unknown>> = {
  owner: {
    ...CONFIRMED,
    auth_time: VERIFIED_SIGN_IN,
    [TWO_FACTOR_SESSION_CLAIM]: OWNER_SESSION_KEY,
  },
  other: { ...CONFIRMED, auth_time: VERIFIED_SIGN_IN },
  banned: { ...CONFIRMED, auth_time: VERIFIED_SIGN_IN },
  admin: { ...CONFIRMED, [ADMIN_CLAIM]: true, auth_time: VERIFIED_SIGN_IN },
  ownerOwesCode: { ...CONFIRMED, auth_time: UNVERIFIED_SIGN_IN },
  adminOwesCode: { ...CONFIRMED, [ADMIN_CLAIM]: true, auth_time: UNVERIFIED_SIGN_IN },
  demotedAdmin: { ...CONFIRMED, [ADMIN_CLAIM]: true, auth_time: DEMOTED_AT - 600 },
  // The same administrator's custom token, minted before the right was removed and exchanged
  // after it: its auth_time is new, its minting (signInStartedAt) is not.
  heldToken: {
    ...CONFIRMED,
    [ADMIN_CLAIM]: true,
    auth_time: DEMOTED_AT + 600,
    [SIGN_IN_STARTED_CLAIM]: DEMOTED_AT - 600,
  },
  // The owner's and the administrator's verified sign-ins, but with an address never confirmed
  // (an account someone opened with another person's address, signed in through Auth's API).
  ownerUnconfirmed: {
    email_verified: false,
    auth_time: VERIFIED_SIGN_IN,
    [TWO_FACTOR_SESSION_CLAIM]: OWNER_SESSION_KEY,
  },
  adminUnconfirmed: { email_verified: false, [ADMIN_CLAIM]: true, auth_time: VERIFIED_SIGN_IN },
  // Erin's right was removed, then she deleted her account: no profile is left to say when her
  // sessions ended, and her token from before still carries the claim.
  deletedAdmin: { ...CONFIRMED, [ADMIN_CLAIM]: true, auth_time: DEMOTED_AT - 600 },
};
/** Each token carries its account's address, as the profile keeps it (`addressOf`). */
const TOKENS = Object.fromEntries(
  Object.entries(TOKENS_WITHOUT_ADDRESS).map(([role, claims]) => [
    role,
    { email: addressOf(UIDS[role as keyof typeof UIDS]), ...claims },
  ]),
) as unknown as typeof TOKENS_WITHOUT_ADDRESS;

/**
 * Whose data a role acts on: the banned customer tries their own data (a ban must lock them
 * out of it); every other role tries the owner's.
 */
export function subjectOf(role: Role): string {
  return role === 'banned' ? UIDS.banned : UIDS.owner;
}

/**
 * Who may: the five base roles always, the roles that must count as signed out only where
 * they differ from a guest (the sign-in page's own reads), otherwise as a guest; a deleted
 * administrator's token as another customer.
 */
export type Expectation = Record<BaseRole, boolean> & Partial<Record<SignedOutInEffect, boolean>>;

function expected(expectation: Expectation, role: Role): boolean {
  switch (role) {
    case 'ownerOwesCode':
    case 'adminOwesCode':
    case 'demotedAdmin':
    case 'heldToken':
    case 'ownerUnconfirmed':
    case 'adminUnconfirmed':
      return expectation[role] ?? expectation.guest;
    // A signed-in account without a profile (as a new one is for a moment): no more than
    // another customer, whatever its token claims.
    case 'deletedAdmin':
      return expectation[role] ?? expectation.other;
    default:
      return expectation[role];
  }
}

/** Only the owner (acting on their own data). */
export const OWNER_ONLY: Expectation = {
  guest: false,
  owner: true,
  other: false,
  banned: false,
  admin: false,
};
export const OWNER_AND_ADMIN: Expectation = { ...OWNER_ONLY, admin: true };
export const ADMIN_ONLY: Expectation = { ...OWNER_ONLY, owner: false, admin: true };
export const NOBODY: Expectation = { ...OWNER_ONLY, owner: false };
export const EVERYONE: Expectation = {
  guest: true,
  owner: true,
  other: true,
  banned: true,
  admin: true,
};
/** Signed-in customers in good standing and administrators. */
export const SIGNED_IN: Expectation = { ...EVERYONE, guest: false, banned: false };

/** A time for seeds and attempts (both SDKs store a Date as a Timestamp). */
export const ts = (iso: string) => new Date(iso);

/** An unread notification as the functions write it. */
export const notificationDoc = {
  type: 'raffle',
  title: 'Draw tonight',
  message: 'Your raffle closes tonight.',
  supportTicketId: null,
  isRead: false,
  createdAt: ts('2025-01-01T00:00:00Z'),
};

/** A customer's support conversation as the contact form opens it. */
export const supportTicketDoc = (userId: string) => ({
  userId,
  name: 'Customer',
  email: `${userId}@example.com`,
  subject: 'Where are my tickets?',
  status: 'open',
  priority: 'normal',
  reference: `CMP-${userId}`,
  lastMessage: 'Hello',
  lastMessageAt: ts('2025-01-01T00:00:00Z'),
  unreadCount: 0,
  adminUnreadCount: 1,
  createdAt: ts('2025-01-01T00:00:00Z'),
});

/** Seeds a customer's conversation with the customer's first message (`m1`). */
export function putConversation(put: Put, uid: string): void {
  put(`supportTickets/s-${uid}`, supportTicketDoc(uid));
  put(`supportTickets/s-${uid}/messages/m1`, {
    message: 'Hello',
    senderType: 'user',
    senderId: uid,
    createdAt: ts('2025-01-01T00:00:00Z'),
  });
}

/** A raffle document as the functions write it, on sale (`active`) or not. */
export const raffleDoc = (active: boolean) => ({
  name: 'Test raffle',
  description: 'A prize',
  imageUrl: '/images/placeholder.svg',
  category: 'cash',
  ticketPrice: 100,
  maxTickets: 10,
  maxTicketsPerUser: 5,
  soldTickets: 3,
  active,
  startDate: ts('2025-01-01T00:00:00Z'),
  endDate: ts('2030-01-01T00:00:00Z'),
  createdAt: ts('2025-01-01T00:00:00Z'),
  onlineEntryText: '',
  postalEntryText: '',
});

function profile(uid: string, banned: boolean, extra: Record<string, unknown> = {}) {
  return {
    ...extra,
    email: addressOf(uid),
    username: uid,
    bio: null,
    firstName: uid.charAt(0).toUpperCase() + uid.slice(1),
    lastName: 'Tester',
    phoneNumber: null,
    dateOfBirth: '1990-01-01',
    banned,
    createdAt: ts('2025-01-01T00:00:00Z'),
    updatedAt: ts('2025-01-01T00:00:00Z'),
  };
}

export interface RulesSuite {
  /** The suite's own project (its rules and data), e.g. for a REST client. */
  projectId: string;
  /** One test per role: `attempt` must succeed exactly for the roles marked true. */
  matrix(what: string, expectation: Expectation, attempt: Attempt): void;
  /** One test for one role (tampering and validation cases). */
  check(what: string, role: Role, allowed: boolean, attempt: Attempt): void;
  /**
   * One test as any account, e.g. a brand-new user: a confirmed address and a verified sign-in
   * unless `claims` (the whole ID token's claims) say otherwise.
   */
  checkAs(
    what: string,
    uid: string,
    allowed: boolean,
    attempt: Attempt,
    claims?: Record<string, unknown>,
  ): void;
}

/**
 * An operation under test: `db` is the role's client, `subject` whose data it targets and
 * `uid` the acting account (null for a guest).
 */
export type Attempt = (db: Firestore, subject: string, uid: string | null) => Promise<unknown>;

/**
 * Sets up a suite: before each test the database is cleared and the four profiles (mallory's
 * banned) and the suite's own documents from `seed` are written, rules disabled.
 */
/** Queues a document for the seed; the seed is written in one batch. */
export type Put = (path: string, data: Record<string, unknown>) => void;

export function rulesSuite(name: string, seed: (put: Put) => void): RulesSuite {
  let env: RulesTestEnvironment;
  // The seed is written past the rules with the Admin SDK (one client for the suite).
  let seeder: App;
  const projectId = `demo-rules-${name}`;

  beforeAll(async () => {
    const [host, port] = (process.env.FIRESTORE_EMULATOR_HOST ?? '').split(':');
    env = await initializeTestEnvironment({
      projectId,
      firestore: {
        host,
        port: Number(port),
        rules: readFileSync(join(ROOT, 'firestore.rules'), 'utf8'),
      },
    });
    seeder = initializeApp({ projectId }, `seed-${projectId}`);
  });

  afterAll(async () => {
    await env?.cleanup();
    if (seeder) await deleteApp(seeder);
  });

  beforeEach(async () => {
    await env.clearFirestore();
    const db = adminFirestore(seeder);
    const batch = db.batch();
    const put: Put = (path, data) => batch.set(db.doc(path), data);
    put(`users/${UIDS.owner}`, profile(UIDS.owner, false));
    put(`users/${UIDS.other}`, profile(UIDS.other, false));
    put(`users/${UIDS.banned}`, profile(UIDS.banned, true));
    put(`users/${UIDS.admin}`, profile(UIDS.admin, false));
    put(
      `users/${UIDS.demotedAdmin}`,
      profile(UIDS.demotedAdmin, false, {
        sessionsValidAfter: DEMOTED_AT,
      }),
    );
    // The owner and the administrator have two-factor on; one sign-in of each is verified.
    for (const [uid, key] of [
      [UIDS.owner, OWNER_SESSION_KEY],
      [UIDS.admin, String(VERIFIED_SIGN_IN)],
    ] as const) {
      put(`users/${uid}/settings/preferences`, {
        ...DEFAULT_USER_SETTINGS,
        twoFactorEnabled: true,
      });
      put(`users/${uid}/twoFactorSessions/${key}`, {
        authTime: VERIFIED_SIGN_IN,
        verifiedAt: new Date(VERIFIED_SIGN_IN * 1000),
        expiresAt: ts('2100-01-01T00:00:00Z'),
      });
    }
    seed(put);
    await batch.commit();
  });

  // One client per role for the whole suite: a new one per test would open a new connection.
  const clients = new Map<Role, Firestore>();
  function dbFor(role: Role): Firestore {
    let db = clients.get(role);
    if (!db) {
      db = modular(
        role === 'guest'
          ? env.unauthenticatedContext()
          : env.authenticatedContext(UIDS[role], TOKENS[role]),
      );
      clients.set(role, db);
    }
    return db;
  }

  async function expectOutcome(allowed: boolean, attempt: Promise<unknown>) {
    if (allowed) await assertSucceeds(attempt);
    else await assertFails(attempt);
  }

  const uidOf = (role: Role) => (role === 'guest' ? null : UIDS[role]);
  const title = (who: string, allowed: boolean, what: string) =>
    `${who}: ${allowed ? 'may' : 'may not'} ${what}`;

  return {
    projectId,
    matrix(what, expectation, attempt) {
      for (const role of ROLES) {
        const allowed = expected(expectation, role);
        it(title(role, allowed, what), () =>
          expectOutcome(allowed, attempt(dbFor(role), subjectOf(role), uidOf(role))),
        );
      }
    },
    check(what, role, allowed, attempt) {
      it(title(role, allowed, what), () =>
        expectOutcome(allowed, attempt(dbFor(role), subjectOf(role), uidOf(role))),
      );
    },
    checkAs(
      what,
      uid,
      allowed,
      attempt,
      claims = { ...CONFIRMED, email: addressOf(uid), auth_time: VERIFIED_SIGN_IN },
    ) {
      it(title(uid, allowed, what), () =>
        expectOutcome(allowed, attempt(modular(env.authenticatedContext(uid, claims)), uid, uid)),
      );
    },
  };
}
