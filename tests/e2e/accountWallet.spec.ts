import {
  ACCOUNT_MESSAGES,
  DEFAULT_PROTECTION,
  cartPath,
  notificationsPath,
  paymentMethodsPath,
  protectionPath,
  rafflePath,
  savedRafflesPath,
  supportMessagesPath,
  supportTicketPath,
  userPath,
  userSettingsPath,
  ukToday,
} from '@rafflewin/domain';
import type { Browser, Download, Page } from 'playwright-core';
import { seedDemoData } from '../../emulators/seed/seed';
import { adminAuth, adminDb, eventually, uniqueEmail } from '../support/admin';
import {
  SHOP_URL,
  downloadedText,
  enterCardOnStripe,
  launchBrowser,
  newShopPage,
  signIn,
} from '../support/browser';
import { createRaffle } from '../support/raffles';

jest.setTimeout(180_000);

const PASSWORD = 'Wallet#2025';

let browser: Browser;
let page: Page;
let customer: { uid: string; email: string };

beforeAll(async () => {
  await seedDemoData(adminDb, adminAuth);
  const email = uniqueEmail('wendy');
  const user = await adminAuth.createUser({
    email,
    password: PASSWORD,
    displayName: 'Wendy Wallet',
    emailVerified: true,
  });
  const now = new Date();
  await adminDb.doc(userPath(user.uid)).set({
    email,
    username: null,
    bio: null,
    firstName: 'Wendy',
    lastName: 'Wallet',
    phoneNumber: null,
    dateOfBirth: '1985-07-07',
    banned: false,
    createdAt: now,
    updatedAt: now,
  });
  customer = { uid: user.uid, email };
  browser = await launchBrowser();
  page = await newShopPage(browser);
  await signIn(page, email, PASSWORD);
});

afterAll(async () => {
  await browser?.close();
});

const savedDoc = (raffleId: string) => adminDb.doc(`${savedRafflesPath(customer.uid)}/${raffleId}`);

async function downloaded(trigger: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [download] = (await Promise.all([page.waitForEvent('download'), trigger()])) as [
    Download,
    void,
  ];
  return downloadedText(download);
}

describe('Saved Raffles', () => {
  it('saves a raffle from its card and adds it to the cart from /account/saved', async () => {
    await page.goto(`${SHOP_URL}/competitions/tech`);
    const card = page.getByRole('article', { name: 'MacBook Air M4' });
    const save = card.getByRole('button', { name: 'Save MacBook Air M4' });
    await save.click();
    await card.locator('button[aria-pressed="true"]').waitFor();
    // The button turns at once (the browser's own copy); the server has it a moment later.
    await eventually(async () => (await savedDoc('tech-macbook').get()).exists || null, {
      what: 'the saved raffle stored',
    });
    // A raffle saved earlier that has ended since is removed when the list loads.
    await savedDoc('spa-break-ended').set({ raffleId: 'spa-break-ended', createdAt: new Date(0) });

    await page.goto(`${SHOP_URL}/account/saved`);
    const saved = page.getByRole('article', { name: 'MacBook Air M4' });
    // Per-user limit 25, nothing owned or in the cart yet.
    await saved.getByText('you can add up to 25').waitFor();
    await eventually(async () => ((await savedDoc('spa-break-ended').get()).exists ? null : true), {
      what: 'the ended raffle to leave the saved list',
    });
    expect(await page.getByRole('article', { name: 'Luxury Spa Break for Two' }).count()).toBe(0);

    await saved.getByRole('button', { name: 'More tickets' }).click();
    await saved.getByRole('button', { name: 'More tickets' }).click();
    expect(await saved.getByTestId('quantity').textContent()).toBe('3');
    await saved.getByRole('button', { name: 'Add to Cart' }).click();
    const question = page.getByRole('dialog', { name: 'Answer to Enter' });
    await question.getByLabel('366').check();
    await question.getByRole('button', { name: 'Submit' }).click();
    const added = page.getByRole('dialog', { name: 'Added to Cart' });
    await added.getByText('3 tickets for MacBook Air M4.').waitFor();
    await added.getByRole('button', { name: 'Continue Shopping' }).click();
    await added.waitFor({ state: 'detached' });
    const cart = await adminDb.doc(cartPath(customer.uid)).get();
    expect(cart.get('items')).toEqual([{ raffleId: 'tech-macbook', quantity: 3 }]);
    // The cart's tickets now count against the limit.
    await saved.getByText('you can add up to 22').waitFor();

    await saved.getByRole('button', { name: 'Remove MacBook Air M4 from saved raffles' }).click();
    await saved.waitFor({ state: 'detached' });
    await eventually(async () => ((await savedDoc('tech-macbook').get()).exists ? null : true), {
      what: 'the saved raffle to be removed',
    });
    await page.getByText('You have no saved raffles.', { exact: false }).waitFor();
    await adminDb.doc(cartPath(customer.uid)).delete();
  });

  it('shows a saved raffle cancelled since as no longer available, to be removed', async () => {
    // Cancelled raffles can still be read (their draw pages say so), but not entered.
    const raffleId = await createRaffle({ category: 'tech' });
    await adminDb.doc(rafflePath(raffleId)).update({ active: false, drawStatus: 'cancelled' });
    await savedDoc(raffleId).set({ raffleId, createdAt: new Date() });

    await page.goto(`${SHOP_URL}/account/saved`);
    const saved = page.getByTestId('saved-raffle');
    await saved.getByText('This raffle is no longer available.').waitFor();
    expect(await saved.getByRole('button', { name: 'Add to Cart' }).count()).toBe(0);
    await saved.getByRole('button', { name: 'Remove' }).click();
    await eventually(async () => ((await savedDoc(raffleId).get()).exists ? null : true), {
      what: 'the cancelled raffle to leave the saved list',
    });
    await page.getByText('You have no saved raffles.', { exact: false }).waitFor();
  });
});

describe('payment cards', () => {
  const cards = () => page.getByTestId('payment-card');

  /** Add Card: Stripe's set-up page takes the card, then the shop records what Stripe kept. */
  async function addCard(number: string) {
    await page.getByRole('button', { name: 'Add Card' }).click();
    await enterCardOnStripe(page, number);
    await page.waitForURL(`${SHOP_URL}/account/settings?tab=security`);
    await page.getByText(ACCOUNT_MESSAGES.cardAdded).waitFor();
  }

  it("adds cards on Stripe's page and switches the default", async () => {
    await page.goto(`${SHOP_URL}/account/settings?tab=security`);
    await page.getByText('You have no saved cards.').waitFor();

    // A declined card stays on Stripe's page with its message; Back returns with nothing saved.
    await page.getByRole('button', { name: 'Add Card' }).click();
    await enterCardOnStripe(page, '4000 0000 0000 0002');
    await page.getByRole('alert').getByText('Your card was declined.').waitFor();
    await page.getByRole('link', { name: '← Back' }).click();
    await page.getByText('You have no saved cards.').waitFor();

    await addCard('4242 4242 4242 4242');
    await cards()
      .filter({ hasText: 'Visa credit ending 4242' })
      .getByText('Default', { exact: true })
      .waitFor();

    await addCard('4000 0566 5566 5556');
    const debit = cards().filter({ hasText: 'Visa debit ending 5556' });
    await debit.waitFor();
    expect(await debit.getByText('Default', { exact: true }).count()).toBe(0);

    await page.getByRole('button', { name: 'Make Visa debit ending 5556 the default' }).click();
    await debit.getByText('Default', { exact: true }).waitFor();
    // Default first, and only one.
    expect(await cards().first().textContent()).toContain('Visa debit ending 5556');
    await cards()
      .filter({ hasText: 'Visa credit ending 4242' })
      .getByRole('button', {
        name: 'Make Visa credit ending 4242 the default',
      })
      .waitFor();
    const stored = await adminDb.collection(paymentMethodsPath(customer.uid)).get();
    expect(stored.docs.filter((d) => d.get('isDefault')).map((d) => d.get('last4'))).toEqual([
      '5556',
    ]);
  });
});

describe('data export', () => {
  it('downloads the account data as CSV and JSON named with the date', async () => {
    await savedDoc('car-bmw-m4').set({ raffleId: 'car-bmw-m4', createdAt: new Date() });
    // A bio that a spreadsheet would run as a formula.
    const formula = '=HYPERLINK("http://evil.example","Click")';
    // A postcard's address and an instant win's credit are on the profile; a channel choice is
    // nested in the settings (before, the CSV wrote "[object Object]" for it, and left out both).
    await adminDb
      .doc(`users/${customer.uid}`)
      .update({ bio: formula, address: '1 Export Row, Leeds LS1 1AA', accountCredit: 1250 });
    await adminDb
      .doc(userSettingsPath(customer.uid))
      .update({ 'notificationChannels.support': { email: false, push: false } });
    await seedPlayControlsNoticeAndConversation();
    await page.goto(`${SHOP_URL}/account/settings`);
    await page.getByRole('heading', { name: 'Export Your Data' }).waitFor();
    const today = ukToday(new Date());

    const csv = await downloaded(() => page.getByRole('button', { name: 'Export as CSV' }).click());
    expect(csv.name).toBe(`rafflewin-account-data-${today}.csv`);
    const lines = csv.text.split('\r\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'Profile',
        'Settings',
        'Tickets',
        'Orders',
        'Saved raffles',
        'Payment cards',
        'Play controls',
        'Notifications',
        'Support conversations',
        'Support messages',
      ]),
    );
    expect(lines).toContain('50.00,2026-01-05T09:00:00.000Z,,,,false');
    expect(lines).toContain('CMP-EXPORT1,Support,2026-01-05T09:05:00.000Z,They are in My Tickets.');
    expect(lines.some((line) => line.startsWith(`${customer.email},`))).toBe(true);
    expect(csv.text).not.toContain('[object Object]');
    const settingsHeader = lines[lines.indexOf('Settings') + 1]!.split(',');
    const settingsValues = lines[lines.indexOf('Settings') + 2]!.split(',');
    const setting = (column: string) => settingsValues[settingsHeader.indexOf(column)];
    expect([setting('supportEmail'), setting('supportPush'), setting('drawEmail')]).toEqual([
      'false',
      'false',
      'true',
    ]);
    expect(csv.text).toContain('"1 Export Row, Leeds LS1 1AA",12.50');
    // Escaped as every export of the shop: a leading quote, so it stays text.
    expect(csv.text).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(csv.text).not.toMatch(/(^|,)"?=HYPERLINK/m);
    expect(lines.some((line) => line.startsWith('car-bmw-m4,'))).toBe(true);
    expect(
      lines.filter((line) => /^visa,(4242|5556),12\/2034,(credit|debit),/.test(line)),
    ).toHaveLength(2);

    const json = await downloaded(() =>
      page.getByRole('button', { name: 'Export as JSON' }).click(),
    );
    expect(json.name).toBe(`rafflewin-account-data-${today}.json`);
    const data = JSON.parse(json.text) as Record<string, unknown> & {
      profile: { email: string; firstName: string; address: string; accountCreditGBP: string };
      settings: Record<string, unknown>;
      paymentCards: Array<{ last4: string; isDefault: boolean }>;
      savedRaffles: Array<{ raffleId: string }>;
      tickets: unknown[];
      orders: unknown[];
      playControls: { monthlyLimitGBP: string };
      notifications: Array<{ title: string; read: boolean }>;
      supportConversations: Array<{ reference: string; subject: string }>;
      supportMessages: Array<{ from: string; message: string }>;
    };
    expect(data.profile).toMatchObject({
      email: customer.email,
      firstName: 'Wendy',
      address: '1 Export Row, Leeds LS1 1AA',
      accountCreditGBP: '12.50',
    });
    expect(data.settings).toMatchObject({ supportEmail: false, supportPush: false, winPush: true });
    expect(data.paymentCards.map((c) => [c.last4, c.isDefault]).sort()).toEqual([
      ['4242', false],
      ['5556', true],
    ]);
    expect(data.savedRaffles.map((s) => s.raffleId)).toEqual(['car-bmw-m4']);
    expect(data.tickets).toEqual([]);
    expect(data.orders).toEqual([]);
    expect(JSON.stringify(data)).not.toContain('4242424242424242');
    expect(data.playControls).toMatchObject({ monthlyLimitGBP: '50.00' });
    // (Support's reply may have notified the customer too.)
    expect(data.notifications).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ title: 'Your break from play', read: false }),
      ]),
    );
    expect(data.supportConversations).toEqual([
      expect.objectContaining({ reference: 'CMP-EXPORT1', subject: 'Where are my tickets?' }),
    ]);
    expect(data.supportMessages.map(({ from, message }) => [from, message])).toEqual([
      ['You', 'Where are my tickets?'],
      ['Support', 'They are in My Tickets.'],
    ]);
  });
});

/** A spending limit, a notification and a conversation with support, as the functions keep them. */
async function seedPlayControlsNoticeAndConversation() {
  const at = (minute: number) => new Date(`2026-01-05T09:0${minute}:00.000Z`);
  const conversation = `export-${customer.uid}`;
  await Promise.all([
    adminDb
      .doc(protectionPath(customer.uid))
      .set({ ...DEFAULT_PROTECTION, monthlyLimit: 5000, limitChosenAt: at(0), updatedAt: at(0) }),
    adminDb.doc(`${notificationsPath(customer.uid)}/export-notice`).set({
      type: 'account',
      kind: 'account',
      title: 'Your break from play',
      message: 'Your break from play has ended.',
      supportTicketId: null,
      link: null,
      isRead: false,
      createdAt: at(1),
    }),
    adminDb.doc(supportTicketPath(conversation)).set({
      userId: customer.uid,
      name: 'Wendy Wallet',
      email: customer.email,
      subject: 'Where are my tickets?',
      status: 'replied',
      priority: 'normal',
      reference: 'CMP-EXPORT1',
      lastMessage: 'They are in My Tickets.',
      lastMessageAt: at(5),
      unreadCount: 1,
      adminUnreadCount: 0,
      createdAt: at(2),
    }),
    adminDb.doc(`${supportMessagesPath(conversation)}/m1`).set({
      message: 'Where are my tickets?',
      senderType: 'user',
      senderId: customer.uid,
      createdAt: at(2),
    }),
    adminDb.doc(`${supportMessagesPath(conversation)}/m2`).set({
      message: 'They are in My Tickets.',
      senderType: 'admin',
      senderId: 'staff-uid',
      createdAt: at(5),
    }),
  ]);
}

describe('delete account', () => {
  it('deletes the account after typing DELETE; it cannot sign in again', async () => {
    await page.goto(`${SHOP_URL}/account/settings?tab=danger`);
    await page.getByRole('button', { name: 'Delete My Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Confirmation').fill('delete');
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await dialog.getByText(ACCOUNT_MESSAGES.deleteConfirmation).waitFor();
    expect((await adminAuth.getUser(customer.uid)).uid).toBe(customer.uid);

    await dialog.getByLabel('Confirmation').fill('DELETE');
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await page.waitForURL(`${SHOP_URL}/`);
    await page.getByRole('link', { name: 'Login' }).first().waitFor();
    await expect(adminAuth.getUser(customer.uid)).rejects.toMatchObject({
      code: 'auth/user-not-found',
    });
    expect((await adminDb.doc(userPath(customer.uid)).get()).exists).toBe(false);

    await page.goto(`${SHOP_URL}/auth`);
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').first().waitFor();
    expect(await page.getByRole('button', { name: 'Account menu' }).count()).toBe(0);
  });
});
