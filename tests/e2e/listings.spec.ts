import {
  LIVE_RAFFLES_PAGE,
  charityDonationsCollection,
  rafflePath,
  raffleSearchCollection,
  winnersCollection,
} from '@rafflewin/domain';
import type { Page } from 'playwright-core';
import { adminDb, eventually } from '../support/admin';
import { SHOP_URL, moveClockOn } from '../support/browser';
import { TEST_PASSWORD, newCustomer } from '../support/customers';
import { demoShopForFile } from '../support/demoShop';
import { createRaffle } from '../support/raffles';

jest.setTimeout(90_000);

/** How long the 49 raffles' triggers may take in a full run, where the emulators are busiest. */
const SETTLE_MS = 120_000;

const shop = demoShopForFile();
let page: Page;

beforeAll(async () => {
  page = await shop.newPage({ width: 1280, height: 900 });
});

async function raffleNames(path: string): Promise<string[]> {
  await page.goto(`${SHOP_URL}${path}`);
  await page.getByTestId('raffle-card').first().waitFor();
  const names = await page.locator('[data-testid="raffle-card"] h3').allTextContents();
  // The functions suite's own raffles share these emulators; only the seeded ones matter here.
  return names.filter((name) => !name.startsWith('Test raffle'));
}

describe('listing pages', () => {
  it('groups /competitions into its sections', async () => {
    await page.goto(`${SHOP_URL}/competitions`);
    for (const heading of ['Tech Prizes', 'Charity Raffles', 'Cash Prizes', 'Free Giveaways']) {
      await page.getByRole('heading', { name: heading, level: 2 }).waitFor();
    }
    const tech = page.getByRole('region', { name: 'Tech Prizes' });
    await tech.getByText('MacBook Air M4').waitFor();
  });

  it('shows a raffle that starts while the page is open, once it starts', async () => {
    const name = `Starting soon ${Date.now().toString(36)}`;
    const raffleId = await createRaffle({
      name,
      category: 'tech',
      startDate: new Date(Date.now() + 60_000),
      createdAt: new Date(),
    });
    shop.switchOffAfter(raffleId);
    const own = await shop.newPage();
    // The page's clock runs as usual until it is moved on.
    await own.clock.install();
    await own.goto(`${SHOP_URL}/competitions/tech`);
    const cards = own.getByTestId('raffle-card');
    await cards.first().waitFor();
    expect(await cards.filter({ hasText: name }).count()).toBe(0);
    await moveClockOn(own, '01:01');
    await cards.filter({ hasText: name }).waitFor();
    await own.close();
  });

  it('lists only car raffles on /competitions/cars', async () => {
    const names = await raffleNames('/competitions/cars');
    expect(names.sort()).toEqual([
      'Classic Car: 1967 Mini Cooper',
      'Dream Car: BMW M4 Competition',
    ]);
  });

  it('leaves sold-out raffles off the category pages', async () => {
    const names = await raffleNames('/competitions/tech');
    expect(names).toContain('iPhone 17 Pro Max 512GB');
    expect(names).not.toContain('PlayStation 5 Pro Bundle');
  });

  it('shows the charity donations and charity raffles', async () => {
    const names = await raffleNames('/charity');
    expect(names.sort()).toEqual(["Children's Hospice Raffle", 'Food Bank Winter Appeal']);
    await page.getByRole('heading', { name: 'Our Charitable Impact' }).waitFor();
    // The donations come with the realtime SDK, after the first screen's own reads.
    await page.getByTestId('donation').nth(2).waitFor();
    expect(await page.getByTestId('donation').count()).toBe(3);
  });

  it('explains free giveaways and lists them', async () => {
    const names = await raffleNames('/free');
    expect(names.sort()).toEqual(['Free Tech Giveaway: AirPods Pro', 'Free £50 Shopping Voucher']);
    await page.getByRole('heading', { name: 'How It Works' }).waitFor();
    await page.getByText('Updated daily').waitFor();
  });

  it('asks a visitor to sign in to enter a giveaway, and brings them back to it', async () => {
    const [visitor, customer] = await Promise.all([
      shop.newPage({ width: 1280, height: 900 }),
      newCustomer('Gina', 'Giveaway'),
    ]);
    await visitor.goto(`${SHOP_URL}/free`);
    const voucher = visitor
      .getByTestId('raffle-card')
      .filter({ hasText: 'Free £50 Shopping Voucher' });
    const enter = voucher.getByRole('button', { name: 'Login to Enter' });
    await enter.waitFor();
    // A button, not a link: the bar's Login link stays the page's only one.
    await visitor.getByRole('link', { name: 'Login' }).waitFor();
    await enter.click();
    await visitor.waitForURL(`${SHOP_URL}/auth?redirect=%2Ffree`);
    await visitor.getByLabel('Email').fill(customer.email);
    await visitor.getByLabel('Password').fill(TEST_PASSWORD);
    await visitor.getByRole('button', { name: 'Sign In' }).click();
    await visitor.waitForURL(`${SHOP_URL}/free`);
    await voucher.getByRole('button', { name: 'Enter Giveaway' }).waitFor();
    expect(await voucher.getByRole('button', { name: 'Login to Enter' }).count()).toBe(0);
    await visitor.close();
  });

  it('lists the newest first, 48 at a time, with Show more competitions for the rest', async () => {
    const now = Date.now();
    // No page of the shop is open while the raffles are written (the offline page is static,
    // with no script): 49 raffles and their triggers' updates streamed to a page busy rendering
    // them once overflowed the emulator's channel to it (it then stalled every request for a
    // minute), and a page that only read the settings still logged "Could not reach Cloud
    // Firestore backend" while the emulator was busy with the writes.
    await page.goto(`${SHOP_URL}/offline.html`);
    // Each one is removed afterwards, even when writing another failed.
    const created: string[] = [];
    try {
      // 49 giveaways newer than every other raffle, the first the newest; seven at a time: 49
      // writes at once set off 49 triggers at once, for which the Functions emulator starts a
      // worker process each, and a write then waited past its 60 s deadline (twice in one full
      // run, and in an earlier one).
      const ids: string[] = [];
      for (let first = 0; first <= LIVE_RAFFLES_PAGE; first += 7) {
        const count = Math.min(7, LIVE_RAFFLES_PAGE + 1 - first);
        const chunk = await Promise.all(
          Array.from({ length: count }, async (_, k) => {
            const id = await createRaffle({
              category: 'free',
              ticketPrice: 0,
              maxTicketsPerUser: 1,
              createdAt: new Date(now + 60_000 - (first + k) * 1000),
            });
            created.push(id);
            return id;
          }),
        );
        ids.push(...chunk);
      }
      // The page opens once onRaffleWritten has published every draw commitment (its last
      // write): under a full run's load, a page opened on the triggers' backlog timed out.
      const names = await eventually(
        async () => {
          const raffles = await Promise.all(ids.map((id) => adminDb.doc(rafflePath(id)).get()));
          if (raffles.some((raffle) => !raffle.get('drawCommitment'))) return null;
          return raffles.map((raffle) => raffle.get('name') as string);
        },
        { timeoutMs: SETTLE_MS, what: 'every new raffle’s draw commitment' },
      );
      await page.goto(`${SHOP_URL}/free`);
      const cards = page.locator('[data-testid="raffle-card"] h3');
      await cards.nth(LIVE_RAFFLES_PAGE - 1).waitFor();
      expect(await cards.allTextContents()).toEqual(names.slice(0, LIVE_RAFFLES_PAGE));
      const more = page.getByRole('button', { name: 'Show more competitions' });
      await more.click();
      await page.getByText('Free £50 Shopping Voucher', { exact: true }).waitFor();
      const all = await cards.allTextContents();
      expect(all.slice(0, LIVE_RAFFLES_PAGE + 1)).toEqual(names);
      expect(all).toContain('Free Tech Giveaway: AirPods Pro');
      // Everything live is shown: no more to ask for.
      expect(await more.count()).toBe(0);
    } finally {
      await page.goto(`${SHOP_URL}/offline.html`);
      const batch = adminDb.batch();
      created.forEach((id) => batch.delete(adminDb.doc(rafflePath(id))));
      await batch.commit();
      // The next test starts once the deletions' triggers have taken the raffles out of the
      // console's search, not on their backlog.
      await eventually(
        async () => {
          const entries = await Promise.all(
            created.map((id) => adminDb.collection(raffleSearchCollection).doc(id).get()),
          );
          return entries.every((entry) => !entry.exists) || null;
        },
        { timeoutMs: SETTLE_MS, what: 'the deleted raffles out of the console’s search' },
      );
    }
  }, 300_000);

  it('shows the recent winners', async () => {
    await page.goto(`${SHOP_URL}/winners`);
    await page.getByTestId('winner-card').first().waitFor();
    // The four seeded winners (draws run by other suites may have added more).
    const names = await page.locator('[data-testid="winner-card"] h3').allTextContents();
    expect(names).toEqual(
      expect.arrayContaining(['Sarah T.', 'Mohammed A.', 'Emily R.', 'David K.']),
    );
  });

  it('pages winners and donations beyond the first 24, with their pictures', async () => {
    const batch = adminDb.batch();
    const written: string[] = [];
    for (let i = 0; i < 25; i += 1) {
      // Long ago, so they come after everything else, on the second page.
      const day = new Date(Date.UTC(2019, 0, 1 + i));
      const winner = adminDb.collection(winnersCollection).doc(`paged-winner-${i}`);
      batch.set(winner, {
        raffleId: null,
        winnerName: `Paged Winner ${i}`,
        ticketNumber: String(i + 1),
        imageUrl: null,
        prizeName: `Paged Prize ${i}`,
        prizeImageUrl: '/images/raffles/tech-macbook.svg',
        prizeValue: null,
        announcementDate: day,
        updatedAt: day,
        updatedBy: null,
      });
      const donation = adminDb.collection(charityDonationsCollection).doc(`paged-donation-${i}`);
      batch.set(donation, {
        charityName: `Paged Charity ${i}`,
        amount: 1000,
        date: day,
        description: 'A donation long ago',
        imageUrl: '/images/raffles/charity-hospice.svg',
      });
      written.push(winner.path, donation.path);
    }
    await batch.commit();
    try {
      await page.goto(`${SHOP_URL}/winners`);
      const cards = page.getByTestId('winner-card');
      await cards.first().waitFor();
      expect(await cards.count()).toBe(24);
      await page.getByRole('button', { name: 'Show more winners' }).click();
      const oldest = cards.filter({ hasText: 'Paged Winner 0' });
      await oldest.waitFor();
      // The prize's picture when the winner has none of their own.
      expect(
        await oldest
          .getByRole('img', { name: 'Paged Winner 0, winner of Paged Prize 0' })
          .getAttribute('src'),
      ).toBe('/images/raffles/tech-macbook.svg');

      await page.goto(`${SHOP_URL}/charity`);
      const donations = page.getByTestId('donation');
      await donations.first().waitFor();
      expect(await donations.count()).toBe(24);
      await page.getByRole('button', { name: 'Show more donations' }).click();
      const first = donations.filter({ hasText: 'Paged Charity 0' });
      await first.getByRole('img', { name: 'Paged Charity 0' }).waitFor();
      expect(await donations.count()).toBeGreaterThan(24);
    } finally {
      const cleanup = adminDb.batch();
      for (const path of written) cleanup.delete(adminDb.doc(path));
      await cleanup.commit();
    }
  });
});
