import { WINNER_MESSAGES, winnersCollection } from '@rafflewin/domain';
import type { Page } from 'playwright-core';
import { DEMO_USERS } from '../../emulators/config';
import { drawRaffle } from '../../functions/src/services/draws/draw';
import { adminAuth, adminDb } from '../support/admin';
import { SHOP_URL, signIn } from '../support/browser';
import { newCustomer } from '../support/customers';
import { demoShopForFile } from '../support/demoShop';
import { closedRaffleWithTickets } from '../support/raffles';

jest.setTimeout(120_000);

const shop = demoShopForFile();

describe('winners and donations on their public pages', () => {
  it('offers no admin controls to customers', async () => {
    const page = await shop.newPage();
    await signIn(page, DEMO_USERS.customer.email, DEMO_USERS.customer.password);
    await page.goto(`${SHOP_URL}/winners`);
    await page.getByTestId('winner-card').first().waitFor();
    expect(await page.getByRole('button', { name: 'Add Winner' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Delete / }).count()).toBe(0);
    await page.close();
  });

  it('shows the placeholder where a winner’s picture fails to load', async () => {
    const announced = new Date();
    await adminDb.collection(winnersCollection).doc('broken-picture').set({
      raffleId: null,
      winnerName: 'Pat B.',
      ticketNumber: null,
      imageUrl: '/images/winners/no-such-picture.jpg',
      prizeName: 'A lost photograph',
      prizeImageUrl: null,
      prizeValue: null,
      announcementDate: announced,
      updatedAt: announced,
      updatedBy: null,
    });
    const page = await shop.newPage();
    await page.goto(`${SHOP_URL}/winners`);
    const picture = page
      .getByTestId('winner-card')
      .filter({ hasText: 'Pat B.' })
      .getByRole('img', { name: 'Pat B., winner of A lost photograph' });
    await picture.and(page.locator('[src="/images/placeholder.svg"]')).waitFor();
    await adminDb.collection(winnersCollection).doc('broken-picture').delete();
    await page.close();
  });

  it('lets an administrator add, edit and delete a winner', async () => {
    const page: Page = await shop.newPage();
    await signIn(page, DEMO_USERS.admin.email, DEMO_USERS.admin.password);
    await page.goto(`${SHOP_URL}/winners`);
    await page.getByRole('button', { name: 'Add Winner' }).click();
    const form = page.getByRole('dialog', { name: 'Add Winner' });
    await form.getByRole('button', { name: 'Add Winner' }).click();
    await form.getByText('Winner name is required').waitFor();
    await form.getByText('Prize name is required').waitFor();
    await form.getByLabel('Winner name').fill('Olivia P.');
    await form.getByLabel('Prize name').fill('Electric Scooter');
    await form.getByLabel('Prize value (£)').fill('abc');
    await form.getByRole('button', { name: 'Add Winner' }).click();
    await form.getByText(/Prize value must be an amount/).waitFor();
    await form.getByLabel('Prize value (£)').fill('649.99');
    // The raffle it was won in, found anywhere in the shop by words of its name. Not one still
    // to be drawn (its draw adds the winner's card), nor one drawn with a winner (/winners
    // shows only the draw's): here, one drawn offline with no entries online.
    await form.getByLabel('Raffle').fill('macbook air');
    await page.getByRole('option', { name: /^MacBook Air M4 — closes / }).click();
    await form.getByRole('button', { name: 'Add Winner' }).click();
    await form.getByText(WINNER_MESSAGES.notDrawnYet).waitFor();
    expect(
      (await adminDb.collection(winnersCollection).where('winnerName', '==', 'Olivia P.').get())
        .size,
    ).toBe(0);
    const offline = await closedRaffleWithTickets([], { name: 'Scooter Roadshow Giveaway' });
    await drawRaffle(adminDb, adminAuth, offline, 'schedule');
    await form.getByLabel('Raffle').fill('scooter roadshow');
    await page.getByRole('option', { name: /^Scooter Roadshow Giveaway — / }).click();
    await form.getByRole('button', { name: 'Add Winner' }).click();
    await page.getByText('Winner added successfully').waitFor();
    const stored = await adminDb
      .collection(winnersCollection)
      .where('winnerName', '==', 'Olivia P.')
      .get();
    expect(stored.docs[0]?.get('raffleId')).toBe(offline);
    const card = page.getByTestId('winner-card').filter({ hasText: 'Olivia P.' });
    await card.getByText('£649.99').waitFor();

    await card.getByRole('button', { name: 'Edit Olivia P.' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Winner' });
    await edit.locator('input[value="Scooter Roadshow Giveaway"]').waitFor();
    await edit.getByLabel('Winner name').fill('Olivia Price');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Winner updated successfully').waitFor();
    const renamed = page.getByTestId('winner-card').filter({ hasText: 'Olivia Price' });
    await renamed.waitFor();

    await renamed.getByRole('button', { name: 'Delete Olivia Price' }).click();
    await page
      .getByRole('dialog', { name: 'Delete winner' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByText('Winner deleted successfully').waitFor();
    await renamed.waitFor({ state: 'detached' });
    await page.close();
  });

  it('refuses an edit over a change saved meanwhile, in words, and keeps that change', async () => {
    const announced = new Date();
    const ref = adminDb.collection(winnersCollection).doc('edited-meanwhile');
    await ref.set({
      raffleId: null,
      winnerName: 'Sam T.',
      ticketNumber: null,
      imageUrl: null,
      prizeName: 'Garden Gazebo',
      prizeImageUrl: null,
      prizeValue: 25_000,
      announcementDate: announced,
      updatedAt: announced,
      updatedBy: 'admin',
    });
    const page = await shop.newPage();
    await signIn(page, DEMO_USERS.admin.email, DEMO_USERS.admin.password);
    await page.goto(`${SHOP_URL}/winners`);
    const cardOf = (name: string) => page.getByTestId('winner-card').filter({ hasText: name });
    await cardOf('Sam T.').getByRole('button', { name: 'Edit Sam T.' }).click();
    const form = page.getByRole('dialog', { name: 'Edit Winner' });
    await form.getByLabel('Prize value (£)').fill('300.00');
    // Meanwhile another administrator corrects the name: the live card behind the form shows it.
    await ref.update({ winnerName: 'Samir T.', updatedAt: new Date() });
    await cardOf('Samir T.').waitFor();
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await form.getByText(WINNER_MESSAGES.changedSinceOpened, { exact: true }).waitFor();
    expect((await ref.get()).data()).toMatchObject({ winnerName: 'Samir T.', prizeValue: 25_000 });
    await form.getByRole('button', { name: 'Cancel' }).click();

    // Opened again, the form edits the latest version.
    await cardOf('Samir T.').getByRole('button', { name: 'Edit Samir T.' }).click();
    expect(await form.getByLabel('Winner name').inputValue()).toBe('Samir T.');
    await form.getByLabel('Prize value (£)').fill('300.00');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText(WINNER_MESSAGES.updated).waitFor();
    expect((await ref.get()).data()).toMatchObject({ winnerName: 'Samir T.', prizeValue: 30_000 });
    await ref.delete();
    await page.close();
  });

  it('keeps the draw’s own winner on the page: its card can be edited, not deleted', async () => {
    const holder = await newCustomer('Wendy', 'Drawn');
    const raffleId = await closedRaffleWithTickets([holder]);
    await drawRaffle(adminDb, adminAuth, raffleId, 'schedule');
    const page = await shop.newPage();
    await signIn(page, DEMO_USERS.admin.email, DEMO_USERS.admin.password);
    await page.goto(`${SHOP_URL}/winners`);
    const card = page
      .getByTestId('winner-card')
      .filter({ has: page.locator(`a[href="/draws/${raffleId}"]`) });
    await card.getByRole('button', { name: /^Edit / }).waitFor();
    expect(await card.getByRole('button', { name: /^Delete / }).count()).toBe(0);
    await page.close();
  });

  it('lets an administrator add and delete a charity donation', async () => {
    const page = await shop.newPage();
    await signIn(page, DEMO_USERS.admin.email, DEMO_USERS.admin.password);
    await page.goto(`${SHOP_URL}/charity`);
    await page.getByRole('button', { name: 'Add Donation' }).click();
    const form = page.getByRole('dialog', { name: 'Add Donation' });
    await form.getByRole('button', { name: 'Add Donation' }).click();
    await form.getByText('Charity name, amount, and date are required').first().waitFor();
    await form.getByLabel('Charity name').fill('Samaritans');
    await form.getByLabel('Amount (£)').fill('300');
    await form.getByLabel('Description').fill('Helpline funding');
    await form.getByRole('button', { name: 'Add Donation' }).click();
    await page.getByText('Donation added successfully').waitFor();
    const row = page.getByTestId('donation').filter({ hasText: 'Samaritans' });
    await row.getByText('£300.00').waitFor();
    await row.getByRole('button', { name: 'Delete Samaritans' }).click();
    await page
      .getByRole('dialog', { name: 'Delete donation' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByText('Donation deleted successfully').waitFor();
    await row.waitFor({ state: 'detached' });
    await page.close();
  });
});
