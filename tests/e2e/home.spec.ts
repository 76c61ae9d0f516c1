import {
  CART_MESSAGES,
  ENDING_SOON_WINDOW_MS,
  cartPath,
  isLive,
  rafflePath,
} from '@rafflewin/domain';
import type { Page } from 'playwright-core';
import { demoRaffles } from '../../emulators/seed/demoData';
import { adminDb, eventually } from '../support/admin';
import {
  CUT_NETWORK,
  FIRESTORE_UNREACHABLE,
  SHOP_URL,
  allowBrowserErrors,
  moveClockOn,
} from '../support/browser';
import { demoShopForFile } from '../support/demoShop';
import { measureBundles } from '../support/bundles';
import { TEST_PASSWORD, newCustomer } from '../support/customers';
import { createRaffle } from '../support/raffles';

jest.setTimeout(90_000);

const shop = demoShopForFile();
let page: Page;

beforeEach(async () => {
  page = await shop.newPage({ width: 1280, height: 900 });
});

afterEach(async () => {
  await page.close();
});

/** The demo's live raffles' names, newest first. */
function newestLiveNames(): string[] {
  const now = new Date();
  return demoRaffles(now)
    .map((raffle) => raffle.data)
    .filter((raffle) => isLive(raffle, now))
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .map((raffle) => raffle.name);
}

/** How many requests the page has made to paths ending with `suffix` (queries aside). */
function requestsEndingWith(on: Page, suffix: string): Promise<number> {
  return on.evaluate(
    (end) =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.endsWith(end)).length,
    suffix,
  );
}

describe('home page', () => {
  it('shows the live raffles from Firestore newest first, a page at a time, with countdowns', async () => {
    await page.goto(SHOP_URL);
    const strip = page.getByRole('group', { name: 'Live Competitions' });
    const cards = strip.getByTestId('raffle-card');
    await cards.first().waitFor();
    // Newest first, three per view on a wide screen.
    const newest = newestLiveNames();
    const shown = () => strip.locator('[data-testid="raffle-card"] h3').allTextContents();
    expect(await shown()).toEqual(newest.slice(0, 3));
    await page.getByRole('button', { name: 'Next competitions' }).click();
    await cards.filter({ hasText: newest[3] }).waitFor();
    expect(await shown()).toEqual(newest.slice(3, 6));

    // Ending Soon: within seven days only, soonest first, with live countdowns.
    const endingSoon = page.getByRole('region', { name: 'Ending Soon' });
    await endingSoon.getByText('£10,000 Tax-Free Cash').waitFor();
    const flash = endingSoon.getByTestId('countdown').first();
    await expect(flash.getAttribute('data-tone')).resolves.toBe('red');
    expect(await flash.textContent()).toMatch(/^\d+m \d+s left$/);
    expect(await endingSoon.getByText('Food Bank Winter Appeal').count()).toBe(0);

    const impact = page.getByRole('region', { name: 'Our Impact' });
    await impact.getByText('15').first().waitFor();
    await impact.getByText('£1500.00', { exact: true }).waitFor();
    await impact.getByText('Rating from 13 winners').waitFor();
    await page.getByText('Win Big with RaffleWin').first().waitFor();
  });

  it('lets a raffle into Ending Soon when its last week begins while the page is open', async () => {
    const name = `Closing next week ${Date.now().toString(36)}`;
    // Into the window an hour and a half on: past the page's first read of it.
    const endDate = new Date(Date.now() + ENDING_SOON_WINDOW_MS + 90 * 60_000);
    shop.switchOffAfter(await createRaffle({ name, endDate }));
    await page.clock.install();
    await page.goto(SHOP_URL);
    const endingSoon = page.getByRole('region', { name: 'Ending Soon' });
    await endingSoon.getByText('£10,000 Tax-Free Cash').waitFor();
    expect(await endingSoon.getByText(name).count()).toBe(0);
    // Before, the page read the window once, from when it opened, and never saw it.
    await moveClockOn(page, '02:00:00');
    await endingSoon.getByText(name).waitFor();
  });

  it('lists only live raffles: not ended, not yet started', async () => {
    await page.goto(`${SHOP_URL}/competitions`);
    await page.getByTestId('raffle-card').first().waitFor();
    const names = await page.locator('[data-testid="raffle-card"] h3').allTextContents();
    expect(names).toEqual(
      expect.arrayContaining([
        '£10,000 Tax-Free Cash',
        'Dream Car: BMW M4 Competition',
        'MacBook Air M4',
      ]),
    );
    expect(names).not.toContain('Luxury Spa Break for Two');
    expect(names).not.toContain('£2,000 Summer Cash');
  });

  it('lets a guest fill a cart, sign in at checkout, and says what the merge cut', async () => {
    // The account's cart already holds the iPhone up to one below the per-person limit.
    const limit = (await adminDb.doc(rafflePath('tech-iphone')).get()).get(
      'maxTicketsPerUser',
    ) as number;
    const customer = await newCustomer('Gwen', 'Guest');
    await adminDb.doc(cartPath(customer.uid)).set({
      items: [{ raffleId: 'tech-iphone', quantity: limit - 1 }],
      updatedAt: new Date(),
    });
    const guest = await shop.newPage();
    const requested: string[] = [];
    guest.on('request', (request) => requested.push(request.url()));
    await guest.goto(`${SHOP_URL}/competitions/tech`);
    const card = guest.getByTestId('raffle-card').filter({ hasText: 'iPhone 17 Pro Max 512GB' });
    await card.getByRole('button', { name: 'More tickets' }).click();
    await card.getByRole('button', { name: 'Add to Cart' }).click();
    const added = guest.getByRole('dialog', { name: 'Added to Cart' });
    await added.getByText('2 tickets for iPhone 17 Pro Max 512GB.').waitFor();
    await added.getByRole('button', { name: 'Continue Shopping' }).click();

    await guest.goto(`${SHOP_URL}/cart`);
    await guest.getByTestId('cart-line').filter({ hasText: 'iPhone 17 Pro Max 512GB' }).waitFor();
    // A visitor who has not signed in never downloads Firebase Auth nor asks it anything.
    const authChunk = `${SHOP_URL}/${measureBundles().sdkChunks['Firebase Auth']}`;
    const usesAuth = (url: string) => url === authChunk || url.includes(':9099/');
    expect(requested.filter(usesAuth)).toEqual([]);
    await guest.getByRole('link', { name: 'Log in to Checkout' }).click();
    await guest.getByLabel('Email').fill(customer.email);
    await guest.getByLabel('Password').fill(TEST_PASSWORD);
    await guest.getByRole('button', { name: 'Sign In' }).click();
    await guest.waitForURL(`${SHOP_URL}/checkout`);
    await guest.getByText(CART_MESSAGES.mergeTrimmed(1), { exact: true }).waitFor();
    await eventually(
      async () => {
        const items = (await adminDb.doc(cartPath(customer.uid)).get()).get('items') as Array<{
          quantity: number;
        }>;
        return items[0]?.quantity === limit || null;
      },
      { what: 'the merged cart at the limit' },
    );
    expect(requested).toContain(authChunk);
    // The session is back on the next visit, from the first paint's load.
    await guest.goto(SHOP_URL);
    await guest.getByRole('button', { name: 'Account menu' }).waitFor();
    await guest.close();
  });

  it("loads a returning visitor's code from the browser's cache, none from the network", async () => {
    const live = page.getByRole('region', { name: 'Live Competitions' }).getByRole('article');
    await page.goto(SHOP_URL);
    await live.first().waitFor();
    // The realtime SDK loads after the first screen's reads: the first visit ends once it has
    // opened its channel, so every script the page loads is in the cache.
    await eventually(
      async () => ((await requestsEndingWith(page, '/Listen/channel')) > 0 ? true : null),
      { what: "the realtime SDK's channel" },
    );
    // The second visit, watched at the protocol level: where each script came from.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const scripts = new Map<string, string>();
    const fromCache = new Set<string>();
    cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
      if (type === 'Script') scripts.set(requestId, response.url);
      if (response.fromDiskCache) fromCache.add(requestId);
    });
    cdp.on('Network.requestServedFromCache', ({ requestId }) => fromCache.add(requestId));
    await page.goto(SHOP_URL);
    await live.first().waitFor();
    // The realtime SDK follows the first reads: wait for its chunk too.
    await eventually(
      async () => ([...scripts.values()].some((url) => /firestoreApi-/.test(url)) ? true : null),
      { what: "the realtime SDK's chunk" },
    );
    expect(scripts.size).toBeGreaterThan(5);
    expect([...scripts].filter(([id]) => !fromCache.has(id)).map(([, url]) => url)).toEqual([]);
    await cdp.detach();
  });

  it('takes Enter Now to the category page and highlights the raffle', async () => {
    await page.goto(SHOP_URL);
    const endingSoon = page.getByRole('region', { name: 'Ending Soon' });
    await endingSoon
      .getByRole('article', { name: 'iPhone 17 Pro Max 512GB' })
      .getByRole('link', { name: 'Enter Now' })
      .click();
    await page.waitForURL(/\/competitions\/tech$/);
    await page
      .locator('[data-testid="raffle-card"][data-highlighted="true"]', {
        hasText: 'iPhone 17 Pro Max 512GB',
      })
      .waitFor();
  });

  it('shows a sold-out raffle in Ending Soon as Sold Out, with no Enter Now', async () => {
    const name = `Sold out this week ${Date.now().toString(36)}`;
    shop.switchOffAfter(
      await createRaffle({
        name,
        category: 'cash',
        maxTickets: 5,
        soldTickets: 5,
        endDate: new Date(Date.now() + 2 * 86_400_000),
      }),
    );
    await page.goto(SHOP_URL);
    const card = page.getByRole('region', { name: 'Ending Soon' }).getByRole('article', { name });
    // Before, it offered Enter Now, which opened the cash page, where sold-out raffles are left
    // out: nothing there to highlight or enter.
    const soldOut = card.getByRole('button', { name: 'Sold Out' });
    await soldOut.waitFor();
    expect(await soldOut.isDisabled()).toBe(true);
    expect(await card.getByRole('link', { name: 'Enter Now' }).count()).toBe(0);
  });

  it('shows the navigation bar and footer', async () => {
    await page.goto(SHOP_URL);
    await page.getByRole('button', { name: 'Competitions', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Cars & Vehicles' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'Login' }).waitFor();
    await page.getByRole('link', { name: 'Terms of Use' }).waitFor();
    // Social links that are still the placeholder '#' are disabled.
    expect(await page.getByRole('button', { name: 'X (not available)' }).isDisabled()).toBe(true);
  });

  it('keeps the footer below the fold while a page loads, so nothing in view moves', async () => {
    // The page as it first paints: its reads never answer (as on a slow phone, for a while).
    allowBrowserErrors(CUT_NETWORK, FIRESTORE_UNREACHABLE);
    const phone = await shop.newPage({ width: 375, height: 667 });
    await phone.route('**/google.firestore.v1.Firestore/**', (route) => route.abort('failed'));
    await phone.route('**/documents:runQuery', (route) => route.abort('failed'));
    await phone.goto(`${SHOP_URL}/competitions`);
    await phone.getByRole('heading', { level: 1 }).waitFor();
    const footer = await phone.locator('footer').boundingBox();
    expect(footer?.y).toBeGreaterThanOrEqual(667);
    await phone.close();
  });

  // On a desktop the strip's first page shows three cards, the Food Bank appeal's among them;
  // on a phone one card.
  it.each([
    ['a desktop', { width: 1280, height: 900 }, { showsInstantPrizes: true }],
    ['a phone', { width: 375, height: 667 }, { showsInstantPrizes: false }],
  ])(
    'keeps the live competitions in place on %s once their cards have painted',
    async (_, size, { showsInstantPrizes }) => {
      // Where the strip's Next button is, each frame from the moment it shows: the cards above it
      // must not grow after they have painted (a click aimed at it would land on the card).
      const sized = await shop.newPage(size);
      await sized.addInitScript(() => {
        const places: number[] = [];
        Object.assign(window, { nextButtonPlaces: places });
        const watch = () => {
          const button = document.querySelector('button[aria-label="Next competitions"]');
          // Not while the page waits for the site settings, mounted but not displayed.
          const shown = button !== null && button.getClientRects().length > 0;
          const y = shown ? button.getBoundingClientRect().y + window.scrollY : null;
          if (y !== null && places.at(-1) !== y) places.push(y);
          requestAnimationFrame(watch);
        };
        requestAnimationFrame(watch);
      });
      await sized.goto(SHOP_URL);
      // The first card's bundles, and on a desktop the Food Bank appeal's instant prizes: each
      // block once came in a chunk of its own after the card had painted, and the card grew.
      const strip = sized.getByRole('group', { name: 'Live Competitions' });
      await strip.getByText('5 for £6.00 (save £1.50)').waitFor();
      if (showsInstantPrizes) await strip.getByTestId('instant-prizes').waitFor();
      await sized
        .getByRole('region', { name: 'Ending Soon' })
        .getByText('£10,000 Tax-Free Cash')
        .waitFor();
      // Two more frames, for the watcher to see the page as it is now.
      const places = await sized.evaluate(
        () =>
          new Promise<number[]>((resolve) =>
            requestAnimationFrame(() =>
              requestAnimationFrame(() =>
                resolve((window as unknown as { nextButtonPlaces: number[] }).nextButtonPlaces),
              ),
            ),
          ),
      );
      expect(places).toHaveLength(1);
      await sized.close();
    },
  );

  it('shows the first slide at once and fades in each slide after it', async () => {
    // The browser tests' pages prefer reduced motion, which turns the fade off.
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.goto(SHOP_URL);
    const carousel = page.getByRole('region', { name: 'Featured competitions' });
    const slide = carousel.locator('[aria-roledescription="slide"]');
    await slide.getByRole('heading', { name: 'Win Big with RaffleWin' }).waitFor();
    const animation = () => slide.evaluate((element) => getComputedStyle(element).animationName);
    // The slide the page opens on is its largest paint: a fade from transparent held that
    // paint back by the fade's 400 ms.
    expect(await animation()).toBe('none');
    await carousel.getByRole('button', { name: 'Next slide' }).click();
    await carousel.getByRole('group', { name: /^2 of \d+$/ }).waitFor();
    expect(await animation()).not.toBe('none');
  });

  it('goes on turning after a click on its arrows; keyboard focus holds it', async () => {
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.clock.install();
    await page.goto(SHOP_URL);
    const carousel = page.getByRole('region', { name: 'Featured competitions' });
    const slide = carousel.locator('[aria-roledescription="slide"]');
    await slide.waitFor();
    // Time stands still here unless moved on.
    await page.clock.pauseAt(Date.now() + 1000);
    const shown = Number((await slide.getAttribute('aria-label'))!.split(' ')[0]);
    const after = (steps: number) => `${((shown - 1 + steps) % 3) + 1} of 3`;
    await carousel.getByRole('button', { name: 'Next slide' }).click();
    await carousel.getByRole('group', { name: after(1) }).waitFor();
    await page.mouse.move(0, 0);
    // Before, the click's focus stayed on the arrow and held the carousel until a click elsewhere.
    await page.clock.runFor(4100);
    await carousel.getByRole('group', { name: after(2) }).waitFor();
    await page.keyboard.press('Shift+Tab');
    await page.clock.runFor(4100);
    expect(await carousel.getByRole('group', { name: after(2) }).count()).toBe(1);
  });

  it('opens a page on the site settings read over REST, before the realtime channel answers', async () => {
    // Every page waits for the settings (maintenance mode). The realtime channel never answers
    // here: the page opens on the early read (lib/earlySiteSettings.ts) alone.
    allowBrowserErrors(CUT_NETWORK, FIRESTORE_UNREACHABLE);
    await page.route('**/google.firestore.v1.Firestore/**', (route) => route.abort('failed'));
    await page.goto(`${SHOP_URL}/cart`);
    await page.getByText('Your cart is empty.').waitFor();
    // One request: the read takes the page's preloaded answer (its credentials mode matches).
    expect(await requestsEndingWith(page, '/documents/settings/site')).toBe(1);
    // Without that read too, the page stays behind the settings' loading screen.
    const blocked = await shop.newPage({ width: 1280, height: 900 });
    await blocked.route('**/google.firestore.v1.Firestore/**', (route) => route.abort('failed'));
    await blocked.route('**/documents/settings/site', (route) => route.abort('failed'));
    await blocked.goto(`${SHOP_URL}/cart`);
    await blocked.getByRole('status', { name: 'Loading…' }).waitFor();
    expect(await blocked.getByText('Your cart is empty.').isVisible()).toBe(false);
    await blocked.close();
  });

  it('opens the shop window on reads over REST, before the realtime channel answers', async () => {
    // The realtime channel never answers: the raffles, slides and draw come from the early
    // reads (lib/shopReads.ts) alone, checked with the same schemas.
    allowBrowserErrors(CUT_NETWORK, FIRESTORE_UNREACHABLE);
    await page.route('**/google.firestore.v1.Firestore/**', (route) => route.abort('failed'));
    // Each query is a CORS "simple" request (JSON labelled text/plain): no preflight first.
    const queryTypes: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/documents:runQuery'))
        queryTypes.push(`${request.method()} ${request.headers()['content-type']}`);
    });
    await page.goto(SHOP_URL);
    const newest = newestLiveNames();
    const strip = page.getByRole('group', { name: 'Live Competitions' });
    await strip.getByTestId('raffle-card').first().waitFor();
    expect(await strip.locator('[data-testid="raffle-card"] h3').allTextContents()).toEqual(
      newest.slice(0, 3),
    );
    await page.getByText('Win Big with RaffleWin').first().waitFor();
    await page
      .getByRole('region', { name: 'Ending Soon' })
      .getByText('£10,000 Tax-Free Cash')
      .waitFor();
    // Started as the page's script ran (app/firstScreen.ts), each read once: the live raffles,
    // Ending Soon and the slides. The page's own reads found them rather than reading again.
    expect(await requestsEndingWith(page, '/documents:runQuery')).toBe(3);
    expect(queryTypes).toEqual(Array(3).fill('POST text/plain'));
    // The first slide's image was fetched as the slides came (preloaded first), and only then.
    expect(await requestsEndingWith(page, '/images/carousel/win-big.svg')).toBe(1);
    const preloaded = await page.evaluate(() =>
      Array.from(document.querySelectorAll('link[rel="preload"][as="image"]'), (link) =>
        link.getAttribute('href'),
      ),
    );
    expect(preloaded[0]).toBe('/images/carousel/win-big.svg');

    await page.goto(`${SHOP_URL}/competitions/tech`);
    await page.getByRole('article', { name: 'MacBook Air M4' }).waitFor();
    expect(await requestsEndingWith(page, '/documents:runQuery')).toBe(1);
    await page.goto(`${SHOP_URL}/draws/tech-macbook`);
    await page.getByRole('heading', { name: 'MacBook Air M4', level: 1 }).waitFor();
    await page.getByText(/Not drawn yet/).waitFor();
    expect(await requestsEndingWith(page, '/documents/raffles/tech-macbook')).toBe(1);
  });
});
