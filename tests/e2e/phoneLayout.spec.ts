/**
 * Every page on a phone (375 px) and a tablet (768 px), as the one who can see it: guests for
 * the shop, the demo customer for their account, the demo administrator for the console.
 * Nothing may be wider than the window, no control may be out of reach (off to the side, cut
 * off, or under something else), axe may find nothing serious on the phone, and no paragraph
 * may hold a block (a heading, a list, a div: invalid HTML, see blocksInParagraphs). Each test
 * collects every finding before it asserts, so a failure lists them all.
 */
import {
  MAX_CART_LINES,
  MAX_CART_LINE_QUANTITY,
  MAX_CART_TICKETS,
  STORAGE_KEYS,
  cartPath,
  protectionPath,
} from '@rafflewin/domain';
import type { Locator, Page } from 'playwright-core';
import { DEMO_USERS, URLS } from '../../emulators/config';
import { ensureDrawCommitment } from '../../functions/src/services/draws/commitment';
import { runDueDraws } from '../../functions/src/services/draws/draw';
import { adminAuth, adminDb } from '../support/admin';
import {
  SHOP_URL,
  blocksInParagraphs,
  horizontalOverflow,
  seriousAccessibilityViolations,
  enterCardOnStripe,
  signIn,
  unreachableControls,
} from '../support/browser';
import { demoShopForFile } from '../support/demoShop';

jest.setTimeout(300_000);

const shop = demoShopForFile();
const { customer, admin } = DEMO_USERS;

const PHONE = { width: 375, height: 740 };
const TABLET = { width: 768, height: 1024 };

/**
 * A page's address and what shows it has loaded; for a view behind a click (a menu, a dialog),
 * what it is and the click that opens it.
 */
interface Route {
  path: string;
  ready: (page: Page) => Locator;
  open?: { shows: string; by: (page: Page) => Promise<void> };
}

const h1 = (name: string) => (page: Page) =>
  page.getByRole('heading', { name, level: 1, exact: true });
const shown = (testId: string) => (page: Page) => page.getByTestId(testId).first();
/** A button: by its exact name on the page, or found within what the page shows. */
type Button = string | ((page: Page) => Locator);
/** Opens a view by pressing its button, once `first` (the page under it) has loaded. */
const press = (shows: string, button: Button, first: (page: Page) => Locator): Route['open'] => ({
  shows,
  by: async (page) => {
    await first(page).waitFor();
    const target =
      typeof button === 'string'
        ? page.getByRole('button', { name: button, exact: true })
        : button(page);
    await target.click();
  },
});
/** A dialog opened on `path` by its button (named `shows` unless told), once `first` shows. */
const dialogOn = (
  path: string,
  first: (page: Page) => Locator,
  shows: string,
  button: Button = shows,
): Route => ({
  path,
  open: press(shows, button, first),
  ready: (page) => page.getByRole('dialog'),
});
/**
 * The button named `name…` in a table's first row. The console lists the newest first, and
 * other files' raffles and customers (made while this file runs, or switched off and kept) can
 * push a seeded one off the first page, so the row is not chosen by name.
 */
const inFirstRow =
  (row: string, name: string): Button =>
  (page) =>
    page
      .getByTestId(row)
      .first()
      .getByRole('button', { name: new RegExp(`^${name} `) });

const GUEST_ROUTES: Route[] = [
  { path: '/', ready: shown('raffle-card') },
  {
    path: '/',
    open: press('the menu', 'Open menu', shown('raffle-card')),
    ready: (page) => page.getByRole('link', { name: 'Winners', exact: true }),
  },
  { path: '/competitions', ready: shown('raffle-card') },
  { path: '/competitions/cash', ready: shown('raffle-card') },
  { path: '/competitions/tech', ready: shown('raffle-card') },
  { path: '/competitions/cars', ready: shown('raffle-card') },
  { path: '/charity', ready: shown('donation') },
  { path: '/free', ready: shown('raffle-card') },
  { path: '/winners', ready: shown('winner-card') },
  { path: '/draws/tech-macbook', ready: (page) => page.getByText(/Not drawn yet/).first() },
  { path: '/draws/spa-break-ended', ready: shown('winner') },
  { path: '/about', ready: h1('About Us') },
  { path: '/terms', ready: h1('Terms of Service') },
  { path: '/privacy', ready: h1('Privacy Policy') },
  { path: '/commitments', ready: h1('Our Commitments') },
  { path: '/responsible-play', ready: h1('Responsible Play') },
  { path: '/contact', ready: h1('Contact Us') },
  { path: '/auth', ready: h1('Sign In') },
  { path: '/auth?view=signup', ready: h1('Create an Account') },
  { path: '/auth?view=forgot', ready: h1('Reset Your Password') },
  { path: '/auth?view=link', ready: h1('Sign In with an Email Link') },
  // A link whose code Auth refuses: the page that says so (no code sends on to /auth).
  { path: '/reset-password?oobCode=not-a-code', ready: h1('Reset Password') },
  { path: '/cart', ready: h1('Shopping Cart') },
  { path: '/no-such-page', ready: (page) => page.getByText('Page not found', { exact: true }) },
];

const CUSTOMER_ROUTES: Route[] = [
  {
    path: '/',
    open: press('the menu', 'Open menu', shown('raffle-card')),
    ready: (page) => page.getByRole('button', { name: 'Sign Out', exact: true }),
  },
  {
    path: '/',
    open: {
      shows: 'the account menu',
      by: async (page) => {
        await page.getByTestId('raffle-card').first().waitFor();
        await page.getByRole('button', { name: /^Account menu/ }).click();
      },
    },
    ready: (page) => page.getByRole('menu'),
  },
  { path: '/entries', ready: shown('entry-list') },
  { path: '/cart', ready: shown('cart-line') },
  { path: '/checkout', ready: (page) => page.getByRole('button', { name: 'Pay by Card' }) },
  {
    path: '/responsible-play',
    ready: (page) => page.getByText('You have not set a limit yet', { exact: false }),
  },
  { path: '/account', ready: (page) => page.getByLabel('Username') },
  { path: '/account/update', ready: (page) => page.getByLabel('First name') },
  { path: '/account/password', ready: h1('Change Password') },
  {
    path: '/account/settings',
    ready: (page) => page.getByRole('heading', { name: 'Preferences' }),
  },
  {
    path: '/account/settings?tab=security',
    ready: (page) => page.getByRole('heading', { name: 'Payment Cards' }),
  },
  {
    path: '/account/settings?tab=danger',
    ready: (page) => page.getByRole('heading', { name: 'Delete Account' }),
  },
  { path: '/account/tickets', ready: shown('my-ticket') },
  { path: '/account/orders', ready: shown('order-row') },
  { path: '/account/orders/demo-order-tech-charity', ready: h1('Order RW-DEMO-1002') },
  { path: '/account/saved', ready: shown('saved-raffle') },
  { path: '/account/notifications', ready: shown('notification') },
  { path: '/account/support', ready: shown('support-ticket') },
  { path: '/account/support/demo-ticket-delivery', ready: shown('support-message') },
];

const ADMIN_ROUTES: Route[] = [
  { path: '/admin', ready: shown('stat-card') },
  { path: '/admin/raffles', ready: shown('raffle-row') },
  dialogOn('/admin/raffles', shown('raffle-row'), 'New Raffle'),
  dialogOn(
    '/admin/raffles',
    shown('raffle-row'),
    'a raffle to edit',
    inFirstRow('raffle-row', 'Edit'),
  ),
  dialogOn(
    '/admin/raffles',
    shown('raffle-row'),
    'its instant prizes',
    inFirstRow('raffle-row', 'Instant prizes for'),
  ),
  { path: '/admin/raffles?questions=tech-macbook', ready: shown('question-row') },
  { path: '/admin/orders', ready: shown('order-row') },
  { path: '/admin/promo-codes', ready: h1('Promo Codes') },
  dialogOn('/admin/promo-codes', h1('Promo Codes'), 'New Promo Code'),
  { path: '/admin/carousel', ready: shown('slide-row') },
  dialogOn('/admin/carousel', shown('slide-row'), 'New Slide'),
  { path: '/admin/manual-entry', ready: h1('Manual Raffle Entry') },
  { path: '/admin/postal-entries', ready: h1('Postal Entries') },
  { path: '/admin/tickets', ready: h1('Manage Tickets') },
  dialogOn('/admin/tickets', h1('Manage Tickets'), 'Add Tickets'),
  { path: '/admin/support', ready: shown('inbox-ticket') },
  {
    path: '/admin/support',
    open: {
      shows: 'a conversation',
      by: async (page) => {
        await page
          .getByTestId('inbox-ticket')
          .first()
          .getByRole('link', { name: /^View / })
          .click();
      },
    },
    ready: (page) => page.getByRole('link', { name: 'Back to Support Tickets' }),
  },
  {
    path: '/admin/notifications',
    ready: (page) => page.getByRole('textbox', { name: 'Title', exact: true }),
  },
  { path: '/admin/users', ready: shown('user-row') },
  dialogOn('/admin/users', shown('user-row'), 'a user to edit', inFirstRow('user-row', 'Edit')),
  { path: '/admin/settings', ready: (page) => page.getByRole('tabpanel') },
  { path: '/admin/settings?tab=appearance', ready: shown('theme-preview') },
  { path: '/admin/settings?tab=social', ready: (page) => page.getByRole('tabpanel') },
  { path: '/admin/settings?tab=email', ready: (page) => page.getByRole('tabpanel') },
];

/**
 * What is wrong with the page as it is, on the phone and then widened to the tablet: sideways
 * scrolling and unreachable controls at both widths, axe on the phone. Ends on the phone.
 */
async function findingsHere(page: Page, where: string): Promise<string[]> {
  const found: string[] = [];
  for (const viewport of [PHONE, TABLET]) {
    await page.setViewportSize(viewport);
    const at = `${where} @${viewport.width}px`;
    found.push(...(await horizontalOverflow(page)).map((o) => `${at} sideways: ${o}`));
    found.push(...(await unreachableControls(page)).map((c) => `${at} unreachable: ${c}`));
    if (viewport === PHONE) {
      found.push(...(await seriousAccessibilityViolations(page)).map((v) => `${at} axe: ${v}`));
      found.push(...(await blocksInParagraphs(page)).map((b) => `${at} invalid nesting: ${b}`));
    }
  }
  await page.setViewportSize(PHONE);
  return found;
}

/** Visits each route on the phone and lists what is wrong on each (see findingsHere). */
async function findingsOn(page: Page, routes: Route[]): Promise<string[]> {
  const found: string[] = [];
  for (const { path, ready, open } of routes) {
    const where = open ? `${path}, ${open.shows}` : path;
    await page.setViewportSize(PHONE);
    await page.goto(`${SHOP_URL}${path}`);
    // A page or view that never shows is a finding too, and the others are still visited.
    const shownWhenReady = ready(page);
    const showed = await (open ? open.by(page) : Promise.resolve())
      .then(() => shownWhenReady.waitFor())
      .then(
        () => true,
        () => false,
      );
    if (!showed) {
      found.push(`${where} never showed ${String(shownWhenReady)}`);
      continue;
    }
    found.push(...(await findingsHere(page, where)));
  }
  return found;
}

beforeAll(async () => {
  // The ended demo raffle drawn, so its draw page shows the winner and the check. Committed
  // here rather than waited for: the reseed's trigger can queue behind other suites' for long.
  await ensureDrawCommitment(adminDb, 'spa-break-ended');
  await runDueDraws(adminDb, adminAuth);
});

afterAll(async () => {
  // The purchase chose a spending limit: the next file starts without one, as seeded.
  await adminDb.doc(cartPath(customer.uid)).delete();
  await adminDb.doc(protectionPath(customer.uid)).delete();
});

describe('every page on a phone and a tablet', () => {
  it('fits the shop’s pages for a guest, every control within reach', async () => {
    const page = await shop.newPage(PHONE);
    const found = await findingsOn(page, GUEST_ROUTES);

    // The fullest cart a guest can hold: its badge shows the whole total, as the link names it,
    // and still fits the phone's bar.
    const full = Array.from({ length: MAX_CART_LINES }, (_, line) => ({
      raffleId: `full-cart-${line}`,
      quantity: MAX_CART_LINE_QUANTITY,
    }));
    await page.evaluate(([key, items]) => localStorage.setItem(key, items), [
      STORAGE_KEYS.guestCart,
      JSON.stringify(full),
    ] as const);
    await page.goto(SHOP_URL);
    const cartLink = page.getByRole('link', { name: `Cart, ${MAX_CART_TICKETS} tickets` });
    await cartLink.getByText(String(MAX_CART_TICKETS), { exact: true }).waitFor();
    found.push(...(await findingsHere(page, '/ with a full cart')));
    await page.close();

    // A first visit: the cookie banner over the shop window.
    const firstVisit = await shop.newPage(PHONE, { cookieChoiceMade: false });
    await firstVisit.goto(SHOP_URL);
    await firstVisit.getByRole('region', { name: 'Cookie preferences' }).waitFor();
    await firstVisit.getByTestId('raffle-card').first().waitFor();
    found.push(...(await findingsHere(firstVisit, '/ with the cookie banner')));
    await firstVisit.close();
    expect(found).toEqual([]);
  });

  it('fits the customer’s pages and account area', async () => {
    // Something to show in the cart and at checkout, and no spending limit chosen yet (a file
    // run before may have left one: the seed does not reset it).
    await adminDb.doc(cartPath(customer.uid)).set({
      items: [{ raffleId: 'tech-macbook', quantity: 2 }],
      updatedAt: new Date(),
    });
    await adminDb.doc(protectionPath(customer.uid)).delete();
    const page = await shop.newPage(PHONE);
    await signIn(page, customer.email, customer.password);
    const found = await findingsOn(page, CUSTOMER_ROUTES);
    await page.close();
    expect(found).toEqual([]);
  });

  it('fits the administrator’s console, wide tables scrolling in their own box', async () => {
    const page = await shop.newPage(PHONE);
    await signIn(page, admin.email, admin.password);
    const found = await findingsOn(page, ADMIN_ROUTES);
    await page.close();
    expect(found).toEqual([]);
  });

  it('takes a customer on a phone from a raffle to the order confirmed, every dialog within reach', async () => {
    // A first purchase, from an empty cart: the spending-limit question comes up too.
    await adminDb.doc(protectionPath(customer.uid)).delete();
    await adminDb.doc(cartPath(customer.uid)).delete();
    const page = await shop.newPage(PHONE);
    await signIn(page, customer.email, customer.password);
    const found: string[] = [];
    await page.goto(`${SHOP_URL}/competitions`);
    const card = page.getByTestId('raffle-card').filter({ hasText: '£10,000 Tax-Free Cash' });
    await card.getByRole('button', { name: 'Add to Cart' }).click();
    const question = page.getByRole('dialog', { name: 'Answer to Enter' });
    await question.getByLabel('London').waitFor();
    found.push(...(await findingsHere(page, 'the skill question')));
    await question.getByLabel('London').check();
    await question.getByRole('button', { name: 'Submit' }).click();
    const added = page.getByRole('dialog', { name: 'Added to Cart' });
    await added.getByText('1 ticket for £10,000 Tax-Free Cash.').waitFor();
    found.push(...(await findingsHere(page, 'Added to Cart')));
    await added.getByRole('link', { name: 'View Cart' }).click();
    await page.getByTestId('cart-line').waitFor();
    found.push(...(await findingsHere(page, 'the cart')));
    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await page.getByRole('button', { name: 'Pay by Card' }).click();
    const limit = page.getByRole('dialog', { name: 'Set a monthly spending limit' });
    await limit.getByLabel('Monthly spending limit').waitFor();
    found.push(...(await findingsHere(page, 'the spending-limit question')));
    await limit.getByLabel('Monthly spending limit').fill('100');
    await limit.getByRole('button', { name: 'Save and continue' }).click();
    await page.waitForURL(`${URLS.stripe}/pay/**`);
    await enterCardOnStripe(page, '4242 4242 4242 4242');
    await page.waitForURL(/\/checkout\/complete\//);
    await page.getByRole('heading', { name: /Your order is confirmed/ }).waitFor();
    await page.getByTestId('order-item').waitFor();
    found.push(...(await findingsHere(page, 'the order confirmed')));
    await page.close();
    expect(found).toEqual([]);
  });
});
