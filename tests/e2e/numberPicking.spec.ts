/**
 * Pick your numbers and lucky dip. A shopper picks numbers on a raffle's board (finding one on
 * another page), pays and gets exactly those tickets; a guest takes a lucky dip, re-rolls it and
 * reaches the per-user limit; a number taken by someone else before checkout is let go with
 * the server's words while the rest stand; an administrator offers picking in the raffle form.
 */
import {
  PICK_MESSAGES,
  STORAGE_KEYS,
  pickedNumbersText,
  rafflePath,
  type RaffleData,
} from '@rafflewin/domain';
import type { Locator, Page } from 'playwright-core';
import { DEMO_USERS } from '../../emulators/config';
import { adminDb, eventually } from '../support/admin';
import {
  SHOP_URL,
  answerAndViewCart,
  enterCardOnStripe,
  payFromCart,
  seriousAccessibilityViolations,
  signIn,
  viewCart,
} from '../support/browser';
import { TEST_PASSWORD, callOk, newCustomer } from '../support/customers';
import { demoShopForFile } from '../support/demoShop';
import { createRaffle, line, newestRaffleOff, ticketNumbersOf } from '../support/raffles';
import { payByCard } from '../support/stripeDouble';

jest.setTimeout(180_000);

const shop = demoShopForFile();

/** A live raffle of 1,000 numbers with picking, the newest, so it heads the cash page. */
async function pickingRaffle(name: string, overrides: Partial<RaffleData> = {}): Promise<string> {
  const id = await createRaffle({
    name,
    category: 'cash',
    ticketPrice: 150,
    maxTickets: 1000,
    numberPicking: true,
    createdAt: new Date(),
    ...overrides,
  });
  shop.switchOffAfter(id);
  return id;
}

const uniqueName = (what: string) => `${what} ${Date.now().toString(36)}`;

/** Opens the raffle's board from its card on the cash page. */
async function openBoard(page: Page, raffleName: string): Promise<Locator> {
  await page.goto(`${SHOP_URL}/competitions/cash`);
  const card = page.getByTestId('raffle-card').filter({ hasText: raffleName });
  await card.getByRole('button', { name: 'Pick Your Numbers' }).click();
  const dialog = page.getByRole('dialog', { name: `Pick your numbers – ${raffleName}` });
  await dialog.getByRole('group', { name: 'Numbers' }).waitFor();
  return dialog;
}

/** The board's button for number `n` (its name is the number alone). */
const numberButton = (dialog: Locator, n: number) =>
  dialog
    .getByRole('group', { name: 'Numbers' })
    .getByRole('button', { name: String(n), exact: true });

async function pick(dialog: Locator, n: number): Promise<void> {
  const button = numberButton(dialog, n);
  await button.click();
  expect(await button.getAttribute('aria-pressed')).toBe('true');
}

/** The numbers in a "Your numbers: 7, 12 and 40" text. */
const numbersIn = (text: string) =>
  text
    .replace(/^Your numbers?: /, '')
    .split(/, | and /)
    .map(Number);

describe('picking numbers on the board', () => {
  it('picks three numbers and one found on page 2, and pays for exactly those', async () => {
    const raffleName = uniqueName('Picked numbers');
    const [raffleId, customer] = await Promise.all([
      pickingRaffle(raffleName),
      newCustomer('Number', 'Picker'),
    ]);
    const page = await shop.newPage();
    await signIn(page, customer.email, TEST_PASSWORD);

    const dialog = await openBoard(page, raffleName);
    const range = dialog.getByTestId('board-range');
    expect(await range.textContent()).toBe('Numbers 1–100 of 1,000');
    expect(await dialog.getByTestId('chosen-numbers').textContent()).toBe('No numbers chosen yet');
    for (const n of [7, 12, 40]) await pick(dialog, n);
    expect(await numberButton(dialog, 8).getAttribute('aria-pressed')).toBe('false');

    const search = dialog.getByLabel('Find a number');
    await search.fill('1001');
    await dialog.getByRole('button', { name: 'Find' }).click();
    await dialog.getByText(PICK_MESSAGES.searchInvalid(1000), { exact: true }).waitFor();
    await search.fill('150');
    await search.press('Enter');
    await range.getByText('Numbers 101–200 of 1,000', { exact: true }).waitFor();
    await page.waitForFunction(() => document.activeElement?.textContent === '150');
    await pick(dialog, 150);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    // Back on page 1 the numbers picked there are still chosen.
    await dialog.getByRole('button', { name: 'Previous' }).click();
    await range.getByText('Numbers 1–100 of 1,000', { exact: true }).waitFor();
    expect(await numberButton(dialog, 7).getAttribute('aria-pressed')).toBe('true');
    expect(await dialog.getByTestId('chosen-numbers').textContent()).toBe(
      'Your numbers: 7, 12, 40 and 150',
    );

    await dialog.getByRole('button', { name: 'Add 4 to Cart' }).click();
    await answerAndViewCart(page, raffleName, 4);
    const cartLine = page.getByTestId('cart-line').filter({ hasText: raffleName });
    await cartLine.getByText('Your numbers: 7, 12, 40 and 150', { exact: true }).waitFor();
    await cartLine.getByText('£6.00', { exact: true }).waitFor();

    await payFromCart(page, '4242 4242 4242 4242');
    const shown = await page.getByTestId('order-item').getByTestId('ticket-numbers').textContent();
    expect(
      shown!
        .split(', ')
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([7, 12, 40, 150]);

    const orders = await adminDb.collection('orders').where('userId', '==', customer.uid).get();
    expect(orders.size).toBe(1);
    const [item] = orders.docs[0]!.get('items') as Array<{ ticketNumbers: number[] }>;
    expect([...item!.ticketNumbers].sort((a, b) => a - b)).toEqual([7, 12, 40, 150]);
    expect(await ticketNumbersOf(raffleId)).toEqual([7, 12, 40, 150]);
    // Bought: the picks kept on the device for checkout are forgotten.
    expect(
      await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.picks),
    ).not.toContain(raffleId);
    await page.close();
  });
});

describe('a lucky dip', () => {
  it('dips 3, re-rolls them, picks a fourth up to the limit and adds them as a guest', async () => {
    const raffleName = uniqueName('Lucky dip');
    const raffleId = await pickingRaffle(raffleName, { maxTicketsPerUser: 5 });
    const page = await shop.newPage();
    const dips: unknown[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/luckyDip')) {
        dips.push(request.postDataJSON());
      }
    });

    // One ticket in the cart already (its number lucky-dipped at checkout): four more allowed.
    await page.goto(`${SHOP_URL}/competitions/cash`);
    const card = page.getByTestId('raffle-card').filter({ hasText: raffleName });
    await card.getByRole('button', { name: 'Add to Cart' }).click();
    const added = page.getByRole('dialog', { name: 'Added to Cart' });
    await added.getByRole('button', { name: 'Continue Shopping' }).click();
    await added.waitFor({ state: 'detached' });

    const dialog = await openBoard(page, raffleName);
    await dialog.getByText('Choose up to 4 numbers', { exact: false }).waitFor();
    const more = dialog.getByRole('button', { name: 'More tickets' });
    await more.click();
    await more.click();
    expect(await dialog.getByTestId('quantity').textContent()).toBe('3');
    const chosen = dialog.getByTestId('chosen-numbers');
    await dialog.getByRole('button', { name: 'Lucky dip' }).click();
    await chosen.getByText(/^Your numbers: \d+, \d+ and \d+$/).waitFor();
    const first = (await chosen.textContent())!;

    await dialog.getByRole('button', { name: 'Re-roll' }).click();
    await page.waitForFunction(
      (before) => document.querySelector('[data-testid="chosen-numbers"]')?.textContent !== before,
      first,
    );
    const rerolled = (await chosen.textContent())!;
    expect(rerolled).toMatch(/^Your numbers: \d+, \d+ and \d+$/);
    const dipped = numbersIn(rerolled);
    expect(new Set(dipped).size).toBe(3);
    expect(dipped.every((n) => Number.isInteger(n) && n >= 1 && n <= 1000)).toBe(true);
    // The same quantity each time, keeping nothing picked by hand.
    const dip = { data: { raffleId, quantity: 3, keep: [] } };
    expect(dips).toEqual([dip, dip]);

    // A fourth by hand reaches the limit: no more can be chosen or dipped.
    const byHand = [1, 2, 3, 4, 5].find((n) => !dipped.includes(n))!;
    await pick(dialog, byHand);
    await dialog
      .getByText('You have chosen the most numbers you can for this raffle (4).', { exact: true })
      .waitFor();
    expect(await dialog.getByRole('button', { name: 'Lucky dip' }).isDisabled()).toBe(true);
    const another = [6, 7, 8, 9, 10].find((n) => !dipped.includes(n))!;
    await numberButton(dialog, another).click();
    expect(await numberButton(dialog, another).getAttribute('aria-pressed')).toBe('false');
    const all = [...dipped, byHand];
    expect(await chosen.textContent()).toBe(pickedNumbersText(all));

    // Guests add without the question (it is asked at checkout).
    await dialog.getByRole('button', { name: 'Add 4 to Cart' }).click();
    await viewCart(page, raffleName, 4);
    const cartLine = page.getByTestId('cart-line').filter({ hasText: raffleName });
    expect(await cartLine.getByTestId('line-quantity').textContent()).toBe('5');
    expect(await cartLine.getByTestId('line-numbers').textContent()).toBe(
      `${pickedNumbersText(all)} + 1 by lucky dip`,
    );
    await page.close();
  });
});

describe('a number taken before checkout', () => {
  it('shows it held live, then taken at checkout: lets it go and keeps the other', async () => {
    const raffleName = uniqueName('Taken number');
    const [raffleId, customer, other] = await Promise.all([
      pickingRaffle(raffleName),
      newCustomer('First', 'Picker'),
      newCustomer('Quicker', 'Buyer'),
    ]);
    const page = await shop.newPage();
    await signIn(page, customer.email, TEST_PASSWORD);
    const dialog = await openBoard(page, raffleName);
    await pick(dialog, 5);
    await pick(dialog, 6);

    // Meanwhile another customer reserves number 5: the open board shows it held at once.
    const started = await callOk(
      'startCheckout',
      { items: [{ ...line(raffleId, 1), numbers: [5] }] },
      other,
    );
    await dialog
      .locator('[title="chosen, but now held"]')
      .getByText('5', { exact: true })
      .waitFor();
    expect(await numberButton(dialog, 6).getAttribute('title')).toBe('chosen');

    await dialog.getByRole('button', { name: 'Add 2 to Cart' }).click();
    await answerAndViewCart(page, raffleName, 2);
    const cartLine = page.getByTestId('cart-line').filter({ hasText: raffleName });
    await cartLine.getByText('Your numbers: 5 and 6', { exact: true }).waitFor();
    // And pays for it.
    expect((await payByCard(started)).ticketNumbers[raffleId]).toEqual([5]);

    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await page.getByRole('button', { name: 'Pay by Card' }).click();
    await page
      .getByRole('alert')
      .getByText(PICK_MESSAGES.taken([5]), { exact: true })
      .waitFor();
    const checkoutLine = page.getByTestId('cart-line').filter({ hasText: raffleName });
    await checkoutLine.getByText('Your number: 6', { exact: true }).waitFor();
    expect(await checkoutLine.getByTestId('line-quantity').textContent()).toBe('× 1');

    // The rest stands: number 6 is sold to the first customer.
    await page.getByRole('button', { name: 'Pay by Card' }).click();
    await enterCardOnStripe(page, '4242 4242 4242 4242');
    await page.waitForURL(`${SHOP_URL}/checkout/complete/**`);
    expect(await page.getByTestId('order-item').getByTestId('ticket-numbers').textContent()).toBe(
      '6',
    );

    // The board shows both as taken now, read live from the pool.
    const board = await openBoard(page, raffleName);
    for (const n of [5, 6]) {
      const button = numberButton(board, n);
      expect(await button.isDisabled()).toBe(true);
      expect(await button.getAttribute('title')).toBe('taken');
    }
    expect(await numberButton(board, 7).isDisabled()).toBe(false);
    await page.close();
  });
});

describe('number picking in the console', () => {
  it("offers picking on a raffle with the form's switch", async () => {
    const { raffleId, name } = await newestRaffleOff({ ticketPrice: 150, maxTickets: 1000 });
    shop.switchOffAfter(raffleId);
    const page = await shop.newPage();
    await signIn(page, DEMO_USERS.admin.email, DEMO_USERS.admin.password);
    await page.goto(`${SHOP_URL}/admin/raffles`);
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const form = page.getByRole('dialog', { name: 'Edit Raffle' });
    const picking = form.getByLabel('Let shoppers pick their numbers');
    expect(await picking.isChecked()).toBe(false);
    await picking.check();
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Raffle updated successfully').waitFor();
    expect((await adminDb.doc(rafflePath(raffleId)).get()).get('numberPicking')).toBe(true);

    // Opened again, the form shows it on (the table is live: on a busy machine its row takes
    // the saved values a moment after the message).
    await eventually(
      async () => {
        await page.getByRole('button', { name: `Edit ${name}` }).click();
        const on = await form.getByLabel('Let shoppers pick their numbers').isChecked();
        if (!on) await form.getByRole('button', { name: 'Cancel' }).click();
        return on ? true : null;
      },
      { what: 'the edit form showing picking on', intervalMs: 250 },
    );
    await page.close();
  });
});
