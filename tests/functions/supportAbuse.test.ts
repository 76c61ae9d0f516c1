/**
 * Support conversations as a hostile client tries them: the contact form with another
 * person's name or address, tokens out of standing, and the e-mails a ticket causes.
 */
import {
  ACCESS_MESSAGES,
  DEFAULT_USER_SETTINGS,
  HIDDEN_CHARACTERS_MESSAGE,
  SITE_SETTINGS_PATH,
  PROFILE_LIMITS,
  RATE_LIMITS,
  SUPPORT_LIMITS,
  supportMessagesPath,
  supportTicketsCollection,
  userSettingsPath,
} from '@rafflewin/domain';
import { adminAuth, adminDb, eventually, uniqueEmail } from '../support/admin';
import {
  call,
  callOk,
  newAdmin,
  newCustomer,
  signInAgain,
  type Customer,
} from '../support/customers';
import { triggersSettled } from '../support/triggers';

jest.setTimeout(120_000);

let admin: Customer;

beforeAll(async () => {
  admin = await newAdmin('Sue', 'Support');
});

/** Waits for a queued e-mail document by id and answers its data. */
async function queued(id: string) {
  return eventually(async () => (await adminDb.doc(`mail/${id}`).get()).data(), {
    what: `mail/${id}`,
    timeoutMs: 20_000,
  });
}

const ticketsOf = async (uid: string) =>
  (await adminDb.collection(supportTicketsCollection).where('userId', '==', uid).get()).docs;

/**
 * Sends the contact form with `owner`'s address as `caller`, and checks it took the message as
 * a guest's: filed into no account, `owner`'s included.
 */
async function expectFiledAsGuest(
  caller: Customer,
  owner: Customer,
  form: { name: string; subject: string; message: string },
  fromIp: string,
) {
  const answer = await call('submitSupportTicket', { ...form, email: owner.email }, caller, {
    fromIp,
  });
  if (!answer.ok) throw new Error(`The contact form refused a guest: ${answer.message}`);
  const ticket = (
    await adminDb.doc(`${supportTicketsCollection}/${answer.result.ticketId}`).get()
  ).data();
  expect(ticket?.userId).toBeNull();
  expect(await ticketsOf(owner.uid)).toHaveLength(0);
}

describe('support reply to a guest', () => {
  it("repeats nothing a stranger typed (name, subject) in the e-mail to the address they gave, which may be anyone's", async () => {
    // The acknowledgement avoids this on purpose (see openSupportTicket): the reply must too.
    const phishing = {
      name: 'Claim your prize at https://evil.example/claim',
      email: uniqueEmail('victim'),
      subject: 'Your account is locked: https://evil.example/login',
      message: 'Hello support',
    };
    const { ticketId } = await callOk('submitSupportTicket', phishing, undefined, {
      fromIp: '10.9.0.1',
    });
    const { id: replyId } = await callOk(
      'replyToSupportTicket',
      { ticketId, message: 'We could not find an account for this address.' },
      admin,
    );
    const mail = await queued(`support-reply-${replyId}`);
    expect(mail.to).toBe(phishing.email);
    for (const typed of ['evil.example', phishing.name, phishing.subject]) {
      expect(String(mail.subject)).not.toContain(typed);
      expect(String(mail.text)).not.toContain(typed);
    }
  });
});

describe('submitSupportTicket as a signed-in customer', () => {
  it("takes the name from the account, as it takes the address (a typed one is another person's)", async () => {
    const customer = await newCustomer('Carla', 'Customer');
    const { ticketId } = await callOk(
      'submitSupportTicket',
      {
        name: 'RaffleWin Support Team',
        email: customer.email,
        subject: 'Refund',
        message: 'Please refund me',
      },
      customer,
      { fromIp: '10.9.0.2' },
    );
    const ticket = (await adminDb.doc(`${supportTicketsCollection}/${ticketId}`).get()).data();
    expect(ticket?.userId).toBe(customer.uid);
    expect(ticket?.name).toBe('Carla Customer');
  });

  it('keeps a ticket whole for a customer whose two names are each of the longest allowed', async () => {
    const [first, last] = ['F', 'L'].map((letter) => letter.repeat(PROFILE_LIMITS.nameMax));
    const customer = await newCustomer(first, last);
    const { ticketId } = await callOk(
      'submitSupportTicket',
      { name: 'Long Name', email: customer.email, subject: 'Names', message: 'Hello' },
      customer,
      { fromIp: '10.9.0.7' },
    );
    const ticket = (await adminDb.doc(`${supportTicketsCollection}/${ticketId}`).get()).data()!;
    expect(ticket.name).toBe(`${first} ${last}`.slice(0, SUPPORT_LIMITS.nameMax));
    // The ticket still reads as one: the customer writes again, support answers, the trigger
    // keeps the conversation's counts.
    await callOk('sendSupportMessage', { ticketId, message: 'Anyone there?' }, customer);
    await callOk('replyToSupportTicket', { ticketId, message: 'Yes, hello' }, admin);
    await triggersSettled();
    const after = (await adminDb.doc(`${supportTicketsCollection}/${ticketId}`).get()).data()!;
    expect(after).toMatchObject({ lastMessage: 'Yes, hello', unreadCount: 1 });
  });

  it("cannot be locked out of the contact form by strangers typing the customer's address", async () => {
    const victim = await newCustomer('Vicky', 'Victim');
    // A guest (any IP) sends the hourly allowance of messages "from" the victim's address.
    for (let i = 0; i < RATE_LIMITS.contactForm.max; i += 1) {
      await callOk(
        'submitSupportTicket',
        { name: 'Mallory', email: victim.email, subject: `Spam ${i}`, message: 'x' },
        undefined,
        { fromIp: `10.9.1.${i}` },
      );
    }
    // The victim, signed in, writes for the first time this hour.
    const answer = await call(
      'submitSupportTicket',
      { name: 'Vicky Victim', email: victim.email, subject: 'Help', message: 'My first message' },
      victim,
      { fromIp: '10.9.2.1' },
    );
    expect(answer.ok ? 'accepted' : `${answer.status}: ${answer.message}`).toBe('accepted');
  });

  it('does not file a ticket into an account whose sessions were ended (sign out everywhere)', async () => {
    const customer = await newCustomer('Rita', 'Revoked');
    // An ID token from a sign-in before "sign out from all devices".
    const stolen = await signInAgain(customer, { authTime: Math.floor(Date.now() / 1000) - 60 });
    await callOk('revokeSessions', {}, customer);
    // The old token is refused by every account callable now, and the contact form takes it
    // as a guest's: the ticket is not filed into the account.
    expect(await call('markAllNotificationsRead', {}, stolen)).toMatchObject({ ok: false });
    await expectFiledAsGuest(
      stolen,
      customer,
      { name: 'Rita Revoked', subject: 'Hi', message: 'From the old token' },
      '10.9.3.1',
    );
  });

  it('does not file a ticket into an account for a sign-in that still owes its two-factor code', async () => {
    // The password alone (stolen, say) gives a sign-in that owes the code: the rules treat it
    // as a guest's. A ticket filed into the account would reach support as the account
    // holder's own ("I lost my authenticator: please reset my two-factor").
    const customer = await newCustomer('Tess', 'Twofactor');
    await adminDb
      .doc(userSettingsPath(customer.uid))
      .set({ ...DEFAULT_USER_SETTINGS, twoFactorEnabled: true });
    expect(await call('markAllNotificationsRead', {}, customer)).toMatchObject({
      ok: false,
      status: 'PERMISSION_DENIED',
    });
    await expectFiledAsGuest(
      customer,
      customer,
      {
        name: 'Tess Twofactor',
        subject: 'Lost my phone',
        message: 'Please reset my two-factor authentication',
      },
      '10.9.3.2',
    );
  });

  it('does not file a ticket into an account in maintenance mode, when the site is closed to it', async () => {
    // The rules refuse a customer's own writes in maintenance mode, and so do the account's
    // callables: a token from before the switch files its message as a guest's.
    const customer = await newCustomer('Mona', 'Maintenance');
    const settings = adminDb.doc(SITE_SETTINGS_PATH);
    await settings.set({ maintenanceMode: true }, { merge: true });
    try {
      expect(await call('markAllNotificationsRead', {}, customer)).toMatchObject({
        ok: false,
        message: ACCESS_MESSAGES.maintenance,
      });
      await expectFiledAsGuest(
        customer,
        customer,
        { name: 'Mona', subject: 'Closed?', message: 'Site is down' },
        '10.9.3.3',
      );
    } finally {
      await settings.set({ maintenanceMode: false }, { merge: true });
    }
  });

  it("does not bring a deleted account's personal data back with its still-valid ID token", async () => {
    const leaver = await newCustomer('Lee', 'Leaver');
    await callOk('deleteAccount', { confirmation: 'DELETE' }, leaver);
    await triggersSettled();
    expect(await adminAuth.getUser(leaver.uid).catch(() => null)).toBeNull();
    // The ID token outlives the deletion by up to an hour.
    await call(
      'submitSupportTicket',
      { name: 'Lee Leaver', email: leaver.email, subject: 'Still here', message: 'Hello' },
      leaver,
      { fromIp: '10.9.4.1' },
    );
    expect(await ticketsOf(leaver.uid)).toHaveLength(0);
  });
});

describe('what a ticket cannot do', () => {
  it('a subject with CR/LF cannot add headers or recipients to the reply e-mail', async () => {
    const customer = await newCustomer('Hank', 'Header');
    const bcc = uniqueEmail('injected');
    const subject = `Hello\r\nBcc: ${bcc}\r\nX-Evil: 1`;
    const form = { name: 'Hank Header', email: customer.email, message: 'x' };
    // The form refuses it; one stored before that check still reaches the reply's e-mail.
    expect(
      await call('submitSupportTicket', { ...form, subject }, customer, { fromIp: '10.9.5.1' }),
    ).toEqual({ ok: false, status: 'INVALID_ARGUMENT', message: HIDDEN_CHARACTERS_MESSAGE });
    const { ticketId } = await callOk(
      'submitSupportTicket',
      { ...form, subject: 'Hello' },
      customer,
      { fromIp: '10.9.5.1' },
    );
    await adminDb.doc(`${supportTicketsCollection}/${ticketId}`).update({ subject });
    const { id } = await callOk('replyToSupportTicket', { ticketId, message: 'Answer' }, admin);
    const notificationMail = `notification-${customer.uid}-support-reply-${id}`;
    await eventually(
      async () =>
        (await adminDb.doc(`mail/${notificationMail}`).get()).get('status') === 'sent'
          ? true
          : null,
      { what: 'the reply e-mail sent', timeoutMs: 30_000 },
    );
    const { URLS } = await import('../../emulators/config');
    const inbox = (await (await fetch(`${URLS.inbox}/email`)).json()) as Array<{
      subject: string;
      to: Array<{ address: string }>;
      bcc?: Array<{ address: string }>;
      envelope?: { to?: Array<{ address: string }> };
      headers: Record<string, string>;
    }>;
    const reply = inbox.find(
      (m) =>
        m.to.some((t) => t.address === customer.email.toLowerCase()) && m.subject.startsWith('Re:'),
    );
    expect(reply).toBeDefined();
    expect(reply!.headers['x-evil']).toBeUndefined();
    const recipients = inbox.flatMap((m) => [...m.to, ...(m.bcc ?? []), ...(m.envelope?.to ?? [])]);
    expect(recipients.map((r) => r.address)).not.toContain(bcc);
    expect(reply!.subject).not.toMatch(/[\r\n]/);
  });

  it('messages of a ticket reach it only through its own path (no cross-ticket delete)', async () => {
    const a = await newCustomer('Ann');
    const b = await newCustomer('Bob');
    const { ticketId: ta } = await callOk(
      'submitSupportTicket',
      { name: 'Ann', email: a.email, subject: 'A', message: 'a' },
      a,
      { fromIp: '10.9.6.1' },
    );
    const { ticketId: tb } = await callOk(
      'submitSupportTicket',
      { name: 'Bob', email: b.email, subject: 'B', message: 'b' },
      b,
      { fromIp: '10.9.6.2' },
    );
    const bMessage = (await adminDb.collection(supportMessagesPath(tb)).get()).docs[0]!.id;
    expect(
      await call('deleteSupportMessage', { ticketId: ta, messageId: bMessage }, admin),
    ).toMatchObject({ ok: false, status: 'NOT_FOUND' });
    expect((await adminDb.doc(`${supportMessagesPath(tb)}/${bMessage}`).get()).exists).toBe(true);
    // And a customer cannot reply, close or delete at all.
    for (const [name, data] of [
      ['replyToSupportTicket', { ticketId: tb, message: 'as support' }],
      ['setSupportTicketClosed', { ticketId: tb, closed: true }],
      ['deleteSupportTicket', { ticketId: tb }],
      ['deleteSupportMessage', { ticketId: tb, messageId: bMessage }],
    ] as const) {
      expect(await call(name, data as never, a)).toMatchObject({
        ok: false,
        status: 'PERMISSION_DENIED',
      });
    }
  });
});
