import {
  DEFAULT_USER_SETTINGS,
  RATE_LIMITS,
  SUPPORT_MESSAGES,
  auditLogCollection,
  notificationsPath,
  supportMessagesPath,
  supportTicketPath,
  userSettingsPath,
} from '@rafflewin/domain';
import { siteUrl } from '../../functions/src/services/auth/links';
import { openSupportTicket } from '../../functions/src/services/support/openSupportTicket';
import { recordSupportMessage } from '../../functions/src/services/support/recordMessage';
import { adminDb, eventually, uniqueEmail } from '../support/admin';
import { call, callOk, newAdmin, newCustomer, type Customer } from '../support/customers';
import { awaitMail, mailTo } from '../support/inbox';

jest.setTimeout(90_000);

let admin: Customer;
let customer: Customer;
let other: Customer;

beforeAll(async () => {
  [admin, customer, other] = await Promise.all([
    newAdmin('Sue', 'Support'),
    newCustomer('Carla', 'Customer'),
    newCustomer('Otto', 'Other'),
  ]);
});

/**
 * Opens a ticket as the contact form does (through its service: the callable allows only a
 * few messages an hour per address, and the first test goes through the callable itself).
 */
async function openTicket(owner: Customer | null, subject = 'Missing ticket numbers') {
  const { ticketId } = await openSupportTicket(
    adminDb,
    {
      name: owner ? 'Carla Customer' : 'Gus Guest',
      email: owner?.email ?? uniqueEmail('guest'),
      subject,
      message: 'I bought two tickets but see only one.',
      complaint: false,
    },
    owner?.uid ?? null,
  );
  return ticketId;
}

/** Sends a message as the browser does: each side through its callable. */
async function send(
  ticketId: string,
  sender: Customer,
  senderType: 'admin' | 'user',
  text: string,
) {
  const name = senderType === 'admin' ? 'replyToSupportTicket' : 'sendSupportMessage';
  const { id } = await callOk(name, { ticketId, message: text }, sender);
  const ref = adminDb.collection(supportMessagesPath(ticketId)).doc(id);
  await eventually(async () => ((await ref.get()).get('countedAt') ? true : null), {
    what: 'the message trigger',
  });
  return ref.id;
}

const ticketData = async (ticketId: string) =>
  (await adminDb.doc(supportTicketPath(ticketId)).get()).data() ?? {};

async function auditFor(target: string, action: string) {
  const entries = await adminDb
    .collection(auditLogCollection)
    .where('target', '==', target)
    .where('action', '==', action)
    .get();
  return entries.docs.map((d) => d.data());
}

describe('onSupportMessageCreated (message trigger)', () => {
  it('opens contact form tickets counted for support and searchable', async () => {
    const { ticketId } = await callOk(
      'submitSupportTicket',
      {
        name: 'Carla Customer',
        email: customer.email,
        subject: 'Missing ticket numbers',
        message: 'I bought two tickets but see only one.',
      },
      customer,
    );
    expect(await ticketData(ticketId)).toMatchObject({
      status: 'open',
      adminUnreadCount: 1,
      unreadCount: 0,
    });
    const terms = (await ticketData(ticketId)).searchTerms as string[];
    expect(terms).toEqual(expect.arrayContaining([customer.email, 'missing', 'numb']));
  });

  it('records an admin reply, notifies the customer in the app and by e-mail', async () => {
    const ticketId = await openTicket(customer, 'Prize delivery date');
    const replyId = await send(ticketId, admin, 'admin', 'Your prize ships on Monday.');
    expect(await ticketData(ticketId)).toMatchObject({
      status: 'replied',
      unreadCount: 1,
      adminUnreadCount: 1,
      lastMessage: 'Your prize ships on Monday.',
    });

    const notification = await eventually(
      async () =>
        (
          await adminDb.doc(`${notificationsPath(customer.uid)}/support-reply-${replyId}`).get()
        ).data(),
      { what: 'the in-app notification' },
    );
    expect(notification).toMatchObject({
      type: 'account',
      supportTicketId: ticketId,
      isRead: false,
    });
    expect(notification.message).toContain('Your prize ships on Monday.');

    const mail = await awaitMail(customer.email, 'Re: Prize delivery date');
    expect(mail.text).toContain('Your prize ships on Monday.');
    // The shop's one address (SITE_URL), as every other e-mail's links use it.
    expect(mail.text).toContain(`${siteUrl()}/account/support/${ticketId}`);
  });

  it('sets in progress and counts for support when the customer answers a reply', async () => {
    const ticketId = await openTicket(customer);
    await send(ticketId, admin, 'admin', 'Which raffle was it?');
    await send(ticketId, customer, 'user', 'The MacBook one.');
    expect(await ticketData(ticketId)).toMatchObject({
      status: 'in_progress',
      unreadCount: 1,
      adminUnreadCount: 2,
      lastMessage: 'The MacBook one.',
    });
  });

  it('reopens a closed ticket when the customer writes', async () => {
    const ticketId = await openTicket(customer);
    await callOk('setSupportTicketClosed', { ticketId, closed: true }, admin);
    await send(ticketId, customer, 'user', 'One more question.');
    expect(await ticketData(ticketId)).toMatchObject({ status: 'open', closedAt: null });
  });

  it('e-mails a guest who has no account, with no in-app notification', async () => {
    const ticketId = await openTicket(null, 'Postal entry address');
    const guestEmail = (await ticketData(ticketId)).email as string;
    const replyId = await send(ticketId, admin, 'admin', 'Write to PO Box 123.');
    // Nothing the guest typed is repeated: the address may be anyone's.
    const mail = await awaitMail(guestEmail, 'Re: your message to RaffleWin');
    expect(mail.text).toContain('Write to PO Box 123.');
    expect(mail.text).not.toContain('Postal entry address');
    expect((await adminDb.doc(`mail/support-reply-${replyId}`).get()).exists).toBe(true);
  });

  it('notifies in the app only when the customer turned e-mail notifications off', async () => {
    const quiet = await newCustomer('Quinn', 'Quiet');
    await adminDb
      .doc(userSettingsPath(quiet.uid))
      .set({ ...DEFAULT_USER_SETTINGS, emailNotifications: false });
    const ticketId = await openTicket(quiet, 'No e-mails please');
    const replyId = await send(ticketId, admin, 'admin', 'Noted.');
    await eventually(
      async () =>
        (await adminDb.doc(`${notificationsPath(quiet.uid)}/support-reply-${replyId}`).get())
          .exists || null,
      { what: 'the in-app notification' },
    );
    const queued = await adminDb
      .doc(`mail/notification-${quiet.uid}-support-reply-${replyId}`)
      .get();
    expect(queued.exists).toBe(false);
  });

  it('changes nothing when the same message is processed again', async () => {
    const ticketId = await openTicket(customer, 'Repeat delivery');
    const replyId = await send(ticketId, admin, 'admin', 'Sorted.');
    await awaitMail(customer.email, 'Re: Repeat delivery');
    const before = await ticketData(ticketId);
    await recordSupportMessage(adminDb, ticketId, replyId);
    await recordSupportMessage(adminDb, ticketId, replyId);
    const after = await ticketData(ticketId);
    expect(after.unreadCount).toBe(before.unreadCount);
    expect(after.adminUnreadCount).toBe(before.adminUnreadCount);
    const notes = await adminDb
      .collection(notificationsPath(customer.uid))
      .where('supportTicketId', '==', ticketId)
      .get();
    expect(notes.size).toBe(1);
    expect(
      (await mailTo(customer.email)).filter((m) => m.subject.includes('Repeat delivery')),
    ).toHaveLength(1);
  });
});

describe('markSupportTicketRead', () => {
  it("resets the customer's counter and marks their notifications about it read", async () => {
    const ticketId = await openTicket(customer);
    const replyId = await send(ticketId, admin, 'admin', 'Hello from support.');
    const note = adminDb.doc(`${notificationsPath(customer.uid)}/support-reply-${replyId}`);
    await eventually(async () => (await note.get()).exists || null, { what: 'the notification' });

    expect(await callOk('markSupportTicketRead', { ticketId }, customer)).toEqual({
      notificationsRead: 1,
    });
    expect(await ticketData(ticketId)).toMatchObject({ unreadCount: 0, adminUnreadCount: 1 });
    expect((await note.get()).get('isRead')).toBe(true);
  });

  it("resets support's counter for an administrator", async () => {
    const ticketId = await openTicket(customer);
    await callOk('markSupportTicketRead', { ticketId }, admin);
    expect((await ticketData(ticketId)).adminUnreadCount).toBe(0);
  });

  it('refuses guests, and tells other customers the ticket does not exist', async () => {
    const ticketId = await openTicket(customer);
    expect(await call('markSupportTicketRead', { ticketId })).toMatchObject({
      ok: false,
      status: 'UNAUTHENTICATED',
    });
    expect(await call('markSupportTicketRead', { ticketId }, other)).toEqual({
      ok: false,
      status: 'NOT_FOUND',
      message: SUPPORT_MESSAGES.ticketNotFound,
    });
    expect(await call('markSupportTicketRead', { ticketId: 'nope' }, customer)).toMatchObject({
      ok: false,
      status: 'NOT_FOUND',
    });
    expect((await ticketData(ticketId)).adminUnreadCount).toBe(1);
  });
});

describe('replyToSupportTicket and setSupportTicketClosed', () => {
  it('writes support’s reply as support, audited; nobody else may, nor into a missing ticket', async () => {
    const ticketId = await openTicket(customer);
    const { id } = await callOk(
      'replyToSupportTicket',
      { ticketId, message: '  We have found your tickets.  ' },
      admin,
    );
    const path = `${supportMessagesPath(ticketId)}/${id}`;
    const written = (await adminDb.doc(path).get()).data();
    expect(written).toMatchObject({ message: 'We have found your tickets.', senderType: 'admin' });
    // The customer reads the message: it names no administrator (the audit entry does).
    expect(written).not.toHaveProperty('senderId');
    const [entry] = await auditFor(path, 'supportMessage.create');
    expect(entry).toMatchObject({ actorUid: admin.uid, before: null });
    await eventually(async () => (await ticketData(ticketId)).status === 'replied' || null, {
      what: 'the reply counted',
    });

    const before = await adminDb.collection(supportMessagesPath(ticketId)).count().get();
    for (const caller of [customer, other]) {
      expect(await call('replyToSupportTicket', { ticketId, message: 'Sneaky' }, caller)).toEqual({
        ok: false,
        status: 'PERMISSION_DENIED',
        message: 'Access denied. Admin privileges required.',
      });
    }
    expect(
      await call('replyToSupportTicket', { ticketId: 'no-such-ticket', message: 'Hi' }, admin),
    ).toEqual({ ok: false, status: 'NOT_FOUND', message: SUPPORT_MESSAGES.ticketNotFound });
    expect(await call('replyToSupportTicket', { ticketId, message: '   ' }, admin)).toMatchObject({
      ok: false,
      status: 'INVALID_ARGUMENT',
    });
    const after = await adminDb.collection(supportMessagesPath(ticketId)).count().get();
    expect(after.data().count).toBe(before.data().count);
    expect(
      (await adminDb.collection('supportTickets/no-such-ticket/messages').count().get()).data(),
    ).toEqual({ count: 0 });
  });

  it('closes a resolved conversation, stopping its clock, and reopens it, each audited', async () => {
    const ticketId = await openTicket(customer);
    expect(
      await call('setSupportTicketClosed', { ticketId, closed: true }, customer),
    ).toMatchObject({ ok: false, status: 'PERMISSION_DENIED' });
    expect((await ticketData(ticketId)).status).toBe('open');

    expect(await callOk('setSupportTicketClosed', { ticketId, closed: true }, admin)).toEqual({
      id: ticketId,
      status: 'closed',
    });
    const closed = await ticketData(ticketId);
    expect(closed.status).toBe('closed');
    expect(closed.closedAt).toBeTruthy();
    // Closing again changes nothing and writes no second audit entry.
    await callOk('setSupportTicketClosed', { ticketId, closed: true }, admin);
    expect(await auditFor(supportTicketPath(ticketId), 'supportTicket.close')).toHaveLength(1);

    expect(await callOk('setSupportTicketClosed', { ticketId, closed: false }, admin)).toEqual({
      id: ticketId,
      status: 'open',
    });
    expect(await ticketData(ticketId)).toMatchObject({ status: 'open', closedAt: null });
    expect(await auditFor(supportTicketPath(ticketId), 'supportTicket.reopen')).toHaveLength(1);
    expect(
      await call('setSupportTicketClosed', { ticketId: 'no-such-ticket', closed: true }, admin),
    ).toEqual({ ok: false, status: 'NOT_FOUND', message: SUPPORT_MESSAGES.ticketNotFound });
  });
});

describe('deleteSupportMessage', () => {
  it('refuses customers and deletes nothing', async () => {
    const ticketId = await openTicket(customer);
    const messageId = await send(ticketId, customer, 'user', 'Please delete me');
    expect(await call('deleteSupportMessage', { ticketId, messageId }, customer)).toEqual({
      ok: false,
      status: 'PERMISSION_DENIED',
      message: 'Access denied. Admin privileges required.',
    });
    expect((await adminDb.doc(`${supportMessagesPath(ticketId)}/${messageId}`).get()).exists).toBe(
      true,
    );
  });

  it('lets an administrator delete a message, with an audit entry', async () => {
    const ticketId = await openTicket(customer);
    const replyId = await send(ticketId, admin, 'admin', 'Oops, wrong customer.');
    const note = adminDb.doc(`${notificationsPath(customer.uid)}/support-reply-${replyId}`);
    await eventually(async () => (await note.get()).exists || null, { what: 'the notification' });

    await callOk('deleteSupportMessage', { ticketId, messageId: replyId }, admin);
    const path = `${supportMessagesPath(ticketId)}/${replyId}`;
    expect((await adminDb.doc(path).get()).exists).toBe(false);
    expect((await note.get()).exists).toBe(false);
    expect((await ticketData(ticketId)).lastMessage).toBe('I bought two tickets but see only one.');
    const [entry] = await auditFor(path, 'supportMessage.delete');
    expect(entry).toMatchObject({ actorUid: admin.uid, after: null });
    expect(entry?.before).toMatchObject({ message: 'Oops, wrong customer.' });

    expect(await call('deleteSupportMessage', { ticketId, messageId: replyId }, admin)).toEqual({
      ok: false,
      status: 'NOT_FOUND',
      message: SUPPORT_MESSAGES.messageNotFound,
    });
  });
});

describe('deleteSupportTicket', () => {
  it('refuses customers and deletes nothing', async () => {
    const ticketId = await openTicket(customer);
    expect(await call('deleteSupportTicket', { ticketId }, customer)).toMatchObject({
      ok: false,
      status: 'PERMISSION_DENIED',
    });
    expect((await adminDb.doc(supportTicketPath(ticketId)).get()).exists).toBe(true);
  });

  it('deletes the ticket, its messages and its notifications, with an audit entry', async () => {
    const ticketId = await openTicket(customer, 'Delete this conversation');
    const replyId = await send(ticketId, admin, 'admin', 'Reply to be deleted.');
    const note = adminDb.doc(`${notificationsPath(customer.uid)}/support-reply-${replyId}`);
    await eventually(async () => (await note.get()).exists || null, { what: 'the notification' });

    expect(await callOk('deleteSupportTicket', { ticketId }, admin)).toEqual({
      messagesDeleted: 2,
    });
    expect((await adminDb.doc(supportTicketPath(ticketId)).get()).exists).toBe(false);
    expect((await adminDb.collection(supportMessagesPath(ticketId)).get()).size).toBe(0);
    expect((await note.get()).exists).toBe(false);
    const [entry] = await auditFor(supportTicketPath(ticketId), 'supportTicket.delete');
    expect(entry?.before).toMatchObject({ subject: 'Delete this conversation' });

    expect(await call('deleteSupportTicket', { ticketId }, admin)).toEqual({
      ok: false,
      status: 'NOT_FOUND',
      message: SUPPORT_MESSAGES.ticketNotFound,
    });
  });
});

describe('sendSupportMessage (the customer’s messages; the rules let no browser write one)', () => {
  const messageCount = async (ticketId: string) =>
    (await adminDb.collection(supportMessagesPath(ticketId)).count().get()).data().count;

  it('finds no conversation that is not the caller’s, and writes nothing there', async () => {
    const ticketId = await openTicket(customer, 'Not yours');
    const refused = { ok: false, status: 'NOT_FOUND', message: SUPPORT_MESSAGES.ticketNotFound };
    const message = 'Let me in';
    expect(await call('sendSupportMessage', { ticketId, message }, other)).toEqual(refused);
    expect(await call('sendSupportMessage', { ticketId: 'no-such', message }, other)).toEqual(
      refused,
    );
    // A guest's conversation (opened without an account) is nobody's to write in.
    const guests = await openTicket(null, 'A guest’s');
    expect(await call('sendSupportMessage', { ticketId: guests, message }, other)).toEqual(refused);
    expect([await messageCount(ticketId), await messageCount(guests)]).toEqual([1, 1]);
  });

  it('refuses a blank message or one over 5,000 characters, writing nothing', async () => {
    const ticketId = await openTicket(customer, 'Limits');
    for (const message of ['   ', 'x'.repeat(5001)]) {
      expect(await call('sendSupportMessage', { ticketId, message }, customer)).toMatchObject({
        ok: false,
        status: 'INVALID_ARGUMENT',
      });
    }
    expect(await messageCount(ticketId)).toBe(1);
  });

  it('takes a few messages at a time: the next one is refused and nothing is written', async () => {
    const chatty = await newCustomer('Chas', 'Chatty');
    const ticketId = await openTicket(chatty, 'Many messages');
    for (let sent = 0; sent < RATE_LIMITS.supportMessage.max; sent += 1) {
      await callOk('sendSupportMessage', { ticketId, message: `Message ${sent + 1}` }, chatty);
    }
    expect(await call('sendSupportMessage', { ticketId, message: 'One too many' }, chatty)).toEqual(
      {
        ok: false,
        status: 'RESOURCE_EXHAUSTED',
        message: RATE_LIMITS.supportMessage.message,
      },
    );
    expect(await messageCount(ticketId)).toBe(1 + RATE_LIMITS.supportMessage.max);
  });
});
