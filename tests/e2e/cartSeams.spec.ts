/**
 * The cart's seams: tickets added while the signed-in shopper's account cart is arriving land
 * in that cart, never in the browser's own (guest) cart, which was merged already and would
 * keep them out of sight.
 */
import {
  ANSWER_MODAL_CLOSE_MS,
  DEFAULT_USER_SETTINGS,
  STORAGE_KEYS,
  cartPath,
  twoFactorSessionPath,
  userSettingsPath,
} from '@rafflewin/domain';
import type { Page } from 'playwright-core';
import { adminDb, eventually } from '../support/admin';
import { SHOP_URL, signIn, viewCart } from '../support/browser';
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
 * `release` runs it: what the page does meanwhile happens within that timer's wait.
 */
async function holdNextTimer(page: Page, delay: number): Promise<() => Promise<void>> {
  await page.evaluate((ms) => {
    const held = window as unknown as HeldTimer;
    const original = window.setTimeout;
    window.setTimeout = ((handler: () => void, timeout?: number, ...args: unknown[]) => {
      if (timeout !== ms) return original(handler, timeout, ...args);
      window.setTimeout = original;
      held.releaseHeldTimer = () => void original(handler, 0);
      return 0;
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
