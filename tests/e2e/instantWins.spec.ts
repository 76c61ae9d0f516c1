/**
 * Instant wins. A shopper buys the ticket an instant prize is on, pays by debit card, reads the
 * win on the order and takes it as site credit; a raffle card shows the instant odds, the prizes
 * (those won marked) and that debit cards only are taken; an administrator sets a raffle's
 * instant prizes in the console, refused a number out of range and a number twice; the draw
 * page shows the revealed list and checks it against the fingerprint published before sales.
 */
import {
  INSTANT_WIN_MESSAGES,
  instantWinCommitment,
  instantWinId,
  instantWinText,
  rafflePath,
  raffleSecretsCollection,
  userPath,
  type InstantPrize,
} from '@rafflewin/domain';
import { DEMO_USERS } from '../../emulators/config';
import { drawRaffle } from '../../functions/src/services/draws/draw';
import { adminAuth, adminDb } from '../support/admin';
import { demoShopForFile } from '../support/demoShop';
import {
  SHOP_URL,
  answerAndViewCart,
  payFromCart,
  seriousAccessibilityViolations,
  signIn,
} from '../support/browser';
import { TEST_PASSWORD, callOk, newAdmin, newCustomer } from '../support/customers';
import { closedRaffleWithTickets, createRaffle, newestRaffleOff } from '../support/raffles';

jest.setTimeout(180_000);

/** Stripe's test debit card: a basket with an instant-win raffle refuses credit cards. */
const DEBIT_CARD = '4000 0566 5566 5556';

const VOUCHER: InstantPrize = {
  ticketNumber: 7,
  name: '£50 Amazon voucher',
  cashAlternative: 4500,
};
const HEADPHONES: InstantPrize = { ticketNumber: 3, name: 'Headphones', cashAlternative: 12000 };

const shop = demoShopForFile();

const uniqueName = (what: string) => `${what} ${Date.now().toString(36)}`;
const raffleOf = async (raffleId: string) =>
  (await adminDb.doc(rafflePath(raffleId)).get()).data()!;

describe('winning an instant prize', () => {
  it('buys the ticket a prize is on, pays by debit card, takes the prize as site credit, and a refund voids it', async () => {
    const raffleName = uniqueName('Instant voucher');
    const [raffleId, customer, admin] = await Promise.all([
      // One ticket, the prize on it: whoever buys it wins.
      createRaffle({ name: raffleName, category: 'cash', maxTickets: 1, createdAt: new Date() }),
      newCustomer('Instant', 'Winner'),
      newAdmin(),
    ]);
    shop.switchOffAfter(raffleId);
    const prize = { ...VOUCHER, ticketNumber: 1 };
    await callOk('saveInstantPrizes', { raffleId, prizes: [prize] }, admin);

    const page = await shop.newPage();
    await signIn(page, customer.email, TEST_PASSWORD);
    await page.goto(`${SHOP_URL}/competitions/cash`);
    const card = page.getByTestId('raffle-card').filter({ hasText: raffleName });
    await card.getByRole('button', { name: 'Add to Cart' }).click();
    await answerAndViewCart(page, raffleName, 1);
    await payFromCart(page, DEBIT_CARD);

    const orders = await adminDb.collection('orders').where('userId', '==', customer.uid).get();
    expect(orders.size).toBe(1);
    const orderId = orders.docs[0]!.id;
    const creditBefore = ((await adminDb.doc(userPath(customer.uid)).get()).get('accountCredit') ??
      0) as number;

    await page.goto(`${SHOP_URL}/account/orders/${orderId}`);
    const win = page.getByTestId('instant-win');
    await win.getByRole('button', { name: 'Site credit' }).waitFor();
    expect(await win.getByTestId('instant-win-text').textContent()).toBe(
      'Instant win! Ticket 1 won £50 Amazon voucher (or £45.00 cash)',
    );
    expect(await win.getByTestId('instant-win-text').textContent()).toBe(instantWinText(prize));
    for (const label of ['The prize', 'The cash alternative']) {
      await win.getByRole('button', { name: label }).waitFor();
    }
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await win.getByRole('button', { name: 'Site credit' }).click();
    await win.getByText(INSTANT_WIN_MESSAGES.chosen('credit'), { exact: true }).waitFor();
    await win.getByText('You chose: Site credit', { exact: true }).waitFor();
    expect(await win.getByRole('button').count()).toBe(0);
    const stored = await adminDb.doc(`instantWins/${instantWinId(raffleId, 1)}`).get();
    expect(stored.data()).toMatchObject({ userId: customer.uid, orderId, payout: 'credit' });
    expect((await adminDb.doc(userPath(customer.uid)).get()).get('accountCredit')).toBe(
      creditBefore + 4500,
    );

    // The shop's list marks it won (the card shows it so: below).
    expect((await raffleOf(raffleId)).instantPrizes).toEqual([
      { name: VOUCHER.name, cashAlternative: 4500, won: true },
    ]);

    // Refunded, the win is void: the open page says so, and the credit given for it goes back.
    await callOk('refundOrder', { orderId }, admin);
    await win.getByText(INSTANT_WIN_MESSAGES.voided, { exact: true }).waitFor();
    expect(await win.getByText('You chose: Site credit').count()).toBe(0);
    expect((await adminDb.doc(userPath(customer.uid)).get()).get('accountCredit')).toBe(
      creditBefore,
    );
    await page.close();
  });
});

describe('a raffle card with instant prizes', () => {
  it('shows the instant odds, the prizes with those won marked, and debit cards only', async () => {
    const raffleName = uniqueName('Instant odds');
    // The shop's list as the server publishes it (the voucher already won).
    const raffleId = await createRaffle({
      name: raffleName,
      category: 'cash',
      maxTickets: 100,
      soldTickets: 10,
      createdAt: new Date(),
      instantPrizes: [
        { name: HEADPHONES.name, cashAlternative: HEADPHONES.cashAlternative, won: false },
        { name: VOUCHER.name, cashAlternative: VOUCHER.cashAlternative, won: true },
      ],
      instantWinCommitment: 'ab'.repeat(32),
    });
    shop.switchOffAfter(raffleId);
    const page = await shop.newPage();
    await page.goto(`${SHOP_URL}/competitions/cash`);
    const card = page.getByTestId('raffle-card').filter({ hasText: raffleName });
    expect(await card.getByTestId('instant-odds').textContent()).toBe(
      '1 instant prize left among 90 tickets: 1 in 90 a ticket',
    );
    expect(await card.getByTestId('debit-only').textContent()).toBe(
      'Raffles with instant prizes take debit cards only',
    );
    const prizes = card.getByTestId('instant-prize');
    expect(await prizes.first().isVisible()).toBe(false);
    await card.getByText('See the instant prizes').click();
    await prizes.first().waitFor();
    expect(await prizes.allTextContents()).toEqual([
      'Headphones (or £120.00 cash)',
      '£50 Amazon voucher (or £45.00 cash) Won',
    ]);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.close();
  });
});

describe('instant prizes in the console', () => {
  it('sets two prizes on a raffle before sales, refusing a number out of range and a number twice', async () => {
    const { raffleId, name } = await newestRaffleOff({ maxTickets: 100 });
    shop.switchOffAfter(raffleId);
    const page = await shop.newPage();
    await signIn(page, DEMO_USERS.admin.email, DEMO_USERS.admin.password);
    await page.goto(`${SHOP_URL}/admin/raffles`);
    await page.getByRole('button', { name: `Instant prizes for ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Instant Prizes – ${name}` });
    await dialog
      .getByText(
        'Set before any ticket is sold. The numbers stay secret until the draw; their fingerprint is published now.',
        { exact: true },
      )
      .waitFor();
    await dialog.getByText('No instant prizes.', { exact: true }).waitFor();

    const add = dialog.getByRole('button', { name: 'Add prize' });
    await add.click();
    await add.click();
    const row = (n: number) => dialog.getByRole('group', { name: `Prize ${n}`, exact: true });
    const ticket = (n: number) => row(n).getByLabel('Ticket number');
    await row(1).getByRole('textbox', { name: 'Prize' }).fill(VOUCHER.name);
    await ticket(1).fill('101');
    await row(1).getByLabel('Cash alternative (£)').fill('45');
    await row(2).getByRole('textbox', { name: 'Prize' }).fill(HEADPHONES.name);
    await ticket(2).fill(String(HEADPHONES.ticketNumber));
    await row(2).getByLabel('Cash alternative (£)').fill('120.00');
    const save = dialog.getByRole('button', { name: 'Save Instant Prizes' });
    await save.click();
    // The server's refusal: the raffle has 100 tickets.
    await dialog
      .getByRole('alert')
      .getByText(INSTANT_WIN_MESSAGES.outOfRange(100), { exact: true })
      .waitFor();
    expect((await raffleOf(raffleId)).instantPrizes).toEqual([]);

    await ticket(1).fill(String(VOUCHER.ticketNumber));
    await save.click();
    await dialog.getByTestId('instant-prizes-saved').waitFor();
    const raffle = await raffleOf(raffleId);
    expect(raffle.instantPrizes).toEqual([
      { name: HEADPHONES.name, cashAlternative: 12000, won: false },
      { name: VOUCHER.name, cashAlternative: 4500, won: false },
    ]);
    expect(raffle.instantWinCommitment).toMatch(/^[0-9a-f]{64}$/);
    expect(await dialog.getByTestId('instant-prizes-saved').textContent()).toBe(
      `Instant prizes saved. Fingerprint published: ${raffle.instantWinCommitment}`,
    );
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // A number twice is refused in the form, with the server's words.
    await ticket(2).fill(String(VOUCHER.ticketNumber));
    await save.click();
    await dialog.getByText(INSTANT_WIN_MESSAGES.repeated, { exact: true }).waitFor();
    expect(await ticket(2).getAttribute('aria-invalid')).toBe('true');
    expect((await raffleOf(raffleId)).instantWinCommitment).toBe(raffle.instantWinCommitment);

    // Opened again, the dialog shows the saved list by ticket number.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: `Instant prizes for ${name}` }).click();
    expect(await ticket(1).inputValue()).toBe('3');
    expect(await ticket(2).inputValue()).toBe('7');
    expect(await row(2).getByLabel('Cash alternative (£)').inputValue()).toBe('45.00');
    await page.close();
  });

  it('sets no prizes on a raffle that offers number picking, nor picking on one with prizes, and says why', async () => {
    const [picking, withPrizes, admin] = await Promise.all([
      newestRaffleOff({ numberPicking: true, maxTickets: 100 }),
      newestRaffleOff({ maxTickets: 100 }),
      newAdmin(),
    ]);
    shop.switchOffAfter(picking.raffleId);
    shop.switchOffAfter(withPrizes.raffleId);
    await callOk('saveInstantPrizes', { raffleId: withPrizes.raffleId, prizes: [VOUCHER] }, admin);
    const page = await shop.newPage();
    await signIn(page, DEMO_USERS.admin.email, DEMO_USERS.admin.password);
    await page.goto(`${SHOP_URL}/admin/raffles`);

    await page.getByRole('button', { name: `Instant prizes for ${picking.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Instant Prizes – ${picking.name}` });
    await dialog
      .getByText(
        'Instant prizes need numbers issued at random: switch off number picking for this raffle first',
        { exact: true },
      )
      .waitFor();
    expect(await dialog.getByRole('button', { name: 'Add prize' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: `Edit ${withPrizes.name}` }).click();
    const pick = page.getByRole('checkbox', { name: 'Let shoppers pick their numbers' });
    await pick.waitFor();
    expect(await pick.isDisabled()).toBe(true);
    expect(await pick.isChecked()).toBe(false);
    const why = await pick.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${why}"]`).textContent()).toBe(
      'A raffle with instant prizes cannot offer number picking: its numbers are issued at random, so nobody who knows where the prizes are can pick them',
    );
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.close();
  });
});

describe('the draw reveals the instant prizes', () => {
  it('lists them by ticket number and checks them against the fingerprint published before sales', async () => {
    const holder = await newCustomer('Drawn', 'Holder');
    const raffleId = await closedRaffleWithTickets([holder]);
    shop.switchOffAfter(raffleId);
    // Set as before sales (the raffle is written directly, closed, with its ticket).
    const reveal = { salt: 'cd'.repeat(32), prizes: [HEADPHONES, VOUCHER] };
    const commitment = await instantWinCommitment(raffleId, reveal);
    await Promise.all([
      adminDb.doc(rafflePath(raffleId)).update({
        instantWinCommitment: commitment,
        instantPrizes: [
          { name: HEADPHONES.name, cashAlternative: HEADPHONES.cashAlternative, won: false },
          { name: VOUCHER.name, cashAlternative: VOUCHER.cashAlternative, won: false },
        ],
      }),
      adminDb
        .collection(raffleSecretsCollection)
        .doc(raffleId)
        .set({ instantWins: reveal }, { merge: true }),
    ]);
    await drawRaffle(adminDb, adminAuth, raffleId, 'admin');

    const page = await shop.newPage();
    await page.goto(`${SHOP_URL}/draws/${raffleId}`);
    const section = page.getByRole('region', { name: 'Instant prizes' });
    const check = section.getByTestId('instant-check');
    await check.waitFor();
    expect(await section.getByTestId('revealed-prize').allTextContents()).toEqual([
      'Ticket 3: Headphones (or £120.00 cash)',
      'Ticket 7: £50 Amazon voucher (or £45.00 cash)',
    ]);
    expect(await check.textContent()).toBe(
      'The instant prizes match the fingerprint published before sales',
    );
    expect(await section.getByTestId('instant-commitment').textContent()).toBe(commitment);
    expect(await section.getByTestId('instant-salt').textContent()).toBe(reveal.salt);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // A list changed after sales (the voucher moved) no longer matches.
    await adminDb
      .doc(`draws/${raffleId}`)
      .update({ 'instantWinReveal.prizes': [HEADPHONES, { ...VOUCHER, ticketNumber: 8 }] });
    await check
      .getByText(
        'The instant prizes do not match the fingerprint published before sales. Please contact us quoting this page.',
        { exact: true },
      )
      .waitFor();
    await page.close();
  });
});
