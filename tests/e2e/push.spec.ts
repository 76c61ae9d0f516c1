/**
 * The installable shop and push, in Chromium with the shop's service worker: a customer turns
 * push on for this device, an administrator's message is pushed (the functions' messaging port
 * records it under the emulators; the test hands it to the service worker with the DevTools
 * protocol, as FCM would), the notification shows, and its click moves the open tab to its page.
 * Then the per-kind choice, removing the device at sign-out, the manifest and the offline page.
 */
import {
  PUSH_MESSAGES,
  SITE_SETTINGS_PATH,
  STORAGE_KEYS,
  devicesPath,
  userSettingsPath,
} from '@rafflewin/domain';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { EMULATOR_PUSH_COLLECTION } from '../../functions/src/services/push/messaging';
import { adminDb, eventually } from '../support/admin';
import { goOffline } from '../support/chromium';
import {
  CUT_NETWORK,
  FIRESTORE_UNREACHABLE,
  SHOP_URL,
  allowBrowserErrors,
  launchBrowser,
  newShopPage,
  signIn,
} from '../support/browser';
import { TEST_PASSWORD, callOk, newAdmin, newCustomer, type Customer } from '../support/customers';
import { linkIn, waitForMail } from '../support/mailbox';
import { freshIp } from '../support/signUpForms';

jest.setTimeout(180_000);

let browser: Browser;
let admin: Customer;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await newAdmin();
});

afterAll(async () => {
  await browser?.close();
});

/** Waits until the shop's service worker controls the page. */
async function controlled(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) {
    await page.reload();
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
  }
}

/** The id of the page's service worker registration, as the DevTools protocol knows it. */
async function registrationId(cdp: CDPSession): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const live = registrations.find((registration) => !registration.isDeleted);
      if (live) resolve(live.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

/** The messages the functions pushed to a token (the emulator's recorder). */
async function pushedTo(token: string): Promise<Array<Record<string, string>>> {
  const sent = await adminDb.collection(EMULATOR_PUSH_COLLECTION).where('token', '==', token).get();
  return sent.docs.map((doc) => doc.get('data') as Record<string, string>);
}

const devicesOf = async (uid: string) =>
  (await adminDb.collection(devicesPath(uid)).get()).docs.map((doc) => doc.data());

describe('push notifications on this device', () => {
  let customer: Customer;
  let page: Page;

  beforeAll(async () => {
    customer = await newCustomer('Piper', 'Pushed');
    page = await newShopPage(browser, undefined, { serviceWorker: true });
    await signIn(page, customer.email, TEST_PASSWORD);
    await page.goto(`${SHOP_URL}/account/settings`);
    await controlled(page);
  });

  afterAll(async () => {
    await page?.context().close();
  });

  it('turns push on when asked, lists this device, shows a push and opens its page on a click', async () => {
    const card = page.getByRole('region', { name: 'Notifications' });
    await card.getByRole('button', { name: PUSH_MESSAGES.enable }).click();
    await card.getByText(PUSH_MESSAGES.enabled).waitFor();
    const devices = card.getByRole('list', { name: 'Push devices' });
    await devices.getByText('Chrome on Linux').waitFor();
    await devices.getByText('This device').waitFor();
    const [device] = await devicesOf(customer.uid);
    expect(device).toMatchObject({ uid: customer.uid, label: 'Chrome on Linux' });
    const token = String(device!.token);

    // An administrator's message to this customer is pushed to the device.
    await callOk(
      'sendNotification',
      {
        sendToAll: false,
        userId: customer.uid,
        marketing: false,
        type: 'system',
        title: 'Your draw is tonight',
        message: 'The Family Car draw is at 8pm.',
      },
      admin,
    );
    const [message] = await eventually(
      async () => {
        const pushes = await pushedTo(token);
        return pushes.length > 0 ? pushes : null;
      },
      { what: 'the push to the device' },
    );
    expect(message).toMatchObject({
      title: 'Your draw is tonight',
      body: 'The Family Car draw is at 8pm.',
      link: '/account/notifications',
      kind: 'messages',
    });

    // FCM's delivery, by the DevTools protocol, to the service worker. This Chromium (a
    // headless build) has no notification centre, so what the worker asks the system to show
    // is recorded at that edge, and the system's click is dispatched to the worker the same way.
    const worker = page.context().serviceWorkers()[0]!;
    await worker.evaluate(() => {
      const scope = self as unknown as {
        shown: unknown[];
        registration: { showNotification: (title: string, options: unknown) => Promise<void> };
      };
      scope.shown = [];
      scope.registration.showNotification = (title, options) => {
        scope.shown.push({ title, ...(options as object) });
        return Promise.resolve();
      };
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(SHOP_URL).origin,
      registrationId: await registrationId(cdp),
      data: JSON.stringify({ data: message, from: 'emulator', fcmMessageId: 'm1' }),
    });
    const shown = await eventually(
      async () => {
        const calls = await worker.evaluate(() => (self as unknown as { shown: unknown[] }).shown);
        return calls.length > 0 ? calls : null;
      },
      { what: 'the notification on screen' },
    );
    expect(shown).toEqual([
      {
        title: 'Your draw is tonight',
        body: 'The Family Car draw is at 8pm.',
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        tag: message!.notificationId,
        data: { link: '/account/notifications' },
      },
    ]);

    // Its click: the service worker sends this open tab to the notification's page.
    await worker.evaluate((link) => {
      // ExtendableEvent: the worker's own event type (not in the page's DOM types).
      const { ExtendableEvent } = self as unknown as { ExtendableEvent: typeof Event };
      const click = new ExtendableEvent('notificationclick');
      Object.defineProperty(click, 'notification', {
        value: { data: { link }, close: () => undefined },
      });
      self.dispatchEvent(click);
    }, '/account/notifications');
    await page.waitForURL(`${SHOP_URL}/account/notifications`);
    await page.getByText('Your draw is tonight').first().waitFor();
  });

  it('lets the customer turn push off for one kind of notification', async () => {
    await page.goto(`${SHOP_URL}/account/settings`);
    const messages = page.getByRole('checkbox', { name: 'Messages from us: push' });
    await messages.waitFor();
    expect(await messages.isChecked()).toBe(true);
    // Draw results' e-mails turned off in another tab meanwhile: this page shows it, and its
    // own choice below does not write that one back on.
    await adminDb
      .doc(userSettingsPath(customer.uid))
      .set({ notificationChannels: { draw: { email: false } } }, { merge: true });
    const drawEmail = page.getByRole('checkbox', { name: 'Draw results: e-mail' });
    await eventually(async () => ((await drawEmail.isChecked()) ? null : true), {
      what: 'the other tab’s choice shown',
    });
    await messages.uncheck();
    await page.getByText('Notification choices saved').waitFor();
    const settings = await eventually(async () => {
      const data = (await adminDb.doc(userSettingsPath(customer.uid)).get()).data();
      return data?.notificationChannels?.messages ? data : null;
    });
    expect(settings.notificationChannels).toEqual({
      draw: { email: false },
      messages: { push: false },
    });
    // Service e-mails cannot be turned off; the in-app-only kinds have no e-mail to choose.
    expect(await page.getByRole('checkbox', { name: 'You won: e-mail' }).isDisabled()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Draw results: e-mail' }).isDisabled()).toBe(
      false,
    );
  });

  it('stops pushing to this browser when the customer signs out', async () => {
    expect(await devicesOf(customer.uid)).toHaveLength(1);
    await page.getByRole('button', { name: /account menu/i }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL(`${SHOP_URL}/`);
    // Signing out waits at most a few seconds for the removal (never on the network for long):
    // on a busy machine it lands just after.
    await eventually(async () => ((await devicesOf(customer.uid)).length === 0 ? true : null), {
      what: 'the device removed at sign-out',
    });
  });

  it('stops pushing to this browser for the account a sign-in link for another one replaces', async () => {
    await signIn(page, customer.email, TEST_PASSWORD);
    await page.goto(`${SHOP_URL}/account/settings`);
    const card = page.getByRole('region', { name: 'Notifications' });
    await card.getByRole('button', { name: PUSH_MESSAGES.enable }).click();
    await card.getByText(PUSH_MESSAGES.enabled).waitFor();
    expect(await devicesOf(customer.uid)).toHaveLength(1);

    // A link for someone else (asked for elsewhere, so the address is typed here) is opened.
    const other = await newCustomer('Linda', 'Linked');
    await callOk('requestSignInLink', { email: other.email, redirect: '/account' }, undefined, {
      fromIp: freshIp(),
    });
    const mail = await waitForMail(other.email, 'Your RaffleWin sign-in link');
    await page.goto(linkIn(mail, `${SHOP_URL}/auth?`));
    await page.getByLabel('Email').fill(other.email);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(`${SHOP_URL}/account`);
    expect(await page.getByLabel('Email').inputValue()).toBe(other.email);
    // Before, the first account's device stayed, so its pushes came to the second one's browser.
    await eventually(async () => ((await devicesOf(customer.uid)).length === 0 ? true : null), {
      what: 'the first account’s device removed',
    });
  });
});

describe('a sign-out that cannot reach the server', () => {
  const heldToken = (page: Page) =>
    page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.emulatorPushToken);

  async function turnPushOn(page: Page, customer: Customer): Promise<string> {
    await signIn(page, customer.email, TEST_PASSWORD);
    await page.goto(`${SHOP_URL}/account/settings`);
    await controlled(page);
    const card = page.getByRole('region', { name: 'Notifications' });
    await card.getByRole('button', { name: PUSH_MESSAGES.enable }).click();
    await card.getByText(PUSH_MESSAGES.enabled).waitFor();
    const [device] = await devicesOf(customer.uid);
    return String(device!.token);
  }

  it('still ends this browser’s push subscription, so the account’s pushes stop reaching it', async () => {
    const page = await newShopPage(browser, undefined, { serviceWorker: true });
    try {
      const owner = await newCustomer('Olive', 'Offline');
      const token = await turnPushOn(page, owner);
      expect(await heldToken(page)).toBe(token);

      allowBrowserErrors(CUT_NETWORK, FIRESTORE_UNREACHABLE);
      await goOffline(page.context());
      await page.getByRole('button', { name: /account menu/i }).click();
      await page.getByRole('menuitem', { name: 'Sign Out' }).click();
      await page.getByRole('link', { name: 'Login' }).waitFor();
      // The server was not reached, so the account's device record stays; but this browser
      // no longer holds its token (FCM: no subscription), so what is pushed to it goes nowhere.
      expect(await devicesOf(owner.uid)).toHaveLength(1);
      expect(await heldToken(page)).toBeNull();

      // The next person to turn push on here gets a token of their own.
      await page.context().setOffline(false);
      const next = await newCustomer('Nico', 'Next');
      expect(await turnPushOn(page, next)).not.toBe(token);
    } finally {
      await page.context().close();
    }
  });
});

describe('the installable shop', () => {
  it("is installable, with the shop's name and colours from Site Settings", async () => {
    const page = await newShopPage(browser, undefined, { serviceWorker: true });
    await page.goto(SHOP_URL);
    await controlled(page);
    const settings = (await adminDb.doc(SITE_SETTINGS_PATH).get()).data();
    const response = await page.request.get(`${SHOP_URL}/manifest.webmanifest`);
    expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      name: settings?.siteName ?? 'RaffleWin',
      start_url: '/',
      display: 'standalone',
      theme_color: settings?.themePrimaryColor ?? '#0A1930',
    });
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    await page.context().close();
  });

  it('starts a returning visit from its cache, and shows the offline page without a connection', async () => {
    const page = await newShopPage(browser, undefined, { serviceWorker: true });
    await page.goto(SHOP_URL);
    await controlled(page);
    const shell = await page.goto(`${SHOP_URL}/competitions`);
    expect(shell?.fromServiceWorker()).toBe(true);
    await page.getByRole('heading', { level: 1 }).first().waitFor();

    // Cutting the connection fails the page's open requests (Firestore's listeners), and the
    // SDK says so if its channel notices before the page has gone.
    allowBrowserErrors(CUT_NETWORK, FIRESTORE_UNREACHABLE);
    await goOffline(page.context());
    const offline = await page.goto(`${SHOP_URL}/winners`);
    // The offline page itself (no script).
    expect(offline?.fromServiceWorker()).toBe(true);
    expect(await page.locator('script').count()).toBe(0);
    await page.getByRole('heading', { name: 'You’re Offline' }).waitFor();
    await page
      .getByText('You are currently offline. Please check your internet connection.')
      .waitFor();
    await page.context().setOffline(false);
    await page.getByRole('link', { name: 'Retry' }).click();
    await page.getByRole('heading', { name: 'Recent Winners' }).waitFor();
    expect(page.url()).toBe(`${SHOP_URL}/winners`);
    await page.context().close();
  });
});
