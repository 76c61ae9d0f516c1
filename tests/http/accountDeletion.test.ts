import {
  ACCOUNT_MESSAGES,
  ADMIN_CLAIM,
  DELETED_USER_ID,
  DELETED_USER_NAME,
  cartPath,
  checkoutSessionsCollection,
  entriesPath,
  holdersPath,
  notificationsPath,
  ordersCollection,
  rafflePath,
  savedRafflesPath,
  shardsPath,
  supportMessagesPath,
  ticketsCollection,
  twoFactorSecretsCollection,
  twoFactorSession,
  twoFactorSessionPath,
  userPath,
  userSettingsPath,
} from '@rafflewin/domain';
import { HOST, PORTS, PROJECT_ID } from '../../emulators/config';
import { adminAuth, adminDb, eventually } from '../support/admin';
import { refreshIdToken } from '../support/authRest';
import { call, callOk, newAdmin, newCustomer, type Customer } from '../support/customers';
import { createRaffle, line } from '../support/raffles';
import { payByCard, saveCard } from '../support/stripeDouble';

jest.setTimeout(120_000);

const PASSWORD = 'Str0ng!pass';
const AUTH = `http://${HOST}:${PORTS.auth}`;

interface Session {
  idToken: string;
  refreshToken: string;
}

/** Signs in with the password (as the web SDK would) for an ID token and a refresh token. */
async function signIn(email: string): Promise<Session & { error?: string }> {
  const response = await fetch(
    `${AUTH}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, returnSecureToken: true }),
    },
  );
  const body = (await response.json()) as Partial<Session> & { error?: { message: string } };
  return {
    idToken: body.idToken ?? '',
    refreshToken: body.refreshToken ?? '',
    error: body.error?.message,
  };
}

async function revocationCode(idToken: string): Promise<string | null> {
  try {
    await adminAuth.verifyIdToken(idToken, true);
    return null;
  } catch (error) {
    return (error as { code?: string }).code ?? 'unknown';
  }
}

interface StoredDocument {
  name: string;
  fields?: unknown;
}

/**
 * Every document of the shop's database, read through the emulator's REST API with one
 * all-descendants query (no list of collections to forget).
 */
async function everyDocument(): Promise<StoredDocument[]> {
  const response = await fetch(
    `http://${HOST}:${PORTS.firestore}/v1/projects/${PROJECT_ID}/databases/(default)/documents:runQuery`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ structuredQuery: { from: [{ allDescendants: true }] } }),
    },
  );
  if (!response.ok) throw new Error(`Scan failed: ${response.status} ${await response.text()}`);
  const rows = (await response.json()) as Array<{ document?: StoredDocument }>;
  return rows.flatMap((row) => (row.document ? [row.document] : []));
}

/** The documents whose path or content mentions any of `needles` (case-insensitive). */
async function documentsMentioning(...needles: string[]): Promise<string[]> {
  const lowered = needles.map((n) => n.toLowerCase());
  return (await everyDocument())
    .filter((doc) => {
      const text = `${doc.name} ${JSON.stringify(doc.fields ?? {})}`.toLowerCase();
      return lowered.some((needle) => text.includes(needle));
    })
    .map((doc) => doc.name.split('/documents/')[1] ?? doc.name);
}

/** A customer with data in every place the shop keeps any. */
async function customerWithEverything() {
  const customer = await newCustomer('Dora', 'Deleter');
  const raffleId = await createRaffle();
  const otherRaffle = await createRaffle();
  const username = `dora_${Date.now().toString(36)}`;
  await callOk('saveProfile', { username, bio: 'About me' }, customer);
  await saveCard(customer);
  await adminDb.doc(`${savedRafflesPath(customer.uid)}/${otherRaffle}`).set({
    raffleId: otherRaffle,
    createdAt: new Date(),
  });
  await adminDb.doc(`${notificationsPath(customer.uid)}/n1`).set({
    type: 'account',
    title: 'Welcome',
    message: `Hello ${customer.email}`,
    supportTicketId: null,
    isRead: false,
    createdAt: new Date(),
  });
  // An authenticator enrolled, and one sign-in verified with it.
  await adminDb.doc(`${twoFactorSecretsCollection}/${customer.uid}`).set({
    secret: 'JBSWY3DPEHPK3PXP',
    pendingSecret: null,
    pendingCreatedAt: null,
    enabledAt: new Date(),
    lastUsedStep: 0,
  });
  await adminDb.doc(twoFactorSessionPath(customer.uid, 1)).set(twoFactorSession(1, new Date()));
  await adminDb.doc(cartPath(customer.uid)).set({
    items: [{ raffleId: otherRaffle, quantity: 1 }],
    updatedAt: new Date(),
  });
  // Two paid tickets (with entries, an order and its e-mail), and an unpaid reservation.
  const bought = await callOk('startCheckout', { items: [line(raffleId, 2)] }, customer);
  const order = await payByCard(bought);
  const pending = await callOk('startCheckout', { items: [line(otherRaffle, 1)] }, customer);
  const { ticketId } = await callOk(
    'submitSupportTicket',
    { name: 'Dora Deleter', email: customer.email, subject: 'Hi', message: 'My address is …' },
    customer,
  );
  await adminDb.collection(supportMessagesPath(ticketId)).add({
    message: 'Second message',
    senderType: 'user',
    senderId: customer.uid,
    createdAt: new Date(),
  });
  await adminDb.collection('auditLog').add({
    actorUid: 'some-admin',
    actorEmail: 'admin@example.com',
    action: 'user.ban',
    target: userPath(customer.uid),
    before: { email: customer.email, banned: false },
    after: { email: customer.email, banned: true },
    at: new Date(),
  });
  // As if the account had been an administrator once: that entry keeps who made it.
  const actedAsAdmin = await adminDb.collection('auditLog').add({
    actorUid: customer.uid,
    actorEmail: customer.email,
    action: 'winner.create',
    target: 'winners/w1',
    before: null,
    after: { winnerName: 'Someone' },
    at: new Date(),
  });
  // Counts roll up from the pool when the order is paid.
  await eventually(
    async () =>
      (await adminDb.doc(rafflePath(raffleId)).get()).get('soldTickets') === 2 ? true : null,
    { what: 'the sold count to roll up' },
  );
  return {
    customer,
    raffleId,
    otherRaffle,
    username,
    order,
    pending,
    ticketId,
    actedAsAdmin: actedAsAdmin.path,
  };
}

async function soldInShards(raffleId: string): Promise<number> {
  const shards = await adminDb.collection(shardsPath(raffleId)).get();
  return shards.docs.reduce((sum, shard) => sum + (shard.get('sold') as number), 0);
}

describe('deleteAccount', () => {
  it('removes every personal document and the Auth user, and anonymises orders and tickets', async () => {
    const { customer, raffleId, otherRaffle, order, pending, ticketId, actedAsAdmin } =
      await customerWithEverything();
    expect(await documentsMentioning(customer.uid)).not.toEqual([]);

    // Anything but exactly DELETE is refused and changes nothing.
    for (const confirmation of ['delete', 'DELETE ', '']) {
      expect(await call('deleteAccount', { confirmation }, customer)).toMatchObject({
        ok: false,
        status: 'INVALID_ARGUMENT',
        message: ACCOUNT_MESSAGES.deleteConfirmation,
      });
    }
    expect((await adminAuth.getUser(customer.uid)).email).toBe(customer.email);

    await callOk('deleteAccount', { confirmation: 'DELETE' }, customer);

    await expect(adminAuth.getUser(customer.uid)).rejects.toMatchObject({
      code: 'auth/user-not-found',
    });
    expect((await signIn(customer.email)).error).toBe('EMAIL_NOT_FOUND');
    // Only what the account did as an administrator still names it: the audit log answers
    // for administrators' actions.
    expect(await documentsMentioning(customer.uid, customer.email)).toEqual([actedAsAdmin]);

    // The draw and the books are unchanged: same tickets, same numbers, no owner.
    const tickets = await adminDb
      .collection(ticketsCollection)
      .where('orderId', '==', order.orderId)
      .get();
    expect(tickets.docs.map((t) => t.get('ticketNumber')).sort()).toEqual(
      [...(order.ticketNumbers[raffleId] ?? [])].sort(),
    );
    expect(tickets.docs.every((t) => t.get('userId') === DELETED_USER_ID)).toBe(true);
    for (const number of order.ticketNumbers[raffleId] ?? []) {
      const entry = await adminDb.doc(`${entriesPath(raffleId)}/${number}`).get();
      expect(entry.get('holderName')).toBe(DELETED_USER_NAME);
    }
    const orderDoc = await adminDb.doc(`${ordersCollection}/${order.orderId}`).get();
    expect(orderDoc.data()).toMatchObject({
      userId: DELETED_USER_ID,
      userEmail: '',
      totalAmount: 300,
      status: 'completed',
    });
    expect((await adminDb.doc(rafflePath(raffleId)).get()).get('soldTickets')).toBe(2);
    expect(await soldInShards(raffleId)).toBe(2);
    expect((await adminDb.doc(`${holdersPath(raffleId)}/${customer.uid}`).get()).exists).toBe(
      false,
    );

    // The unpaid reservation was released: its ticket is free for others again.
    const reservation = await adminDb
      .doc(`${checkoutSessionsCollection}/${pending.sessionId}`)
      .get();
    // Released by the deletion ('cancelled') or, when closing its Stripe page made Stripe's
    // "expired" event arrive first, by the webhook ('expired'): either way released, once.
    expect(reservation.get('userId')).toBe(DELETED_USER_ID);
    expect(['cancelled', 'expired']).toContain(reservation.get('status'));
    const shards = await adminDb.collection(shardsPath(otherRaffle)).get();
    expect(shards.docs.some((s) => pending.sessionId in (s.get('holds') ?? {}))).toBe(false);

    // The support conversation and its messages are gone.
    expect((await adminDb.doc(`supportTickets/${ticketId}`).get()).exists).toBe(false);
    expect((await adminDb.collection(supportMessagesPath(ticketId)).get()).empty).toBe(true);

    // The old ID token no longer works either.
    expect(await call('deleteAccount', { confirmation: 'DELETE' }, customer)).toMatchObject({
      ok: false,
      status: 'UNAUTHENTICATED',
    });
  });

  /** Deleting the account is refused with this message, and the account and profile stay. */
  async function expectRefusedAndKept(customer: Customer, message: string): Promise<void> {
    expect(await call('deleteAccount', { confirmation: 'DELETE' }, customer)).toEqual({
      ok: false,
      status: 'FAILED_PRECONDITION',
      message,
    });
    expect((await adminAuth.getUser(customer.uid)).uid).toBe(customer.uid);
    expect((await adminDb.doc(userPath(customer.uid)).get()).exists).toBe(true);
  }

  it('waits for an order still being fulfilled, changing nothing', async () => {
    const customer = await newCustomer('Flo', 'Fulfilling');
    const raffleId = await createRaffle();
    const started = await callOk('startCheckout', { items: [line(raffleId, 1)] }, customer);
    await adminDb.doc(`${checkoutSessionsCollection}/${started.sessionId}`).update({
      status: 'fulfilling',
    });
    await expectRefusedAndKept(customer, ACCOUNT_MESSAGES.deleteWhileFulfilling);
  });

  it('refuses administrators and guests', async () => {
    const admin = await newAdmin();
    expect(await call('deleteAccount', { confirmation: 'DELETE' }, admin)).toMatchObject({
      ok: false,
      message: ACCOUNT_MESSAGES.deleteAdmin,
    });
    expect((await adminAuth.getUser(admin.uid)).uid).toBe(admin.uid);
    expect(await call('deleteAccount', { confirmation: 'DELETE' })).toMatchObject({
      ok: false,
      status: 'UNAUTHENTICATED',
    });
  });

  it('refuses an administrator whose token is from before the promotion', async () => {
    const promoted = await newCustomer('Pro', 'Moted');
    await adminAuth.setCustomUserClaims(promoted.uid, { [ADMIN_CLAIM]: true });
    await expectRefusedAndKept(promoted, ACCOUNT_MESSAGES.deleteAdmin);
  });

  it("leaves other customers' data alone", async () => {
    const [leaving, staying] = await Promise.all([
      newCustomer('Lea', 'Ving'),
      newCustomer('Sta', 'Ying'),
    ]);
    await saveCard(staying);
    // The Auth trigger writes each new account's settings; let it finish first.
    await eventually(
      async () => ((await adminDb.doc(userSettingsPath(staying.uid)).get()).exists ? true : null),
      { what: 'the settings document of the new account' },
    );
    const before = await documentsMentioning(staying.uid);
    await callOk('deleteAccount', { confirmation: 'DELETE' }, leaving);
    expect(await documentsMentioning(staying.uid)).toEqual(before);
    expect((await adminAuth.getUser(staying.uid)).uid).toBe(staying.uid);
  });
});

describe('revokeSessions (sign out from all devices)', () => {
  it('revokes the refresh tokens: sessions signed in before cannot be used or renewed', async () => {
    const customer: Customer = await newCustomer('Rev', 'Oker');
    const device = await signIn(customer.email);
    expect(await revocationCode(device.idToken)).toBeNull();

    await callOk('revokeSessions', {}, { ...customer, idToken: device.idToken });

    expect(await revocationCode(device.idToken)).toBe('auth/id-token-revoked');
    // The other device's refresh token: whatever ID token it still obtains is revoked. (Real
    // Firebase Auth refuses the refresh itself; the Auth emulator still answers.)
    const renewed = await refreshIdToken(device.refreshToken);
    if (renewed !== null) {
      expect(await revocationCode(renewed)).toBe('auth/id-token-revoked');
      expect(
        await call('saveProfile', { username: null, bio: null }, { ...customer, idToken: renewed }),
      ).toMatchObject({
        ok: false,
        status: 'UNAUTHENTICATED',
        message: ACCOUNT_MESSAGES.sessionRevoked,
      });
    }
    expect(
      await call(
        'saveProfile',
        { username: null, bio: 'x' },
        { ...customer, idToken: device.idToken },
      ),
    ).toMatchObject({ ok: false, message: ACCOUNT_MESSAGES.sessionRevoked });

    // Signing in again works.
    const fresh = await signIn(customer.email);
    expect(await revocationCode(fresh.idToken)).toBeNull();
    await callOk(
      'saveProfile',
      { username: null, bio: 'Back again' },
      {
        ...customer,
        idToken: fresh.idToken,
      },
    );
    expect((await adminDb.doc(userPath(customer.uid)).get()).get('bio')).toBe('Back again');
  });

  it('refuses guests', async () => {
    expect(await call('revokeSessions', {})).toMatchObject({
      ok: false,
      status: 'UNAUTHENTICATED',
    });
  });
});
