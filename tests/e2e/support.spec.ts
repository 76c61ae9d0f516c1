import {
  RATE_LIMITS,
  SUPPORT_CONSTANTS,
  SUPPORT_MESSAGES,
  auditLogCollection,
  supportMessagesPath,
} from '@rafflewin/domain';
import type { Browser, Page } from 'playwright-core';
import { sha256Hex } from '../../functions/src/lib/hash';
import { adminDb } from '../support/admin';
import {
  SHOP_URL,
  horizontalOverflow,
  launchBrowser,
  newShopPage,
  seriousAccessibilityViolations,
  signIn,
} from '../support/browser';
import { TEST_PASSWORD, callOk, newAdmin, newCustomer, type Customer } from '../support/customers';
import { awaitMail } from '../support/inbox';

jest.setTimeout(180_000);

let browser: Browser;
let customer: Customer;
let admin: Customer;
let shopper: Page;
let agent: Page;
const subject = `Prize delivery ${Date.now()}`;
const reply = 'Your prize leaves our warehouse on Monday.';
const answer = 'Thank you, will it need a signature?';

beforeAll(async () => {
  [customer, admin] = await Promise.all([
    newCustomer('Casey', 'Conversation'),
    newAdmin('Avery', 'Agent'),
  ]);
  browser = await launchBrowser();
  [shopper, agent] = await Promise.all([newShopPage(browser), newShopPage(browser)]);
  await signIn(shopper, customer.email, TEST_PASSWORD);
  await signIn(agent, admin.email, TEST_PASSWORD);
});

afterAll(async () => {
  await browser?.close();
});

const messageIn = (page: Page, text: string) =>
  page.getByTestId('support-message').filter({ hasText: text });

describe('a support conversation between a customer and an administrator', () => {
  it('starts from the contact form and shows in My Support Tickets', async () => {
    await shopper.goto(`${SHOP_URL}/contact`);
    // The account's own address, shown and not editable (the server uses it whatever is sent).
    const email = shopper.getByLabel('Email');
    await shopper.waitForFunction(
      (expected) =>
        (document.querySelector('input[type=email]') as HTMLInputElement | null)?.value ===
        expected,
      customer.email,
    );
    expect(await email.getAttribute('readonly')).not.toBeNull();
    await shopper
      .getByText("Replies go to your account's e-mail address", { exact: true })
      .waitFor();
    await shopper.getByLabel('Subject').fill(subject);
    await shopper.getByLabel('Message').fill('When will my prize arrive?');
    await shopper.getByRole('button', { name: 'Send Message' }).click();
    await shopper.getByText(/Your reference is/).waitFor();

    await shopper.goto(`${SHOP_URL}/account/support`);
    await shopper.getByText('View and manage your support conversations').waitFor();
    const row = shopper.getByTestId('support-ticket').filter({ hasText: subject });
    await row.getByText('When will my prize arrive?').waitFor();
    await row.getByText('Normal priority').waitFor();
    expect(await row.getByText(/\d+ new/).count()).toBe(0);
  });

  it('lets the administrator find it in the inbox and reply', async () => {
    await agent.goto(`${SHOP_URL}/admin/support`);
    await agent.getByLabel('Search').fill(customer.email);
    await agent.getByRole('button', { name: 'Search', exact: true }).click();
    const row = agent.getByTestId('inbox-ticket').filter({ hasText: subject });
    await row.getByText('Open', { exact: true }).waitFor();
    await row.getByText('1 new').waitFor();
    expect(await seriousAccessibilityViolations(agent)).toEqual([]);

    await row.getByRole('link', { name: `View ${subject}` }).click();
    await agent.getByRole('heading', { name: subject }).waitFor();
    await agent.getByText(`<${customer.email}>`).waitFor();
    await agent.getByRole('link', { name: 'Back to Support Tickets' }).waitFor();
    await messageIn(agent, 'When will my prize arrive?').getByText('Casey Conversation').waitFor();

    const send = agent.getByRole('button', { name: 'Send', exact: true });
    expect(await send.isDisabled()).toBe(true);
    await agent.getByRole('textbox', { name: 'Your message' }).fill(reply);
    await send.click();
    await agent.getByText('Message sent successfully').waitFor();
    await messageIn(agent, reply).getByText('Support Team').waitFor();
    await agent.getByTestId('ticket-status').getByText('Active').waitFor();
    // Written as support by the callable, naming no administrator where the customer reads,
    // audited with the administrator's name on it.
    const replies = await adminDb.collectionGroup('messages').where('message', '==', reply).get();
    expect(replies.docs.map((d) => [d.get('senderType'), d.get('senderId')])).toEqual([
      ['admin', undefined],
    ]);
    const audit = await adminDb
      .collection(auditLogCollection)
      .where('target', '==', replies.docs[0]!.ref.path)
      .get();
    expect(audit.docs.map((d) => [d.get('action'), d.get('actorUid')])).toEqual([
      ['supportMessage.create', admin.uid],
    ]);
  });

  it('tells the customer live: "1 new", the badge, the reply and an e-mail', async () => {
    const row = shopper.getByTestId('support-ticket').filter({ hasText: subject });
    await row.getByText('1 new').waitFor();
    await shopper
      .getByRole('button', { name: 'Account menu, 1 unread notification', exact: true })
      .waitFor();

    await row.click();
    await messageIn(shopper, reply).getByText('Support Team').waitFor();
    await shopper.getByRole('link', { name: 'Back to My Tickets' }).waitFor();
    // Opening the conversation marks its notification read.
    await shopper.getByRole('button', { name: 'Account menu', exact: true }).waitFor();
    expect(await shopper.getByText(`<${customer.email}>`).count()).toBe(0);
    expect(await seriousAccessibilityViolations(shopper)).toEqual([]);

    const mail = await awaitMail(customer.email, `Re: ${subject}`);
    expect(mail.text).toContain(reply);
  });

  it('fits a phone screen', async () => {
    await shopper.setViewportSize({ width: 375, height: 800 });
    await messageIn(shopper, reply).waitFor();
    expect(await horizontalOverflow(shopper)).toEqual([]);
    await shopper.setViewportSize({ width: 1280, height: 900 });
  });

  it("shows the customer's answer to the administrator as it is sent", async () => {
    await shopper.getByRole('textbox', { name: 'Your message' }).fill(answer);
    await shopper.getByRole('button', { name: 'Send', exact: true }).click();
    await shopper.getByText('Message sent successfully').waitFor();
    await messageIn(agent, answer).getByText('Casey Conversation').waitFor();
    expect(await shopper.getByRole('button', { name: 'Delete message' }).count()).toBe(0);
    expect(await shopper.getByRole('button', { name: 'Delete Conversation' }).count()).toBe(0);
  });

  it('lets the administrator close the resolved conversation, and a new message reopens it', async () => {
    await agent.getByRole('button', { name: 'Close Conversation' }).click();
    await agent.getByText('Conversation closed', { exact: true }).waitFor();
    await agent.getByTestId('ticket-status').getByText('Closed', { exact: true }).waitFor();
    await shopper.getByTestId('ticket-status').getByText('Closed', { exact: true }).waitFor();
    const ticket = (
      await adminDb.collection('supportTickets').where('subject', '==', subject).get()
    ).docs[0]!;
    expect(ticket.get('status')).toBe('closed');
    expect(ticket.get('closedAt')).toBeTruthy();

    await shopper.getByRole('textbox', { name: 'Your message' }).fill('Sorry, one more thing.');
    await shopper.getByRole('button', { name: 'Send', exact: true }).click();
    await shopper.getByTestId('ticket-status').getByText('Open', { exact: true }).waitFor();
    await agent.getByRole('button', { name: 'Reopen Conversation' }).waitFor({ state: 'detached' });
    await agent.getByRole('button', { name: 'Close Conversation' }).waitFor();
    expect((await ticket.ref.get()).get('closedAt')).toBeNull();
  });

  it('says so when the customer has sent too many messages in a short time', async () => {
    // Ten messages in the last minutes, as the limit counts them (sendSupportMessage).
    const limit = adminDb.doc(`rateLimits/${sha256Hex(`support-message:${customer.uid}`)}`);
    const now = Date.now();
    await limit.set({
      id: limit.id,
      hits: Array.from({ length: RATE_LIMITS.supportMessage.max }, (_, i) => new Date(now - i)),
      expiresAt: new Date(now + RATE_LIMITS.supportMessage.windowMs),
    });
    try {
      await shopper.getByRole('textbox', { name: 'Your message' }).fill('And another thing.');
      await shopper.getByRole('button', { name: 'Send', exact: true }).click();
      await shopper
        .getByText(SUPPORT_MESSAGES.sendFailed(RATE_LIMITS.supportMessage.message), { exact: true })
        .waitFor();
      // Nothing was sent, and the draft is kept to send later.
      expect(await messageIn(shopper, 'And another thing.').count()).toBe(0);
      expect(await shopper.getByRole('textbox', { name: 'Your message' }).inputValue()).toBe(
        'And another thing.',
      );
    } finally {
      await limit.delete();
      await shopper.getByRole('textbox', { name: 'Your message' }).fill('');
    }
  });

  it('previews the conversation as on a phone, with the draft as a "Now" bubble', async () => {
    await agent.getByRole('button', { name: 'Phone Preview' }).click();
    const preview = agent.getByTestId('phone-preview');
    await preview.getByText(answer).waitFor();
    await agent.getByRole('textbox', { name: 'Your message' }).fill('Typing a draft');
    await preview.getByText('Typing a draft').waitFor();
    await preview.getByText('Now', { exact: true }).waitFor();
    await agent.getByText('Messages update as you type.').waitFor();
    await agent.getByRole('button', { name: 'Hide Preview' }).click();
    await preview.waitFor({ state: 'detached' });
    await agent.getByRole('textbox', { name: 'Your message' }).fill('');
  });

  it('lets the administrator delete a message, then the conversation', async () => {
    await messageIn(agent, answer).getByRole('button', { name: 'Delete message' }).click();
    const dialog = agent.getByRole('dialog', { name: 'Delete message' });
    await dialog
      .getByText('Are you sure you want to delete this message? This action cannot be undone.')
      .waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await agent.getByText('Message deleted successfully').waitFor();
    await messageIn(agent, answer).waitFor({ state: 'detached' });
    await messageIn(shopper, answer).waitFor({ state: 'detached' });

    await agent.getByRole('button', { name: 'Delete Conversation' }).click();
    await agent
      .getByRole('dialog', { name: 'Delete conversation' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await agent.getByText('Conversation deleted successfully').waitFor();
    await agent.waitForURL(`${SHOP_URL}/admin/support`);
    await shopper.getByText('Support ticket not found').waitFor();

    const left = await adminDb.collection('supportTickets').where('subject', '==', subject).get();
    expect(left.size).toBe(0);
  });
});

describe('a long conversation', () => {
  it('offers earlier messages only when there are some', async () => {
    const page = SUPPORT_CONSTANTS.messagesPageSize;
    const { ticketId } = await callOk(
      'submitSupportTicket',
      { name: 'Casey Conversation', email: customer.email, subject: 'Long', message: 'Message 1' },
      customer,
    );
    // Exactly a page of messages: the first and the rest, each already counted on the ticket.
    const messages = adminDb.collection(supportMessagesPath(ticketId));
    const batch = adminDb.batch();
    const at = Date.now();
    for (let n = 2; n <= page; n += 1) {
      const createdAt = new Date(at + n * 1000);
      batch.set(messages.doc(), {
        message: `Message ${n}`,
        senderType: 'user',
        senderId: customer.uid,
        createdAt,
        countedAt: createdAt,
      });
    }
    await batch.commit();
    await shopper.goto(`${SHOP_URL}/account/support/${ticketId}`);
    const shown = shopper.getByTestId('support-message');
    await shopper.getByText(`Message ${page}`, { exact: true }).waitFor();
    expect(await shown.count()).toBe(page);
    const earlier = shopper.getByRole('button', { name: 'Show earlier messages' });
    expect(await earlier.count()).toBe(0);

    // One more: the first no longer fits the page, and the button brings it back.
    const createdAt = new Date(at + (page + 1) * 1000);
    await messages.add({
      message: `Message ${page + 1}`,
      senderType: 'user',
      senderId: customer.uid,
      createdAt,
      countedAt: createdAt,
    });
    await earlier.click();
    await shopper.getByText('Message 1', { exact: true }).waitFor();
    expect(await shown.count()).toBe(page + 1);
    expect(await earlier.count()).toBe(0);
  });
});
