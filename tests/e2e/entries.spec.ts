import { entriesPath, rafflePath, ticketId } from '@rafflewin/domain';
import type { Browser, Page } from 'playwright-core';
import { DEMO_USERS } from '../../emulators/config';
import { seedDemoData } from '../../emulators/seed/seed';
import { adminAuth, adminDb, eventually } from '../support/admin';
import { SHOP_URL, launchBrowser, newShopPage, signIn } from '../support/browser';
import { callOk, newAdmin, newCustomer } from '../support/customers';
import { createRaffle, line } from '../support/raffles';
import { payByCard } from '../support/stripeDouble';

jest.setTimeout(120_000);

let browser: Browser;
let page: Page;
let raffleName: string;

/** Sparse numbers, as a sharded pool issues them: prefixes of 1-10, 11-20 and 21-30. */
const NUMBERS = [
  1, 2, 3, 4, 5, 6, 7, 8, 11, 12, 13, 14, 15, 16, 17, 21, 22, 23, 24, 25, 26, 27, 28,
];

beforeAll(async () => {
  await seedDemoData(adminDb, adminAuth);
  const day = 86_400_000;
  // Ends last of all raffles, so it is listed first (latest draw date first).
  const raffleId = await createRaffle({
    category: 'tech',
    soldTickets: NUMBERS.length,
    endDate: new Date(Date.now() + 400 * day),
  });
  raffleName = (await adminDb.doc(rafflePath(raffleId)).get()).get('name') as string;
  const batch = adminDb.batch();
  for (const n of NUMBERS) {
    batch.set(adminDb.doc(`${entriesPath(raffleId)}/${n}`), {
      ticketNumber: n,
      holderName: n % 2 ? 'Jane S.' : `User ${n}`,
      category: 'tech',
    });
  }
  await batch.commit();
  browser = await launchBrowser();
  page = await newShopPage(browser);
});

afterAll(async () => {
  await browser?.close();
});

async function shownNumbers(list: ReturnType<Page['getByRole']>): Promise<number[]> {
  await list.locator('[aria-busy="true"]').waitFor({ state: 'detached' });
  const texts = await list.getByText(/^Ticket #\d+$/).allTextContents();
  return texts.map((t) => Number(t.replace('Ticket #', '')));
}

describe('entry lists', () => {
  it('sends guests to sign in first', async () => {
    await page.goto(`${SHOP_URL}/entries`);
    await page.waitForURL(/\/auth\?redirect=%2Fentries$/);
  });

  it('pages through a raffle’s entries in ticket order with arrows and dots', async () => {
    const { customer } = DEMO_USERS;
    await signIn(page, customer.email, customer.password);
    await page.goto(`${SHOP_URL}/entries`);
    await page.getByRole('heading', { name: 'Entry Lists', level: 1 }).waitFor();
    const list = page.getByRole('article', { name: raffleName });
    await list.getByText('Total Entries: 23').waitFor();
    await list.getByText('Ticket #1', { exact: true }).waitFor();

    const expectPage = async (numbers: number[]) => {
      await list.getByText(`Ticket #${numbers[0]}`, { exact: true }).waitFor();
      await list.getByText(`Ticket #${numbers.at(-1)}`, { exact: true }).waitFor();
      expect(await shownNumbers(list)).toEqual(numbers);
    };
    await expectPage([1, 2, 3, 4, 5, 6, 7, 8, 11, 12]);
    // Holders are "First L." or "User" and the start of the number.
    await list.getByText('User 2', { exact: true }).waitFor();

    const pages = list.getByRole('navigation', { name: `Entries of ${raffleName}: pages` });
    expect(await pages.getByRole('button', { name: /^Page \d of 3$/ }).count()).toBe(3);
    await pages.getByRole('button', { name: 'Next page' }).click();
    await expectPage([13, 14, 15, 16, 17, 21, 22, 23, 24, 25]);
    await pages.getByRole('button', { name: 'Page 3 of 3' }).click();
    await expectPage([26, 27, 28]);
    expect(await pages.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
    await pages.getByRole('button', { name: 'Previous page' }).click();
    await expectPage([13, 14, 15, 16, 17, 21, 22, 23, 24, 25]);

    // Straight to the last page from a fresh load: its start found by the server (locateEntry),
    // not by reading the pages before it.
    await page.reload();
    await list.getByText('Ticket #1', { exact: true }).waitFor();
    await pages.getByRole('button', { name: 'Page 3 of 3' }).click();
    await expectPage([26, 27, 28]);
    await pages.getByRole('button', { name: 'Previous page' }).click();
    await expectPage([13, 14, 15, 16, 17, 21, 22, 23, 24, 25]);
  });

  it('counts the entries listed, not the tickets sold, once a ticket is refunded', async () => {
    const day = 86_400_000;
    const [raffleId, buyer, admin] = await Promise.all([
      // Ends after every other raffle, so it heads the list.
      createRaffle({ maxTicketsPerUser: 20, endDate: new Date(Date.now() + 401 * day) }),
      newCustomer('Rhoda', 'Refund'),
      newAdmin(),
    ]);
    const name = (await adminDb.doc(rafflePath(raffleId)).get()).get('name') as string;
    const paid = await payByCard(
      await callOk('startCheckout', { items: [line(raffleId, 11)] }, buyer),
    );
    const [first] = paid.ticketNumbers[raffleId]!;
    await callOk(
      'refundOrder',
      { orderId: paid.orderId, ticketIds: [ticketId(raffleId, first!)] },
      admin,
    );
    // The refund voids the ticket and deletes its entry; the raffle still counts it as sold.
    await eventually(
      async () => {
        const [raffle, entries] = await Promise.all([
          adminDb.doc(rafflePath(raffleId)).get(),
          adminDb.collection(entriesPath(raffleId)).count().get(),
        ]);
        return raffle.get('soldTickets') === 11 && entries.data().count === 10 ? true : null;
      },
      { what: 'eleven tickets sold and ten entries' },
    );

    const { customer } = DEMO_USERS;
    await signIn(page, customer.email, customer.password);
    await page.goto(`${SHOP_URL}/entries`);
    const list = page.getByRole('article', { name });
    // Before, it read "Total Entries: 11", with a second page dot leading to an empty page.
    await list.getByText('Total Entries: 10', { exact: true }).waitFor();
    expect(await shownNumbers(list)).toHaveLength(10);
    expect(await list.getByRole('navigation', { name: `Entries of ${name}: pages` }).count()).toBe(
      0,
    );
  });

  it('groups by category and filters with the tabs', async () => {
    await page.goto(`${SHOP_URL}/entries`);
    await page
      .getByRole('region', { name: 'Tech Prizes' })
      .getByRole('article', { name: raffleName })
      .waitFor();
    await page.getByRole('region', { name: 'Cash Prizes' }).waitFor();
    await page.getByRole('tab', { name: 'Charity' }).click();
    await page.getByRole('region', { name: 'Charity Raffles' }).waitFor();
    expect(await page.getByRole('region', { name: 'Tech Prizes' }).count()).toBe(0);
    expect(await page.getByRole('article', { name: raffleName }).count()).toBe(0);
  });
});
