/**
 * The cart's seams: tickets added while the signed-in shopper's account cart is arriving land
 * in that cart, never in the browser's own (guest) cart, which was merged already and would
 * keep them out of sight; a change to the account's cart, or the guest cart's merge into it,
 * keeps the lines another device saved meanwhile; a guest cart filled after signing out
 * merges on the next sign-in in the same tab; the answers given before a sign-out are not sent
 * for the next person; and a line's "+" counts the tickets the customer already owns, as the
 * checkout will.
 */
import {
  ANSWER_MODAL_CLOSE_MS,
  CHECKOUT_MESSAGES,
  DEFAULT_USER_SETTINGS,
  STORAGE_KEYS,
  cartPath,
  holdersPath,
  twoFactorSessionPath,
  userSettingsPath,
} from '@rafflewin/domain';
import type { Page } from 'playwright-core';
import { adminDb, eventually } from '../support/admin';
import { SHOP_URL, answerAndViewCart, moveClockOn, signIn, viewCart } from '../support/browser';
import { TEST_PASSWORD, newCustomer } from '../support/customers';
import { demoShopForFile } from '../support/demoShop';
import { createRaffle } from '../support/raffles';

jest.setTimeout(180_000);

const shop = demoShopForFile();

const MINUTE = 60_000;

interface HeldTimer {
  releaseHeldTimer?: () => void;
}

/**
 * Holds the page's next timer of `delay` ms (the skill question's close) until the answer's
 * `release` runs it: what the page does meanwhile happens within that timer's wait. A page that
 * clears the timer meanwhile (Cancel) clears it for good: `release` then runs nothing.
 */
async function holdNextTimer(page: Page, delay: number): Promise<() => Promise<void>> {
  await page.evaluate((ms) => {
    const held = window as unknown as HeldTimer;
    const original = window.setTimeout;
    const originalClear = window.clearTimeout;
    // An id no real timer has: the page's clearTimeout of it drops the held handler.
    const heldId = -1;
    window.setTimeout = ((handler: () => void, timeout?: number, ...args: unknown[]) => {
      if (timeout !== ms) return original(handler, timeout, ...args);
      window.setTimeout = original;
      let waiting: (() => void) | null = handler;
      held.releaseHeldTimer = () => {
        if (waiting) original(waiting, 0);
      };
      window.clearTimeout = ((id?: number) => {
        if (id !== heldId) return originalClear(id);
        waiting = null;
        window.clearTimeout = originalClear;
      }) as typeof window.clearTimeout;
      return heldId;
    }) as typeof window.setTimeout;
  }, delay);
  return () => page.evaluate(() => (window as unknown as HeldTimer).releaseHeldTimer!());
}

/** The `auth_time` of the page's sign-in, from the ID token Firebase Auth keeps in IndexedDB. */
function signInTime(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const opened = indexedDB.open('firebaseLocalStorageDb');
        opened.onerror = () => reject(new Error('No Firebase Auth storage'));
        opened.onsuccess = () => {
          const read = opened.result
            .transaction('firebaseLocalStorage')
            .objectStore('firebaseLocalStorage')
            .getAll();
          read.onsuccess = () => {
            const [saved] = read.result as Array<{
              value: { stsTokenManager: { accessToken: string } };
            }>;
            const payload = saved!.value.stsTokenManager.accessToken.split('.')[1]!;
            const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as {
              auth_time: number;
            };
            resolve(claims.auth_time);
          };
        };
      }),
  );
}

describe('adding while the account’s cart arrives', () => {
  it('puts tickets answered for just before the account’s cart arrived into that cart', async () => {
    const raffleName = `Arriving cart ${Date.now().toString(36)}`;
    const [raffleId, customer] = await Promise.all([
      createRaffle({ name: raffleName, createdAt: new Date() }),
      newCustomer('Carys', 'Seams'),
    ]);
    shop.switchOffAfter(raffleId);
    // Already in the account's cart, from another device.
    const inCart = { raffleId: 'tech-macbook', quantity: 2 };
    await adminDb.doc(cartPath(customer.uid)).set({ items: [inCart], updatedAt: new Date() });
    const page = await shop.newPage();
    // This browser's clock runs ten minutes fast.
    await page.clock.install({ time: Date.now() + 10 * MINUTE });
    await signIn(page, customer.email, TEST_PASSWORD);

    // Two-factor is on and this sign-in's code was verified, until five minutes from now: the
    // server lets it read the skill question, while the browser, ten minutes fast, holds the
    // verification lapsed and uses its own cart (as every page does until the sign-in's
    // settings have answered).
    const authTime = await signInTime(page);
    const verification = adminDb.doc(twoFactorSessionPath(customer.uid, String(authTime)));
    await verification.set({
      authTime,
      verifiedAt: new Date(),
      expiresAt: new Date(Date.now() + 5 * MINUTE),
    });
    await adminDb
      .doc(userSettingsPath(customer.uid))
      .set({ ...DEFAULT_USER_SETTINGS, twoFactorEnabled: true });
    await page.goto(`${SHOP_URL}/competitions/cash`);
    const card = page.getByTestId('raffle-card').filter({ hasText: raffleName });
    await card.getByRole('button', { name: 'Add to Cart' }).click();
    const question = page.getByRole('dialog', { name: 'Answer to Enter' });
    await question.getByLabel('London').check();
    // The navigation bar's cart (behind the dialog) counts the browser's own, empty cart.
    const navCart = (tickets: number) =>
      page.getByRole('link', { name: `Cart, ${tickets} tickets`, includeHidden: true });
    expect(await navCart(0).count()).toBe(1);

    // The dialog adds the tickets 500 ms after Submit: meanwhile the account's cart arrives
    // (here the code verified again in another tab; on a page load, the settings' answer).
    const release = await holdNextTimer(page, ANSWER_MODAL_CLOSE_MS);
    await question.getByRole('button', { name: 'Submit' }).click();
    await verification.update({ expiresAt: new Date(Date.now() + 60 * MINUTE) });
    await navCart(2).waitFor();
    await release();

    await viewCart(page, raffleName, 1);
    const line = page.getByTestId('cart-line').filter({ hasText: raffleName });
    await line.getByText('£1.50', { exact: true }).first().waitFor();
    await navCart(3).waitFor();
    const saved = await eventually(
      async () => {
        const items = (await adminDb.doc(cartPath(customer.uid)).get()).get('items') as unknown[];
        return items.length === 2 ? items : null;
      },
      { what: 'the account’s cart to hold both lines' },
    );
    expect(saved).toEqual([inCart, { raffleId, quantity: 1 }]);
    // Nothing was left behind in the browser's own cart.
    expect(
      await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.guestCart),
    ).toBeNull();
    await page.close();
  });
});

/** The navigation bar's cart link, named by the tickets it counts. */
function cartLink(page: Page, tickets: number) {
  const counted = `${tickets} ${tickets === 1 ? 'ticket' : 'tickets'}`;
  return page.getByRole('link', { name: `Cart, ${counted}`, exact: true });
}

/**
 * The cart page's lines as read, one string each (name, price per ticket, quantity, line total),
 * once the total reads `total`.
 */
async function cartLinesShown(page: Page, total: string): Promise<string[]> {
  await page.getByTestId('cart-total').getByText(total, { exact: true }).waitFor();
  const lines = await page.getByTestId('cart-line').allInnerTexts();
  return lines.map((line) => line.replace(/\s+/g, ' ').trim());
}

/** The lines `carts/{uid}` holds once it holds `count` of them. */
function savedCartLines(uid: string, count: number): Promise<unknown[]> {
  return eventually(
    async () => {
      const items = (await adminDb.doc(cartPath(uid)).get()).get('items') as unknown[] | undefined;
      return items?.length === count ? items : null;
    },
    { what: `the account’s cart to hold ${count} lines` },
  );
}

/**
 * Holds the page's first request that saves `carts/{uid}` (a write on Firestore's write channel,
 * or a transaction's commit) until `release`: what another device saves meanwhile reaches the
 * server first, whatever the page's own listener has shown by then.
 */
async function holdFirstCartSave(
  page: Page,
  uid: string,
): Promise<{ held: Promise<void>; release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let markHeld!: () => void;
  const held = new Promise<void>((resolve) => (markHeld = resolve));
  let holding = true;
  await page.route(/\/(Write\/channel|documents:commit)(\?|$)/, async (route) => {
    const body = route.request().postData() ?? '';
    let text = body;
    try {
      text = decodeURIComponent(body);
    } catch {
      // A commit's body is JSON already.
    }
    if (holding && text.includes(`/documents/${cartPath(uid)}"`)) {
      holding = false;
      markHeld();
      await released;
    }
    await route.continue();
  });
  return { held, release };
}

const MACBOOK = { raffleId: 'tech-macbook', quantity: 2 };
const MACBOOK_LINE = 'MacBook Air M4 £1.29 per ticket 2 £2.58';
const IPHONE = { raffleId: 'tech-iphone', quantity: 3 };
const IPHONE_LINE = 'iPhone 17 Pro Max 512GB £0.99 per ticket 3 £2.97';

describe('Cancel in the skill question’s last 500 ms', () => {
  it('cancels: the tickets answered for are not added', async () => {
    const raffleName = `Cancelled answer ${Date.now().toString(36)}`;
    const [raffleId, customer] = await Promise.all([
      createRaffle({ name: raffleName, createdAt: new Date() }),
      newCustomer('Cass', 'Cancel'),
    ]);
    shop.switchOffAfter(raffleId);
    const page = await shop.newPage();
    await signIn(page, customer.email, TEST_PASSWORD);
    await page.goto(`${SHOP_URL}/competitions/cash`);
    const card = page.getByTestId('raffle-card').filter({ hasText: raffleName });
    await card.getByRole('button', { name: 'Add to Cart' }).click();
    const question = page.getByRole('dialog', { name: 'Answer to Enter' });
    await question.getByLabel('London').check();
    const release = await holdNextTimer(page, ANSWER_MODAL_CLOSE_MS);
    await question.getByRole('button', { name: 'Submit' }).click();
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'detached' });
    // The 500 ms are up: before, the tickets were added now, to the account's cart.
    await release();
    const added = eventually(
      async () => {
        const items = (await adminDb.doc(cartPath(customer.uid)).get()).get('items') as unknown[];
        return items?.length ? items : null;
      },
      { timeoutMs: 5_000, what: 'the cancelled tickets in the account’s cart' },
    );
    await expect(added).rejects.toThrow();
    expect(await page.getByRole('dialog', { name: 'Added to Cart' }).count()).toBe(0);
    expect(await cartLink(page, 0).count()).toBe(1);
    await page.close();
  });
});

describe('a line whose raffle ends while the cart is open', () => {
  it('leaves the total and says so when the raffle ends, not when the checkout is refused', async () => {
    const raffleName = `Ending in the cart ${Date.now().toString(36)}`;
    const [raffleId, customer] = await Promise.all([
      createRaffle({ name: raffleName, endDate: new Date(Date.now() + 2 * MINUTE) }),
      newCustomer('Enid', 'Ending'),
    ]);
    shop.switchOffAfter(raffleId);
    await adminDb.doc(cartPath(customer.uid)).set({
      items: [{ raffleId, quantity: 2 }],
      updatedAt: new Date(),
    });
    const page = await shop.newPage();
    // The page's clock runs as usual until it is moved on.
    await page.clock.install();
    await signIn(page, customer.email, TEST_PASSWORD);
    await page.goto(`${SHOP_URL}/cart`);
    const total = page.getByTestId('cart-total');
    await total.getByText('£3.00', { exact: true }).waitFor();
    await moveClockOn(page, '02:01');
    await page
      .getByTestId('cart-line')
      .filter({ hasText: raffleName })
      .getByTestId('line-closed')
      .getByText(CHECKOUT_MESSAGES.ended, { exact: true })
      .waitFor();
    await total.getByText('£0.00', { exact: true }).waitFor();
    await page.close();
  });
});

describe('the account’s cart changed on another device meanwhile', () => {
  /** A new raffle and a customer whose account cart already holds two MacBook tickets. */
  async function accountWithCart(label: string, firstName: string) {
    const raffleName = `${label} ${Date.now().toString(36)}`;
    const [raffleId, customer] = await Promise.all([
      createRaffle({ name: raffleName, createdAt: new Date() }),
      newCustomer(firstName, 'Seams'),
    ]);
    shop.switchOffAfter(raffleId);
    const cart = adminDb.doc(cartPath(customer.uid));
    await cart.set({ items: [MACBOOK], updatedAt: new Date() });
    return { raffleName, raffleId, customer, cart };
  }

  it('keeps the tickets another device saved while this page was adding to the cart', async () => {
    const { raffleName, raffleId, customer, cart } = await accountWithCart('Two devices', 'Dafydd');
    const page = await shop.newPage();
    await signIn(page, customer.email, TEST_PASSWORD);
    await page.goto(`${SHOP_URL}/competitions/cash`);
    await cartLink(page, 2).waitFor();

    const save = await holdFirstCartSave(page, customer.uid);
    const card = page.getByTestId('raffle-card').filter({ hasText: raffleName });
    await card.getByRole('button', { name: 'Add to Cart' }).click();
    const question = page.getByRole('dialog', { name: 'Answer to Enter' });
    await question.getByLabel('London').check();
    await question.getByRole('button', { name: 'Submit' }).click();
    // The page's save is on its way when the shopper's phone adds three iPhone tickets.
    await save.held;
    await cart.set({ items: [MACBOOK, IPHONE], updatedAt: new Date() });
    save.release();

    expect(await savedCartLines(customer.uid, 3)).toEqual([
      MACBOOK,
      IPHONE,
      { raffleId, quantity: 1 },
    ]);
    await viewCart(page, raffleName, 1);
    await cartLink(page, 6).waitFor();
    expect(await cartLinesShown(page, '£7.05')).toEqual([
      MACBOOK_LINE,
      IPHONE_LINE,
      `${raffleName} £1.50 per ticket 1 £1.50`,
    ]);
    await page.close();
  });

  it('keeps the tickets another device saved while the guest cart was merging on sign-in', async () => {
    const { raffleName, raffleId, customer, cart } = await accountWithCart('Merging cart', 'Elin');
    const page = await shop.newPage();
    await page.goto(`${SHOP_URL}/competitions/cash`);
    const card = page.getByTestId('raffle-card').filter({ hasText: raffleName });
    await card.getByRole('button', { name: 'Add to Cart' }).click();
    await viewCart(page, raffleName, 1);
    await cartLink(page, 1).waitFor();

    const save = await holdFirstCartSave(page, customer.uid);
    await signIn(page, customer.email, TEST_PASSWORD);
    // The merge's save is on its way when the shopper's phone adds three iPhone tickets.
    await save.held;
    await cart.set({ items: [MACBOOK, IPHONE], updatedAt: new Date() });
    save.release();

    expect(await savedCartLines(customer.uid, 3)).toEqual([
      MACBOOK,
      IPHONE,
      { raffleId, quantity: 1 },
    ]);
    await cartLink(page, 6).click();
    await page.getByRole('heading', { name: 'Shopping Cart' }).waitFor();
    expect(await cartLinesShown(page, '£7.05')).toEqual([
      MACBOOK_LINE,
      IPHONE_LINE,
      `${raffleName} £1.50 per ticket 1 £1.50`,
    ]);
    expect(
      await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.guestCart),
    ).toBeNull();
    await page.close();
  });
});

describe('signing out and in again in the same tab', () => {
  it('merges what the guest added after signing out into the account’s cart on the next sign-in', async () => {
    const stamp = Date.now().toString(36);
    const firstName = `Before sign-out ${stamp}`;
    const secondName = `After sign-out ${stamp}`;
    const [firstId, secondId, customer] = await Promise.all([
      createRaffle({ name: firstName, createdAt: new Date() }),
      createRaffle({ name: secondName, createdAt: new Date() }),
      newCustomer('Ffion', 'Seams'),
    ]);
    shop.switchOffAfter(firstId);
    shop.switchOffAfter(secondId);
    // The account already has a cart, from another device. (A cart document a merge creates can
    // stay out of sight on the Firestore emulator, whose listener may report it missing at a
    // later time than its creation, and the SDK then drops the creation as outdated.)
    await adminDb.doc(cartPath(customer.uid)).set({ items: [MACBOOK], updatedAt: new Date() });
    const page = await shop.newPage();
    // A guest's tickets go straight into the cart: the skill question waits for checkout.
    const addAsGuest = async (raffleName: string) => {
      const card = page.getByTestId('raffle-card').filter({ hasText: raffleName });
      await card.getByRole('button', { name: 'Add to Cart' }).click();
      await viewCart(page, raffleName, 1);
      await cartLink(page, 1).waitFor();
    };
    await page.goto(`${SHOP_URL}/competitions/cash`);
    await addAsGuest(firstName);
    await signIn(page, customer.email, TEST_PASSWORD);
    expect(await savedCartLines(customer.uid, 2)).toEqual([
      MACBOOK,
      { raffleId: firstId, quantity: 1 },
    ]);
    await cartLink(page, 3).waitFor();

    // From here on the tab is never reloaded: the shop moves between pages as the shopper does.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    const login = page.getByRole('link', { name: 'Login' });
    await login.waitFor();
    await page.waitForURL(new URL('/', SHOP_URL).href);
    await cartLink(page, 0).waitFor();
    await page.getByRole('button', { name: 'Competitions', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Cash Prizes' }).click();
    await addAsGuest(secondName);

    await login.click();
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    expect(await savedCartLines(customer.uid, 3)).toEqual([
      MACBOOK,
      { raffleId: firstId, quantity: 1 },
      { raffleId: secondId, quantity: 1 },
    ]);
    await cartLink(page, 4).click();
    await page.getByRole('heading', { name: 'Shopping Cart' }).waitFor();
    expect(await cartLinesShown(page, '£5.58')).toEqual([
      MACBOOK_LINE,
      `${firstName} £1.50 per ticket 1 £1.50`,
      `${secondName} £1.50 per ticket 1 £1.50`,
    ]);
    expect(
      await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.guestCart),
    ).toBeNull();
    await page.close();
  });
});

describe('another person signing in after a sign-out', () => {
  it('is asked the skill question for themselves, not sent the answer given before', async () => {
    const name = `Answered before sign-out ${Date.now().toString(36)}`;
    const [raffleId, first, next] = await Promise.all([
      createRaffle({ name, createdAt: new Date() }),
      newCustomer('Gwen', 'First'),
      newCustomer('Huw', 'Next'),
    ]);
    shop.switchOffAfter(raffleId);
    // The next person's account has the raffle in its cart already, from another device.
    await adminDb
      .doc(cartPath(next.uid))
      .set({ items: [{ raffleId, quantity: 1 }], updatedAt: new Date() });
    const page = await shop.newPage();
    const stored = () =>
      page.evaluate(
        (keys) => keys.map((key) => localStorage.getItem(key)),
        [STORAGE_KEYS.answers, STORAGE_KEYS.picks],
      );
    await signIn(page, first.email, TEST_PASSWORD);
    await page.goto(`${SHOP_URL}/competitions/cash`);
    const card = page.getByTestId('raffle-card').filter({ hasText: name });
    await card.getByRole('button', { name: 'Add to Cart' }).click();
    await answerAndViewCart(page, name, 1);
    expect((await stored())[0]).toContain(raffleId);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.getByRole('link', { name: 'Login' }).waitFor();
    expect(await stored()).toEqual([null, null]);

    await signIn(page, next.email, TEST_PASSWORD);
    await page.goto(`${SHOP_URL}/checkout`);
    await page.getByRole('button', { name: 'Pay by Card' }).click();
    await page.getByRole('dialog', { name: 'Answer to Enter' }).waitFor();
    await page.close();
  });
});

describe('tickets already owned, in the cart', () => {
  it('stops a line’s “+” at what the customer may still have, disabled until that is known, and says why, live', async () => {
    const raffleName = `Owned ${Date.now().toString(36)}`;
    const [raffleId, customer] = await Promise.all([
      createRaffle({ name: raffleName, maxTicketsPerUser: 10 }),
      newCustomer('Olwen', 'Seams'),
    ]);
    shop.switchOffAfter(raffleId);
    const holder = adminDb.doc(`${holdersPath(raffleId)}/${customer.uid}`);
    await Promise.all([
      holder.set({ owned: 8, holds: {} }),
      adminDb.doc(cartPath(customer.uid)).set({
        items: [{ raffleId, quantity: 3 }],
        updatedAt: new Date(),
      }),
    ]);
    const page = await shop.newPage();
    // Until the count of owned tickets arrives, the line's "+" must not offer the raffle's
    // whole limit: every change to the page is watched for it, from the first.
    await page.addInitScript((name) => {
      const seen = window as unknown as { plusBeforeLimits?: boolean };
      new MutationObserver(() => {
        const plus = document.querySelector(`button[aria-label="More tickets for ${name}"]`);
        const owned = document.querySelector('[data-testid="line-owned"]');
        if (plus && !owned && !plus.hasAttribute('disabled')) seen.plusBeforeLimits = true;
      }).observe(document, { subtree: true, childList: true, attributes: true });
    }, raffleName);
    await signIn(page, customer.email, TEST_PASSWORD);
    await page.goto(`${SHOP_URL}/cart`);
    const line = page.getByTestId('cart-line').filter({ hasText: raffleName });
    const owned = line.getByTestId('line-owned');
    const more = line.getByRole('button', { name: `More tickets for ${raffleName}` });
    const fewer = line.getByRole('button', { name: `Fewer tickets for ${raffleName}` });
    await owned
      .getByText('You already have 8 tickets in this raffle: up to 2 more.', { exact: true })
      .waitFor();
    expect(await more.isDisabled()).toBe(true);
    expect(
      await page.evaluate(() => (window as { plusBeforeLimits?: boolean }).plusBeforeLimits),
    ).toBeUndefined();

    await fewer.click();
    await line.getByTestId('line-quantity').getByText('2', { exact: true }).waitFor();
    expect(await more.isDisabled()).toBe(true);
    await fewer.click();
    await line.getByTestId('line-quantity').getByText('1', { exact: true }).waitFor();
    await page.waitForFunction(
      (name) =>
        !document
          .querySelector(`button[aria-label="More tickets for ${name}"]`)
          ?.hasAttribute('disabled'),
      raffleName,
    );

    // A ticket bought on another device meanwhile: the line follows it.
    await holder.update({ owned: 9 });
    await owned
      .getByText('You already have 9 tickets in this raffle: up to 1 more.', { exact: true })
      .waitFor();
    await page.waitForFunction(
      (name) =>
        document
          .querySelector(`button[aria-label="More tickets for ${name}"]`)
          ?.hasAttribute('disabled') === true,
      raffleName,
    );
    await eventually(
      async () => {
        const items = (await adminDb.doc(cartPath(customer.uid)).get()).get('items') as unknown;
        return JSON.stringify(items) === JSON.stringify([{ raffleId, quantity: 1 }]) || null;
      },
      { what: 'the account’s cart to hold one ticket' },
    );
    await page.close();
  });
});
