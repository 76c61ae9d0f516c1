import {
  SEND_NOTIFICATION_MESSAGES,
  formatDayHeading,
  notificationBroadcastsCollection,
  notificationsPath,
  userSettingsPath,
} from '@rafflewin/domain';
import type { Browser, Page } from 'playwright-core';
import { adminDb } from '../support/admin';
import {
  SHOP_URL,
  horizontalOverflow,
  launchBrowser,
  newShopPage,
  seriousAccessibilityViolations,
  signIn,
} from '../support/browser';
import { linkIn, waitForMail } from '../support/mailbox';
import { TEST_PASSWORD, newAdmin, newCustomer, type Customer } from '../support/customers';

jest.setTimeout(180_000);

const DAY = 24 * 60 * 60 * 1000;
const LONG_TEXT =
  'The draw for the Family Car competition moves to Friday at 20:00 so that every postal entry received by Thursday is included.';

let browser: Browser;
let customer: Customer;
let admin: Customer;
let page: Page;

const LETTERS = 'ABCDEFGHIJKL';
/** When each seeded notification was sent: six recently, six three days before. */
const seededAt = [...LETTERS].map(
  (_, i) => new Date(Date.now() - (i < 6 ? i * 60_000 : 3 * DAY + i * 60_000)),
);

/** Eleven unread notifications (the first one long) and one read ("Update L"). */
async function seedNotifications(uid: string) {
  const batch = adminDb.batch();
  [...LETTERS].forEach((letter, i) => {
    batch.set(adminDb.doc(`${notificationsPath(uid)}/seeded-${letter}`), {
      type: i % 2 === 0 ? 'raffle' : 'system',
      title: `Update ${letter}`,
      message: i === 0 ? LONG_TEXT : `Details of update ${letter}.`,
      supportTicketId: null,
      isRead: letter === 'L',
      createdAt: seededAt[i],
    });
  });
  await batch.commit();
}

const accountMenu = (name: string) => page.getByRole('button', { name, exact: true });
const item = (title: string) => page.getByTestId('notification').filter({ hasText: title });

beforeAll(async () => {
  [customer, admin] = await Promise.all([newCustomer('Nia', 'Notified'), newAdmin()]);
  await seedNotifications(customer.uid);
  browser = await launchBrowser();
  page = await newShopPage(browser);
  await signIn(page, customer.email, TEST_PASSWORD);
});

afterAll(async () => {
  await browser?.close();
});

describe('notifications for a customer', () => {
  it('shows 9+ on the badge and the list grouped by day', async () => {
    await accountMenu('Account menu, 9+ unread notifications').waitFor();
    await page.goto(`${SHOP_URL}/account/notifications`);
    await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    await page.getByRole('tab', { name: 'Unread (11)' }).waitFor();
    for (const day of new Set(seededAt.map(formatDayHeading))) {
      await page.getByRole('heading', { level: 2, name: day }).waitFor();
    }
    expect(await page.getByTestId('notification').count()).toBe(12);
    await page.getByText('Support ticket responses').waitFor();
    await page.getByRole('link', { name: 'Manage notification settings' }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // Support replies' e-mails switched off (in Settings, or on another device): the box says
    // so, as the server then sends none; the others still go.
    const choices = adminDb.doc(userSettingsPath(customer.uid));
    await choices.set({ notificationChannels: { support: { email: false } } }, { merge: true });
    const preferences = page.getByTestId('email-preference');
    await preferences
      .filter({ hasText: 'Support ticket responses' })
      .getByText('Off: no e-mails')
      .waitFor();
    expect(await preferences.filter({ hasText: 'Off: no e-mails' }).count()).toBe(1);
    await choices.set({ notificationChannels: { support: { email: true } } }, { merge: true });
    await preferences.filter({ hasText: 'Off: no e-mails' }).waitFor({ state: 'detached' });
  });

  it('fits a phone screen', async () => {
    // Opened at phone width, as a phone opens it (not a desktop window narrowed in place).
    await page.setViewportSize({ width: 375, height: 800 });
    await page.reload();
    await item('Update A').waitFor();
    expect(await horizontalOverflow(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('cuts long texts at 80 characters with Show more', async () => {
    const long = item('Update A');
    await long.getByText(`${LONG_TEXT.slice(0, 80).trimEnd()}…`).waitFor();
    await long.getByRole('button', { name: 'Show more' }).click();
    await long.getByText(LONG_TEXT).waitFor();
  });

  it('counts one that arrives while the page is open, however many are unread', async () => {
    await page.getByRole('tab', { name: 'Unread (11)' }).waitFor();
    // Its id sorts after every seeded one: outside the first few unread by id.
    const late = adminDb.doc(`${notificationsPath(customer.uid)}/zz-late`);
    await late.set({
      type: 'system',
      title: 'Arrived late',
      message: 'Counted all the same.',
      supportTicketId: null,
      isRead: false,
      createdAt: new Date(),
    });
    await item('Arrived late').waitFor();
    await page.getByRole('tab', { name: 'Unread (12)' }).waitFor();
    // Deleted elsewhere (another device): the count follows too.
    await late.delete();
    await page.getByRole('tab', { name: 'Unread (11)' }).waitFor();
  });

  it('marks one read, then all, and the badge follows', async () => {
    await item('Update B').getByRole('button', { name: 'Mark "Update B" as read' }).click();
    await page.getByRole('tab', { name: 'Unread (10)' }).waitFor();
    await accountMenu('Account menu, 9+ unread notifications').waitFor();

    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await page.getByRole('tab', { name: 'Unread (0)' }).waitFor();
    await accountMenu('Account menu').waitFor();
    await page.getByRole('button', { name: 'Mark all as read' }).waitFor({ state: 'detached' });

    await page.getByRole('tab', { name: 'Unread (0)' }).click();
    await page.getByText('No notifications to display').waitFor();
    await page.getByText('You have read all your notifications.').waitFor();
    await page.getByRole('tab', { name: 'All' }).click();
  });

  it('deletes one, and all after the two-step confirmation', async () => {
    await item('Update C').hover();
    await item('Update C').getByRole('button', { name: 'Delete "Update C"' }).click();
    await item('Update C').waitFor({ state: 'detached' });
    expect(await page.getByTestId('notification').count()).toBe(11);

    const deleteAll = page.getByRole('button', { name: 'Delete all' });
    await deleteAll.click();
    const confirm = page.getByRole('button', { name: 'Confirm delete?' });
    await confirm.waitFor();
    // Left alone, it turns back after 3 seconds.
    await deleteAll.waitFor({ timeout: 5_000 });
    await deleteAll.click();
    await confirm.click();
    await page.getByText('No notifications to display').waitFor();
    await page
      .getByText(
        'You will receive notifications about competitions, wins, and account updates here.',
      )
      .waitFor();
    expect((await adminDb.collection(notificationsPath(customer.uid)).get()).size).toBe(0);
  });
});

describe('Create Notification (administrators)', () => {
  let adminPage: Page;

  beforeAll(async () => {
    adminPage = await newShopPage(browser);
    await signIn(adminPage, admin.email, TEST_PASSWORD);
    await adminPage.goto(`${SHOP_URL}/admin/notifications`);
    await adminPage.getByRole('heading', { name: 'Create Notification' }).waitFor();
  });

  it("checks the form with the shop's messages", async () => {
    await adminPage.getByRole('button', { name: 'Send Notification' }).click();
    await adminPage.getByText('Please select a user').waitFor();
    await adminPage.getByText('Title and message are required').first().waitFor();
  });

  it('sends to one user, who sees it arrive', async () => {
    await adminPage.getByLabel('User (search by e-mail)').fill(customer.email.slice(0, 12));
    await adminPage.getByRole('option', { name: customer.email }).click();
    await adminPage.getByLabel('Title').fill('Just for you');
    await adminPage.getByLabel('Message').fill('A personal message from the team.');
    await adminPage.getByRole('button', { name: 'Send Notification' }).click();
    await adminPage.getByText('Notification created successfully').waitFor();

    await item('Just for you').waitFor();
    await accountMenu('Account menu, 1 unread notification').waitFor();
    // E-mail notifications are on (the default): it is e-mailed too.
    const mail = await waitForMail(customer.email, 'Just for you');
    expect(mail.text).toContain('A personal message from the team.');
    expect(linkIn(mail, 'http')).toBe(`${SHOP_URL}/account/notifications`);
  });

  it('sends to every user through the queue, with a progress bar that reports the count', async () => {
    await adminPage.getByLabel('Send to all users').check();
    await adminPage.getByLabel('Title').fill('New raffles this week');
    await adminPage.getByLabel('Message').fill('Three new prizes have just gone live.');
    await adminPage
      .getByTestId('phone-preview-notification')
      .getByText('New raffles this week')
      .waitFor();
    await adminPage.getByRole('button', { name: 'Send Notification' }).click();
    // Asked once more: it goes to everyone and cannot be taken back.
    const confirm = adminPage.getByRole('dialog', { name: 'Send to all users?' });
    await confirm.getByText(SEND_NOTIFICATION_MESSAGES.confirmAll, { exact: true }).waitFor();
    await confirm.getByRole('button', { name: 'Send to all' }).click();
    // Queued at once; the send goes out page by page through the task queue.
    await adminPage.getByText(/^Sending to \d+ users: follow its progress below$/).waitFor();
    const row = adminPage.getByTestId('broadcast').filter({ hasText: 'New raffles this week' });
    await row
      .getByTestId('broadcast-status')
      .getByText(/^Notification sent to \d+ users \(0 failed\)$/)
      .waitFor();
    const record = (
      await adminDb
        .collection(notificationBroadcastsCollection)
        .where('title', '==', 'New raffles this week')
        .get()
    ).docs[0]!.data();
    expect(record).toMatchObject({ status: 'done', failed: 0 });
    // `total` counts the users when the send starts; people who sign up while it runs (other
    // suites do, at the same time) get it too.
    expect(record.sent).toBeGreaterThanOrEqual(record.total);
    expect(record.sent).toBe(record.processed);
    expect(await row.getByTestId('broadcast-status').textContent()).toBe(
      SEND_NOTIFICATION_MESSAGES.sentToAll(record.sent as number, 0),
    );
    // Leaving the page and coming back, the send is still there with its result.
    await adminPage.goto(`${SHOP_URL}/admin`);
    await adminPage.goto(`${SHOP_URL}/admin/notifications`);
    await row.getByRole('progressbar', { name: 'New raffles this week: 100% sent' }).waitFor();

    await item('New raffles this week').waitFor();
    await accountMenu('Account menu, 2 unread notifications').waitFor();
    expect(await seriousAccessibilityViolations(adminPage)).toEqual([]);
  });
});
