import {
  CART_MESSAGES,
  CHECKOUT_MESSAGES,
  PROTECTION_MESSAGES,
  STAFF_CLAIM,
  cartPath,
  protectionPath,
  rafflePath,
  savedRafflesPath,
  userPath,
} from '@rafflewin/domain';
import type { Page } from 'playwright-core';
import { DEMO_USERS, URLS } from '../../emulators/config';
import { adminAuth, adminDb, uniqueEmail } from '../support/admin';
import { SHOP_URL, enterCardOnStripe, signIn } from '../support/browser';
import { demoShopForFile } from '../support/demoShop';
import { TEST_PASSWORD, callOk, newCustomer, type Customer } from '../support/customers';
import { checkoutSessionsOf, createRaffle } from '../support/raffles';

jest.setTimeout(180_000);

const shop = demoShopForFile();
let page: Page;

beforeAll(async () => {
  // A first purchase: the customer has not chosen a monthly spending limit yet.
  await adminDb.doc(protectionPath(DEMO_USERS.customer.uid)).delete();
  page = await shop.newPage({ width: 1280, height: 900 });
});

async function addWithAnswer(raffleName: string, answer: string, quantity: number) {
  const card = page.getByTestId('raffle-card').filter({ hasText: raffleName });
  for (let i = 1; i < quantity; i += 1)
    await card.getByRole('button', { name: 'More tickets' }).click();
  await card.getByRole('button', { name: 'Add to Cart' }).click();
  const dialog = page.getByRole('dialog', { name: 'Answer to Enter' });
  await dialog.getByLabel(answer).check();
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await dialog.waitFor({ state: 'detached' });
  const added = page.getByRole('dialog', { name: 'Added to Cart' });
  await added
    .getByText(`${quantity} ${quantity === 1 ? 'ticket' : 'tickets'} for ${raffleName}.`)
    .waitFor();
  // A different live raffle is suggested.
  expect(await added.getByTestId('suggestion').textContent()).not.toContain(raffleName);
  await added.getByRole('button', { name: 'Continue Shopping' }).click();
  await added.waitFor({ state: 'detached' });
}

/**
 * The shopper's cart holds `quantity` tickets of `raffleId`; answers their page, signed in, at
 * /checkout.
 */
async function atCheckout(shopper: Customer, raffleId: string, quantity = 1): Promise<Page> {
  await adminDb.doc(cartPath(shopper.uid)).set({
    items: [{ raffleId, quantity }],
    updatedAt: new Date(),
  });
  const own = await shop.newPage();
  await signIn(own, shopper.email, TEST_PASSWORD);
  await own.goto(`${SHOP_URL}/checkout`);
  return own;
}

/** As atCheckout, with the skill question asked by the first "Pay by Card" and answered. */
async function answeredAtCheckout(shopper: Customer, raffleId: string): Promise<Page> {
  const own = await atCheckout(shopper, raffleId);
  await own.getByRole('button', { name: 'Pay by Card' }).click();
  const question = own.getByRole('dialog', { name: 'Answer to Enter' });
  await question.getByLabel('London').check();
  await question.getByRole('button', { name: 'Submit' }).click();
  await question.waitFor({ state: 'detached' });
  return own;
}

describe('buying tickets', () => {
  it('explains online and free postal entry on every raffle', async () => {
    await page.goto(`${SHOP_URL}/competitions`);
    const card = page.getByTestId('raffle-card').filter({ hasText: 'MacBook Air M4' });
    await card.getByRole('button', { name: 'How to Enter' }).click();
    const dialog = page.getByRole('dialog', { name: 'How to Enter' });
    await dialog.getByText('£1.29 per ticket.', { exact: false }).waitFor();
    // The postal entry address comes from Site Settings (the demo operator's).
    await dialog
      .getByText(/to RaffleWin Postal Entries, PO Box 0000, London, EC1A 1AA\. One ticket per/)
      .waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it("adds two raffles, pays on Stripe's page and sees the tickets and the order", async () => {
    const { customer } = DEMO_USERS;
    await signIn(page, customer.email, customer.password);
    await page.goto(`${SHOP_URL}/competitions`);
    await addWithAnswer('£10,000 Tax-Free Cash', 'London', 2);
    await addWithAnswer('MacBook Air M4', '366', 1);
    await page.getByRole('link', { name: /^Cart, 3 tickets/ }).click();

    await page.getByRole('heading', { name: 'Shopping Cart' }).waitFor();
    expect(await page.getByTestId('cart-line').count()).toBe(2);
    await page.getByTestId('cart-total').getByText('£5.27', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();

    await page.getByRole('button', { name: 'Pay by Card' }).click();
    // Asked once, before the first purchase.
    const limit = page.getByRole('dialog', { name: 'Set a monthly spending limit' });
    await limit.getByLabel('Monthly spending limit').fill('100');
    await limit.getByRole('button', { name: 'Save and continue' }).click();
    // Stripe's hosted page (the local double's): the same lines and total.
    await page.waitForURL(`${URLS.stripe}/pay/**`);
    expect(await page.getByTestId('total-due').textContent()).toBe('£5.27');
    await enterCardOnStripe(page, '4242 4242 4242 4242', { name: 'Jane Smith' });
    await page.waitForURL(/\/checkout\/complete\//);
    await page.getByRole('heading', { name: /Your order is confirmed/ }).waitFor();
    const items = page.getByTestId('order-item');
    expect(await items.count()).toBe(2);
    const numbers = await page.getByTestId('ticket-numbers').allTextContents();
    expect(numbers[0]!.split(', ')).toHaveLength(2);
    expect(numbers[1]!.split(', ')).toHaveLength(1);
    expect(await page.getByTestId('order-number').textContent()).toMatch(/^RW-\d{6}-[A-Z0-9]{6}$/);

    const orders = await adminDb.collection('orders').where('userId', '==', customer.uid).get();
    expect(
      orders.docs.some((o) => o.get('totalAmount') === 527 && o.get('status') === 'completed'),
    ).toBe(true);
    // Fulfilment emptied the cart on the server.
    await page.getByRole('link', { name: /^Cart, 0 tickets/ }).waitFor();
    expect((await adminDb.doc(`carts/${customer.uid}`).get()).get('items')).toEqual([]);
  });
});

describe('a checkout page that is not the shopper’s', () => {
  it('says the checkout was not found, for an id that names nothing and for another’s', async () => {
    const [owner, other] = await Promise.all([
      newCustomer('Olive', 'Owner'),
      newCustomer('Otto', 'Other'),
    ]);
    const raffleId = await createRaffle({ category: 'tech', ticketPrice: 0 });
    await adminDb.doc(cartPath(owner.uid)).set({
      items: [{ raffleId, quantity: 1 }],
      updatedAt: new Date(),
    });
    const started = await callOk('startCheckout', { items: [{ raffleId, quantity: 1 }] }, owner);
    const own = await shop.newPage();
    await signIn(own, other.email, TEST_PASSWORD);
    for (const id of ['no-such-checkout', started.sessionId]) {
      await own.goto(`${SHOP_URL}/checkout/complete/${id}`);
      await own.getByText(CHECKOUT_MESSAGES.reservationNotFound, { exact: true }).waitFor();
    }
    await own.close();
  });
});

describe('paying with account credit', () => {
  it('says what the credit pays and what the card pays, and pays with credit alone', async () => {
    const raffleId = await createRaffle({ category: 'tech', ticketPrice: 250 });
    const shopper = await newCustomer('Cara', 'Credit');
    await adminDb.doc(userPath(shopper.uid)).update({ accountCredit: 300 });
    const own = await atCheckout(shopper, raffleId, 2);
    // Before, the page said £5.00 by card; Stripe's page then asked for £2.00.
    await own
      .getByTestId('credit-applied')
      .getByText('Account credit: −£3.00 · To pay by card: £2.00', { exact: true })
      .waitFor();
    await own.getByRole('button', { name: 'Pay by Card' }).waitFor();

    await adminDb.doc(userPath(shopper.uid)).update({ accountCredit: 500 });
    await own
      .getByTestId('credit-applied')
      .getByText('Account credit: −£5.00 · To pay by card: £0.00', { exact: true })
      .waitFor();
    await own.getByRole('button', { name: 'Pay with Account Credit' }).click();
    const dialog = own.getByRole('dialog', { name: 'Answer to Enter' });
    await dialog.getByLabel('London').check();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.waitFor({ state: 'detached' });
    await own.getByRole('button', { name: 'Pay with Account Credit' }).click();
    await own.getByText(/^Paid with account credit: your order is confirmed \(order /).waitFor();
    expect((await adminDb.doc(userPath(shopper.uid)).get()).get('accountCredit')).toBe(0);
    await own.close();
  });
});

describe('the spending limit asked before the first purchase', () => {
  it('says when a choice above the limit kept for the address applies, beside the refusal', async () => {
    // An account at this address chose £10 and was deleted: the limit stays with the address,
    // so the new account's £100 is a raise, which waits 24 hours.
    const address = uniqueEmail('kept-limit');
    const before = await newCustomer('Kept', 'Limit', { email: address, spendLimitChosen: false });
    await callOk('setSpendLimit', { monthlyLimit: 1000 }, before);
    await callOk('deleteAccount', { confirmation: 'DELETE' }, before);
    const [raffleId, shopper] = await Promise.all([
      createRaffle({ category: 'tech', ticketPrice: 1500 }),
      newCustomer('Kept', 'Again', { email: address, spendLimitChosen: false }),
    ]);
    const own = await answeredAtCheckout(shopper, raffleId);
    await own.getByRole('button', { name: 'Pay by Card' }).click();
    const limit = own.getByRole('dialog', { name: 'Set a monthly spending limit' });
    await limit.getByLabel('Monthly spending limit').fill('100');
    await limit.getByRole('button', { name: 'Save and continue' }).click();
    // Before, the raise went unsaid and only the refusal, naming the old limit, showed.
    await own
      .getByText(/^Your higher limit applies from .+ \(a raise takes 24 hours\)\.$/)
      .waitFor();
    await own.getByText(PROTECTION_MESSAGES.overLimit(1000, 1000), { exact: true }).waitFor();
    expect((await checkoutSessionsOf(shopper.uid)).size).toBe(0);
    await own.close();
  });
});

describe('Pay by Card while the browser leaves for Stripe’s page', () => {
  it('stays "Processing…" until the page goes, so a second press starts nothing', async () => {
    const [raffleId, shopper] = await Promise.all([
      createRaffle({ category: 'tech' }),
      newCustomer('Leaving', 'Early'),
    ]);
    const own = await answeredAtCheckout(shopper, raffleId);
    // Stripe's page is slow to answer: for two seconds the browser is on its way there with
    // this page still shown. The page's own script watches its button meanwhile and presses it
    // whenever it can (Playwright's own reads wait for the navigation).
    await own.route(`${URLS.stripe}/pay/**`, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await route.continue();
    });
    const seen: string[] = [];
    await own.exposeFunction('recordPayButton', (state: string) => seen.push(state));
    await own.evaluate(() => {
      const record = (window as unknown as { recordPayButton: (state: string) => void })
        .recordPayButton;
      const payButton = () =>
        Array.from(document.querySelectorAll('button')).find((candidate) =>
          /^(Pay by Card|Processing…)$/.test(candidate.textContent ?? ''),
        );
      let last = '';
      const watch = () => {
        const button = payButton();
        const state = `${button?.textContent}${button?.disabled ? ' (disabled)' : ''}`;
        if (state !== last) record(state);
        last = state;
        if (button && !button.disabled) button.click();
      };
      setInterval(watch, 50);
      watch();
    });
    await own.waitForURL(`${URLS.stripe}/pay/**`);
    // Before, the button came back as the browser left, and a second press started a second
    // checkout (which closes the first) while Stripe's page loaded.
    expect(seen).toEqual(['Pay by Card', 'Processing… (disabled)']);
    expect((await checkoutSessionsOf(shopper.uid)).size).toBe(1);
    await own.close();
  });
});

describe('a staff account at checkout', () => {
  it('is told before paying that its tickets are never drawn; a customer is not', async () => {
    const raffleId = await createRaffle({ category: 'tech' });
    const staff = await newCustomer('Stef', 'Staff');
    await adminAuth.setCustomUserClaims(staff.uid, { [STAFF_CLAIM]: true });
    const shopper = await newCustomer('Cass', 'Customer');
    const [staffPage, shopperPage] = await Promise.all([
      atCheckout(staff, raffleId),
      atCheckout(shopper, raffleId),
    ]);
    await staffPage.getByRole('button', { name: 'Pay by Card' }).waitFor();
    await staffPage.getByText(CHECKOUT_MESSAGES.staffNeverDrawn, { exact: true }).waitFor();
    await shopperPage.getByRole('button', { name: 'Pay by Card' }).waitFor();
    expect(await shopperPage.getByText(CHECKOUT_MESSAGES.staffNeverDrawn).count()).toBe(0);

    // Marked as staff while signed in (User Management does this): the mark counts at once on
    // the server, and the checkout opened again says so, without waiting for the token's hour.
    await adminAuth.setCustomUserClaims(shopper.uid, { [STAFF_CLAIM]: true });
    await shopperPage.reload();
    await shopperPage.getByText(CHECKOUT_MESSAGES.staffNeverDrawn, { exact: true }).waitFor();
    await adminAuth.setCustomUserClaims(shopper.uid, null);
    await shopperPage.reload();
    await shopperPage.getByRole('button', { name: 'Pay by Card' }).waitFor();
    await shopperPage
      .getByText(CHECKOUT_MESSAGES.staffNeverDrawn)
      .waitFor({ state: 'detached', timeout: 10_000 });
    await Promise.all([staffPage.close(), shopperPage.close()]);
  });
});

describe('a paid raffle without a skill question', () => {
  it('is never sold and the checkout says why instead of asking again', async () => {
    // A live paid raffle from before the console required a question (none can go live now).
    const raffleId = await createRaffle({ category: 'tech' }, { question: false });
    const shopper = await newCustomer('Quinn', 'Questionless');
    const own = await atCheckout(shopper, raffleId);
    await own.getByRole('button', { name: 'Pay by Card' }).click();
    const dialog = own.getByRole('dialog', { name: 'Answer to Enter' });
    await dialog.getByText('No question available for this raffle.', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Continue Anyway' }).click();
    await dialog.waitFor({ state: 'detached' });

    await own.getByRole('button', { name: 'Pay by Card' }).click();
    await own.getByRole('alert').getByText(CHECKOUT_MESSAGES.noQuestion, { exact: true }).waitFor();
    expect(await dialog.count()).toBe(0);
    // Nothing was reserved or sold.
    expect((await checkoutSessionsOf(shopper.uid)).size).toBe(0);
    await own.close();
  });
});

describe('the cart tells the truth', () => {
  it('never shows a false state while loading, refuses an eleventh raffle with the reason, and takes no order with a raffle that left the shop', async () => {
    const raffles = await Promise.all(
      Array.from({ length: 11 }, () => createRaffle({ category: 'tech' })),
    );
    const shopper = await newCustomer('Carys', 'Cart');
    await adminDb.doc(cartPath(shopper.uid)).set({
      items: raffles.slice(0, 10).map((raffleId) => ({ raffleId, quantity: 1 })),
      updatedAt: new Date(),
    });
    const eleventh = raffles[10]!;
    await adminDb
      .doc(`${savedRafflesPath(shopper.uid)}/${eleventh}`)
      .set({ raffleId: eleventh, createdAt: new Date() });
    const own = await shop.newPage();
    // Everything the cart page ever says while it loads.
    await own.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { untruths: seen });
      new MutationObserver(() => {
        if (window.location.pathname !== '/cart') return;
        const text = document.body?.innerText ?? '';
        for (const untruth of [
          'This raffle is no longer available',
          '£0.00',
          'Free entry - no payment required',
        ]) {
          if (text.includes(untruth) && !seen.includes(untruth)) seen.push(untruth);
        }
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await signIn(own, shopper.email, TEST_PASSWORD);
    await own.goto(`${SHOP_URL}/cart`);
    await own.getByTestId('cart-total').getByText('£15.00', { exact: true }).waitFor();
    expect(await own.getByTestId('cart-line').count()).toBe(10);
    expect(
      await own.evaluate(() => (window as unknown as { untruths: string[] }).untruths),
    ).toEqual([]);

    // The eleventh raffle does not fit: the shopper is told, and nothing says it was added.
    await own.goto(`${SHOP_URL}/account/saved`);
    await own.getByTestId('saved-raffle').getByRole('button', { name: 'Add to Cart' }).click();
    const dialog = own.getByRole('dialog', { name: 'Answer to Enter' });
    await dialog.getByLabel('London').check();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await own.getByText(CART_MESSAGES.full, { exact: true }).waitFor();
    expect(await own.getByRole('dialog', { name: 'Added to Cart' }).count()).toBe(0);
    const stored = (await adminDb.doc(cartPath(shopper.uid)).get()).get('items') as unknown[];
    expect(stored).toHaveLength(10);

    // A raffle switched off in the console: its line says so and nothing can be paid or claimed.
    await adminDb.doc(rafflePath(raffles[0]!)).update({ active: false });
    await own.goto(`${SHOP_URL}/cart`);
    await own.getByText(CART_MESSAGES.removeUnavailable, { exact: true }).waitFor();
    await own.getByText(CART_MESSAGES.unavailable, { exact: true }).waitFor();
    await own.getByTestId('cart-total').getByText('£13.50', { exact: true }).waitFor();
    expect(
      await own.getByRole('link', { name: 'Proceed to Checkout' }).getAttribute('aria-disabled'),
    ).toBe('true');
    await own.goto(`${SHOP_URL}/checkout`);
    await own.getByText(CART_MESSAGES.removeUnavailable, { exact: true }).waitFor();
    expect(await own.getByRole('button', { name: 'Pay by Card' }).isDisabled()).toBe(true);
    expect(await own.getByRole('button', { name: 'Claim Free Entries' }).count()).toBe(0);

    // Raffles that ended or sold out since they were added say so in the checkout's words and
    // count for nothing (before, they were priced in the total and the checkout refused them).
    await adminDb.doc(rafflePath(raffles[1]!)).update({ endDate: new Date(Date.now() - 60_000) });
    await adminDb.doc(rafflePath(raffles[2]!)).update({ soldTickets: 100, maxTickets: 100 });
    await own.goto(`${SHOP_URL}/cart`);
    const closed = own.getByTestId('line-closed');
    await closed.getByText(CHECKOUT_MESSAGES.ended, { exact: true }).waitFor();
    await closed.getByText(CHECKOUT_MESSAGES.soldOut, { exact: true }).waitFor();
    await own.getByTestId('cart-total').getByText('£10.50', { exact: true }).waitFor();
    expect(
      await own.getByRole('link', { name: 'Proceed to Checkout' }).getAttribute('aria-disabled'),
    ).toBe('true');
    await own.close();
  });
});
