/**
 * Offers. Bundles ("5 for £6.00"): a shopper chooses one on the raffle's card, sees the bundle
 * price in the cart, pays it on Stripe's page and finds it on the order; an administrator sets
 * one up in the raffle form, which refuses a bundle that saves nothing. Promo codes: a shopper
 * applies one at checkout and pays the discounted total.
 */
import {
  BUNDLE_MESSAGES,
  MAX_BUNDLES,
  PROMO_MESSAGES,
  cartPath,
  promoCodePath,
  rafflePath,
} from '@rafflewin/domain';
import { DEMO_USERS, URLS } from '../../emulators/config';
import { adminDb } from '../support/admin';
import {
  SHOP_URL,
  answerAndViewCart,
  enterCardOnStripe,
  payFromCart,
  seriousAccessibilityViolations,
  signIn,
} from '../support/browser';
import { TEST_PASSWORD, newCustomer } from '../support/customers';
import { demoShopForFile } from '../support/demoShop';
import { createRaffle, newestRaffleOff } from '../support/raffles';

jest.setTimeout(180_000);

const shop = demoShopForFile();

describe('buying a bundle', () => {
  it('chooses 5 for £6.00 on the card, pays £6.00 and finds it on the order', async () => {
    const raffleName = `Bundle journey ${Date.now().toString(36)}`;
    const [raffleId, customer] = await Promise.all([
      createRaffle({
        name: raffleName,
        category: 'cash',
        ticketPrice: 150,
        bundles: [{ tickets: 5, price: 600 }],
        // The newest, so it heads the cash page.
        createdAt: new Date(),
      }),
      newCustomer('Bundle', 'Buyer'),
    ]);
    // It heads the listings while the file runs.
    shop.switchOffAfter(raffleId);
    const page = await shop.newPage({ width: 1280, height: 900 });
    await signIn(page, customer.email, TEST_PASSWORD);

    await page.goto(`${SHOP_URL}/competitions/cash`);
    const card = page.getByTestId('raffle-card').filter({ hasText: raffleName });
    const bundle = card.getByRole('button', { name: '5 for £6.00 (save £1.50)' });
    await bundle.click();
    expect(await card.getByTestId('quantity').textContent()).toBe('5');
    expect(await bundle.getAttribute('aria-pressed')).toBe('true');
    await card.getByTestId('line-price').getByText('Total: £6.00 (save £1.50)').waitFor();
    // A sixth ticket is a single one on top of the bundle.
    await card.getByRole('button', { name: 'More tickets' }).click();
    await card.getByTestId('line-price').getByText('Total: £7.50 (save £1.50)').waitFor();
    await bundle.click();
    expect(await card.getByTestId('quantity').textContent()).toBe('5');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await card.getByRole('button', { name: 'Add to Cart' }).click();
    await answerAndViewCart(page, raffleName, 5);
    const line = page.getByTestId('cart-line').filter({ hasText: raffleName });
    await line.getByText('£6.00', { exact: true }).waitFor();
    await line.getByText('Bundle: 1 × 5 for £6.00', { exact: true }).waitFor();
    await page.getByTestId('cart-total').getByText('£6.00', { exact: true }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await payFromCart(page, '4242 4242 4242 4242', async () => {
      expect(await page.getByTestId('total-due').textContent()).toBe('£6.00');
    });
    const confirmed = page.getByTestId('order-item');
    await confirmed.getByText('£6.00 (bundle)', { exact: true }).waitFor();
    expect((await confirmed.getByTestId('ticket-numbers').textContent())!.split(', ')).toHaveLength(
      5,
    );
    expect(await page.getByTestId('order-total').textContent()).toBe('£6.00');

    const orders = await adminDb.collection('orders').where('userId', '==', customer.uid).get();
    expect(orders.size).toBe(1);
    const order = orders.docs[0]!;
    expect(order.data()).toMatchObject({
      totalAmount: 600,
      items: [{ raffleId, quantity: 5, unitPrice: 150, totalPrice: 600 }],
    });

    await page.goto(`${SHOP_URL}/account/orders/${order.id}`);
    const item = page.getByTestId('order-item');
    await item.getByText('£6.00 (bundle)', { exact: true }).waitFor();
    await item.getByText('£1.50', { exact: true }).waitFor();
    expect(await page.getByTestId('order-total').textContent()).toBe('£6.00');
    await page.close();
  });
});

describe('a promo code at checkout', () => {
  it('applies 10% off, refusing an unknown code, and charges the discounted total', async () => {
    const code = `E2E-${Date.now().toString(36).toUpperCase()}`;
    const [raffleId, customer] = await Promise.all([
      createRaffle({ ticketPrice: 150 }),
      newCustomer('Promo', 'Shopper'),
    ]);
    await Promise.all([
      adminDb.doc(promoCodePath(code)).set({
        kind: 'percent',
        value: 10,
        startsAt: null,
        endsAt: null,
        maxUses: 10,
        maxUsesPerCustomer: 1,
        minSpend: 0,
        raffleIds: [],
        active: true,
        uses: 0,
        createdAt: new Date(),
        updatedAt: new Date(),
      }),
      adminDb
        .doc(cartPath(customer.uid))
        .set({ items: [{ raffleId, quantity: 4 }], updatedAt: new Date() }),
    ]);
    const page = await shop.newPage();
    await signIn(page, customer.email, TEST_PASSWORD);
    await page.goto(`${SHOP_URL}/checkout`);

    const field = page.getByLabel('Promo code');
    await field.fill('NOT-A-CODE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText(PROMO_MESSAGES.notValid, { exact: true }).waitFor();
    await field.fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText(`${PROMO_MESSAGES.applied(code)} (10% off: −£0.60)`).waitFor();
    expect(await page.getByTestId('total-with-promo').textContent()).toBe('Total to pay: £5.40');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // The skill question first, then Stripe's page with the code taken off.
    await page.getByRole('button', { name: 'Pay by Card' }).click();
    const question = page.getByRole('dialog', { name: 'Answer to Enter' });
    await question.getByLabel('London').check();
    await question.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('button', { name: 'Pay by Card' }).click();
    await page.waitForURL(`${URLS.stripe}/pay/**`);
    expect(await page.getByTestId('total-due').textContent()).toBe('£5.40');
    await page.getByText(`Code ${code}`).waitFor();
    await enterCardOnStripe(page, '4242 4242 4242 4242');
    await page.waitForURL(`${SHOP_URL}/checkout/complete/**`);
    await page
      .getByTestId('order-promo')
      .getByText(`Promo code ${code}: £0.60 saved (included above)`)
      .waitFor();
    expect(await page.getByTestId('order-total').textContent()).toBe('£5.40');
    expect((await adminDb.doc(promoCodePath(code)).get()).get('uses')).toBe(1);
    await page.close();
  });
});

describe('bundles in the console', () => {
  it('adds a bundle to a raffle, refusing one that saves nothing', async () => {
    const { raffleId, name } = await newestRaffleOff({ ticketPrice: 150 });
    const page = await shop.newPage();
    await signIn(page, DEMO_USERS.admin.email, DEMO_USERS.admin.password);
    await page.goto(`${SHOP_URL}/admin/raffles`);
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const form = page.getByRole('dialog', { name: 'Edit Raffle' });

    const add = form.getByRole('button', { name: 'Add bundle' });
    for (let i = 0; i < MAX_BUNDLES; i += 1) await add.click();
    expect(await add.isDisabled()).toBe(true);
    for (let number = MAX_BUNDLES; number > 1; number -= 1) {
      await form.getByRole('button', { name: `Remove bundle ${number}` }).click();
    }
    expect(await add.isDisabled()).toBe(false);
    await form.getByLabel('Bundle 1 tickets').fill('5');
    // 5 tickets at £1.50 cost £7.50 one by one.
    const price = form.getByLabel('Bundle 1 price (£)');
    await price.fill('7.50');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await form.getByText(BUNDLE_MESSAGES.notCheaper, { exact: true }).waitFor();
    expect(await price.getAttribute('aria-invalid')).toBe('true');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect((await adminDb.doc(rafflePath(raffleId)).get()).get('bundles')).toEqual([]);

    await price.fill('6.00');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Raffle updated successfully').waitFor();
    expect((await adminDb.doc(rafflePath(raffleId)).get()).get('bundles')).toEqual([
      { tickets: 5, price: 600 },
    ]);

    // Opened again, the form shows the bundle as saved.
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    expect(await form.getByLabel('Bundle 1 tickets').inputValue()).toBe('5');
    expect(await form.getByLabel('Bundle 1 price (£)').inputValue()).toBe('6.00');
    await page.close();
  });
});
