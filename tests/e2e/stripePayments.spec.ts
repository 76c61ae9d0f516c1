/**
 * Paying as a shopper meets it: the shop's checkout hands over to Stripe's hosted page (the
 * local double's), which comes back to the shop. Each journey checks what the person reads
 * and what the database holds afterwards: the cart, the reservation, the tickets and the order.
 */
import { CHECKOUT_MESSAGES, CHECKOUT_RELEASED_MESSAGES, holdersPath } from '@rafflewin/domain';
import type { Browser, Page } from 'playwright-core';
import { URLS } from '../../emulators/config';
import { adminDb, eventually } from '../support/admin';
import {
  SHOP_URL,
  enterCardOnStripe,
  launchBrowser,
  newShopPage,
  signIn,
} from '../support/browser';
import { callOk } from '../support/callables';
import { TEST_PASSWORD, newAdmin, newCustomer, type Customer } from '../support/customers';
import { createRaffle, line } from '../support/raffles';
import {
  CARDS,
  holdEvents,
  releaseEvents,
  saveCard,
  settledStatus,
  PAGE_CLOSE_FAILS,
  stripeOutage,
  stripeSessionOf,
} from '../support/stripeDouble';

jest.setTimeout(180_000);

/**
 * A reservation given up is released at once: as `cancelled` by the shop, or as `expired` by
 * the webhook of the Stripe page the shop closed first, whichever lands first.
 */
const RELEASED = ['cancelled', 'expired'];

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

interface Shopper {
  page: Page;
  customer: Customer;
  raffleId: string;
  raffleName: string;
}

/** A signed-in customer with `quantity` tickets of a new £1.50 raffle in their cart. */
async function shopperWithCart(quantity: number): Promise<Shopper> {
  const raffleName = `Stripe journey ${Date.now().toString(36)}`;
  const [raffleId, customer] = await Promise.all([
    createRaffle({ name: raffleName, ticketPrice: 150 }),
    newCustomer('Stripe', 'Shopper'),
  ]);
  await adminDb
    .doc(`carts/${customer.uid}`)
    .set({ items: [{ raffleId, quantity }], updatedAt: new Date() });
  const page = await newShopPage(browser, { width: 1280, height: 900 });
  await signIn(page, customer.email, TEST_PASSWORD);
  return { page, customer, raffleId, raffleName };
}

/** From the checkout page to Stripe's: answers the skill question on the way. */
async function goToStripe({ page }: Shopper): Promise<string> {
  await page.goto(`${SHOP_URL}/checkout`);
  await page.getByRole('button', { name: 'Pay by Card' }).click();
  const question = page.getByRole('dialog', { name: 'Answer to Enter' });
  await question.getByLabel('London').check();
  await question.getByRole('button', { name: 'Submit' }).click();
  await question.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Pay by Card' }).click();
  await page.waitForURL(`${URLS.stripe}/pay/**`);
  return stripeSessionOf(page.url());
}

/** The customer's reservations, newest first. */
async function reservationsOf(customer: Customer) {
  const found = await adminDb
    .collection('checkoutSessions')
    .where('userId', '==', customer.uid)
    .get();
  return found.docs
    .map((doc) => ({ id: doc.id, ...doc.data() }) as Record<string, unknown> & { id: string })
    .sort((a, b) => String(b.stripeSessionId).localeCompare(String(a.stripeSessionId)));
}

async function reservationFor(customer: Customer, stripeSessionId: string): Promise<string> {
  const found = await adminDb
    .collection('checkoutSessions')
    .where('userId', '==', customer.uid)
    .where('stripeSessionId', '==', stripeSessionId)
    .get();
  return found.docs[0]!.id;
}

async function cartOf(customer: Customer) {
  return (await adminDb.doc(`carts/${customer.uid}`).get()).get('items') as unknown[];
}

async function ordersOf(customer: Customer) {
  return (await adminDb.collection('orders').where('userId', '==', customer.uid).get()).docs;
}

/** The confirmation page with the order, as the person reads it. */
async function expectConfirmed(page: Page, quantity: number) {
  await page.getByRole('heading', { name: 'Thank you! Your order is confirmed' }).waitFor();
  const numbers = await page.getByTestId('ticket-numbers').textContent();
  expect(numbers!.split(', ')).toHaveLength(quantity);
  expect(await page.getByTestId('order-total').textContent()).toBe(
    `£${(1.5 * quantity).toFixed(2)}`,
  );
}

describe('paying on Stripe', () => {
  it('pays by debit card: confirmation, order and an empty cart', async () => {
    const shopper = await shopperWithCart(2);
    const { page, customer } = shopper;
    await goToStripe(shopper);
    expect(await page.getByTestId('total-due').textContent()).toBe('£3.00');
    await enterCardOnStripe(page, '4000 0566 5566 5556');
    await page.waitForURL(`${SHOP_URL}/checkout/complete/**`);
    await expectConfirmed(page, 2);
    const [order] = await ordersOf(customer);
    expect(order!.data()).toMatchObject({ totalAmount: 300, cardFunding: 'debit' });
    expect(await cartOf(customer)).toEqual([]);
    await page.close();
  });

  it('keeps the shopper on the page after a declined card, then takes another', async () => {
    const shopper = await shopperWithCart(1);
    const { page, customer } = shopper;
    const stripeSessionId = await goToStripe(shopper);
    await enterCardOnStripe(page, '4000 0000 0000 0002');
    await page.getByRole('alert').getByText('Your card was declined.').waitFor();
    const reservation = await reservationFor(customer, stripeSessionId);
    expect(await settledStatus(reservation, 0)).toBe('pending');
    expect(await ordersOf(customer)).toHaveLength(0);
    // What was typed stays; the card number is corrected.
    expect(await page.getByLabel('Name on card').inputValue()).toBe('Test Buyer');
    await enterCardOnStripe(page, '4242 4242 4242 4242');
    await expectConfirmed(page, 1);
    await page.close();
  });

  it('releases the tickets at once when the shopper goes back from the payment page', async () => {
    const shopper = await shopperWithCart(3);
    const { page, customer, raffleId } = shopper;
    const stripeSessionId = await goToStripe(shopper);
    const reservation = await reservationFor(customer, stripeSessionId);
    await page.getByRole('link', { name: '← Back' }).click();
    await page.waitForURL(`${SHOP_URL}/cart`);
    await page.getByText(CHECKOUT_MESSAGES.paymentCancelled).waitFor();
    expect(await page.getByTestId('cart-line').count()).toBe(1);
    expect(RELEASED).toContain(await settledStatus(reservation, 0));
    const holder = await adminDb.doc(`${holdersPath(raffleId)}/${customer.uid}`).get();
    expect(holder.get('holds')).toEqual({});
    expect(await cartOf(customer)).toEqual([{ raffleId, quantity: 3 }]);
    await page.close();
  });

  it('says why when the shop closed the checkout while its payment page was open', async () => {
    const shopper = await shopperWithCart(2);
    const { page, customer, raffleId } = shopper;
    const stripeSessionId = await goToStripe(shopper);
    const reservation = await reservationFor(customer, stripeSessionId);
    // The raffle is taken off sale meanwhile: its open checkouts close with their pages.
    await callOk('setRaffleActive', { raffleId, active: false }, await newAdmin());
    expect(RELEASED).toContain(await settledStatus(reservation, 0));
    await page.getByRole('link', { name: '← Back' }).click();
    await page.waitForURL(`${SHOP_URL}/cart`);
    await page.getByText(CHECKOUT_RELEASED_MESSAGES.raffleOff, { exact: true }).waitFor();
    expect(await page.getByText(CHECKOUT_MESSAGES.paymentCancelled).count()).toBe(0);
    // The checkout's own page says the same.
    await page.goto(`${SHOP_URL}/checkout/complete/${reservation}`);
    await page.getByText(CHECKOUT_RELEASED_MESSAGES.raffleOff, { exact: true }).waitFor();
    expect(await page.title()).toContain('Checkout not completed');
    await page.close();
  });

  it('says the tickets are still held when Stripe cannot confirm the page closed, and releases them on the next checkout', async () => {
    const shopper = await shopperWithCart(2);
    const { page, customer } = shopper;
    const first = await goToStripe(shopper);
    const reservation = await reservationFor(customer, first);
    await stripeOutage(first, PAGE_CLOSE_FAILS);
    await page.getByRole('link', { name: '← Back' }).click();
    await page.waitForURL(`${SHOP_URL}/cart`);
    await page.getByText(CHECKOUT_MESSAGES.pageNotClosed, { exact: true }).waitFor();
    expect(await settledStatus(reservation, 0)).toBe('pending');
    expect(await cartOf(customer)).toHaveLength(1);
    // Stripe answers again: checking out closes the first page and opens a new one.
    await page.goto(`${SHOP_URL}/checkout`);
    await page.getByRole('button', { name: 'Pay by Card' }).click();
    await page.waitForURL(`${URLS.stripe}/pay/**`);
    expect(stripeSessionOf(page.url())).not.toBe(first);
    expect(RELEASED).toContain(await settledStatus(reservation, 0));
    await page.close();
  });

  it('counts the credit the first checkout holds when the shopper comes back from Stripe’s page', async () => {
    const shopper = await shopperWithCart(2);
    const { page, customer } = shopper;
    await adminDb.doc(`users/${customer.uid}`).update({ accountCredit: 200 });
    const credited = page
      .getByTestId('credit-applied')
      .getByText('Account credit: −£2.00 · To pay by card: £1.00', { exact: true });
    const first = await goToStripe(shopper);
    // The first checkout holds the £2.00 (the account shows none); the next one releases it
    // first and takes it again. Before, the page said £3.00 by card.
    await page.goBack();
    await page.waitForURL(`${SHOP_URL}/checkout`);
    await credited.waitFor();
    await page.getByRole('button', { name: 'Pay by Card' }).click();
    await page.waitForURL(`${URLS.stripe}/pay/**`);
    const second = stripeSessionOf(page.url());
    expect(second).not.toBe(first);
    const made = (await reservationsOf(customer)).find((r) => r.stripeSessionId === second);
    expect(made).toMatchObject({ creditApplied: 200, amount: 100 });
    await page.close();
  });

  it("replaces the first hold when the shopper uses the browser's back button and pays again", async () => {
    const shopper = await shopperWithCart(2);
    const { page, customer, raffleId } = shopper;
    const first = await goToStripe(shopper);
    await page.goBack();
    await page.waitForURL(`${SHOP_URL}/checkout`);
    await page.getByRole('button', { name: 'Pay by Card' }).click();
    await page.waitForURL(`${URLS.stripe}/pay/**`);
    const second = stripeSessionOf(page.url());
    expect(second).not.toBe(first);
    expect(RELEASED).toContain(await settledStatus(await reservationFor(customer, first), 0));
    await enterCardOnStripe(page, '4242 4242 4242 4242');
    await expectConfirmed(page, 2);
    const holder = await adminDb.doc(`${holdersPath(raffleId)}/${customer.uid}`).get();
    expect(holder.data()).toMatchObject({ owned: 2, holds: {} });
    // The first page can no longer be paid.
    await page.goto(`${URLS.stripe}/pay/${first}`);
    await page.getByRole('heading', { name: 'This checkout session has expired' }).waitFor();
    expect(await ordersOf(customer)).toHaveLength(1);
    await page.close();
  });

  it('says "Confirming your payment…" when Stripe redirects before its webhook, then shows the order once though the events come late, twice and out of order', async () => {
    const shopper = await shopperWithCart(2);
    const { page, customer } = shopper;
    const stripeSessionId = await goToStripe(shopper);
    await holdEvents(stripeSessionId);
    await enterCardOnStripe(page, '4242 4242 4242 4242');
    // Stripe redirected before its webhook: the page waits, and says so.
    await page.waitForURL(`${SHOP_URL}/checkout/complete/**`);
    await page.getByRole('heading', { name: CHECKOUT_MESSAGES.confirming }).waitFor();
    await page.getByText(CHECKOUT_MESSAGES.confirmingDetail).waitFor();
    expect(await ordersOf(customer)).toHaveLength(0);
    // The events arrive late, out of order and twice.
    const { released } = await releaseEvents(stripeSessionId, { order: 'reverse', times: 2 });
    expect(released).toContain('checkout.session.completed');
    await expectConfirmed(page, 2);
    await eventually(async () => ((await ordersOf(customer)).length === 1 ? true : null), {
      what: 'one order',
    });
    const tickets = await adminDb.collection('tickets').where('userId', '==', customer.uid).get();
    expect(tickets.size).toBe(2);
    expect(await cartOf(customer)).toEqual([]);
    await page.close();
  });

  it('offers a saved card on the payment page and pays with it', async () => {
    const shopper = await shopperWithCart(1);
    const { page, customer } = shopper;
    await saveCard(customer, CARDS.debit);
    await goToStripe(shopper);
    await page.getByLabel('Saved visa debit card ending 5556').waitFor();
    await page.getByRole('button', { name: 'Pay with saved card' }).click();
    await expectConfirmed(page, 1);
    const [order] = await ordersOf(customer);
    expect(order!.get('cardFunding')).toBe('debit');
    expect((await reservationsOf(customer)).map((r) => r.status)).toEqual(['fulfilled']);
    await page.close();
  });
});

describe('the confirmation page of a payment that was refunded', () => {
  it('says why: paid after the reservation had been released', async () => {
    const shopper = await shopperWithCart(1);
    const { page, customer } = shopper;
    const stripeSessionId = await goToStripe(shopper);
    const reservationId = await reservationFor(customer, stripeSessionId);
    // The expiry job released it while the page, not closed yet, still took the payment.
    await adminDb.doc(`checkoutSessions/${reservationId}`).update({ status: 'expired' });
    await enterCardOnStripe(page, '4000 0566 5566 5556');
    await page.waitForURL(`${SHOP_URL}/checkout/complete/${reservationId}`);
    await page.getByText(CHECKOUT_MESSAGES.latePaymentRefunded, { exact: true }).waitFor();
    expect(await page.getByText(CHECKOUT_MESSAGES.notCompleted).count()).toBe(0);
    const reservation = (await adminDb.doc(`checkoutSessions/${reservationId}`).get()).data()!;
    expect(reservation.refundNotice).toMatchObject({ key: 'late-payment' });
    expect(await ordersOf(customer)).toHaveLength(0);
    await page.close();
  });
});

describe('the confirmation page when the order cannot be shown', () => {
  it('sends the customer to My Orders rather than confirming for ever', async () => {
    const [raffleId, customer] = await Promise.all([
      createRaffle({ category: 'free', ticketPrice: 0, maxTicketsPerUser: 1 }),
      newCustomer('Gone', 'Order'),
    ]);
    const started = await callOk('startCheckout', { items: [line(raffleId, 1)] }, customer);
    const claimed = await callOk('claimFreeEntries', { sessionId: started.sessionId }, customer);
    // An administrator removed the free order (Orders → Delete); the reservation stays fulfilled.
    await adminDb.doc(`orders/${claimed.orderId}`).delete();
    const page = await newShopPage(browser, { width: 1280, height: 900 });
    await signIn(page, customer.email, TEST_PASSWORD);
    await page.goto(`${SHOP_URL}/checkout/complete/${started.sessionId}`);
    await page.getByText(CHECKOUT_MESSAGES.orderNotShown).waitFor();
    expect(await page.getByText(CHECKOUT_MESSAGES.confirming).count()).toBe(0);
    await page.getByRole('main').getByRole('link', { name: 'My Orders' }).click();
    await page.waitForURL(`${SHOP_URL}/account/orders`);
    await page.close();
  });
});
