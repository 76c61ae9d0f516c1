/** Chromium driven by Playwright (tests/support/chromium.ts says which Chromium). */
import { PASSWORD_MESSAGES, STORAGE_KEYS } from '@rafflewin/domain';
import { chromium, type Browser, type Download, type Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { URLS } from '../../emulators/config';
import { CHROMIUM_ARGS, chromiumPath } from './chromium';
import { endFirestoreChannels, trackFirestoreChannels } from './firestoreChannels';
import { TEST_PASSWORD, type Customer } from './customers';
import type { DemoShop } from './demoShop';
import { BROWSER_ENDPOINT_ENV } from './jest/browserServer';
import { linkIn, type ReceivedMail } from './mailbox';

export const SHOP_URL = URLS.shop;

/**
 * The browser of the run: the browser tests share one (started once for all of them by
 * tests/support/jest/browserServer.ts); outside a test run, a browser of its own. Each test
 * file opens its own pages (fresh contexts) and closes them with `browser.close()`.
 */
export async function launchBrowser(): Promise<Browser> {
  const shared = process.env[BROWSER_ENDPOINT_ENV];
  const browser = shared
    ? await chromium.connect(shared)
    : await chromium.launch({
        executablePath: chromiumPath(),
        headless: true,
        args: CHROMIUM_ARGS,
      });
  // Closing also ends the Firestore channels its pages opened (tests/support/firestoreChannels.ts):
  // their pages closed first, so that no SDK reconnects meanwhile.
  const close = browser.close.bind(browser);
  browser.close = async (options) => {
    await Promise.all(browser.contexts().map((context) => context.close()));
    await endFirestoreChannels();
    await close(options);
  };
  return browser;
}

/** What the browser reported since the last check (see takeBrowserProblems). */
let problems: string[] = [];

/**
 * Console errors the shop is expected to cause, each for a reason a test sets up on purpose:
 * the browser logs every refused network request (a 4xx answer of a callable or of the
 * hosting, a blocked Firestore read) whatever the page does with it.
 */
const EXPECTED_CONSOLE_ERRORS: RegExp[] = [
  /^Failed to load resource: the server responded/,
  // This machine resolves no outside names: an image an administrator links from another site
  // (the logo, a library image) cannot load here.
  /^Failed to load resource: net::ERR_NAME_NOT_RESOLVED/,
];

/** Console errors the current test causes on purpose (see allowBrowserErrors). */
let allowedThisTest: RegExp[] = [];

/**
 * Lets the current test's pages report console or page errors matching `patterns` (a test
 * that cuts the network or blocks a request on purpose); the allowance ends with the test.
 */
export function allowBrowserErrors(...patterns: RegExp[]): void {
  allowedThisTest.push(...patterns);
}

/** Network failures a test causes by cutting the page's connection or aborting a request. */
export const CUT_NETWORK = /^Failed to load resource: net::ERR_(FAILED|INTERNET_DISCONNECTED)/;

/** What the Firestore SDK logs when its channel fails because a test cut the connection. */
export const FIRESTORE_UNREACHABLE = /Could not reach Cloud Firestore backend/;

/**
 * Moves a page's installed clock on by `time` (Playwright's fastForward). The jump also fires the
 * Firestore SDK's own timers that were running: when its channel is still opening, its 10-second
 * wait for the backend, which then logs FIRESTORE_UNREACHABLE and reconnects. That note is the
 * jump's doing, not the shop's, so the current test allows it; the test still asserts what the
 * page shows after.
 */
export async function moveClockOn(page: Page, time: number | string): Promise<void> {
  allowBrowserErrors(FIRESTORE_UNREACHABLE);
  await page.clock.fastForward(time);
}

/** The Firestore SDK's own English for a refused request: never words for a customer. */
export const FIRESTORE_SDK_REFUSAL = /Missing or insufficient permissions|PERMISSION_DENIED/i;

/**
 * A status code in what a person reads ("This raffle is sold out [400]"): the Firebase SDK
 * appends one to callable errors, and the shop must never show it.
 */
const STATUS_IN_TEXT = /\[[45]\d\d\]/;

/**
 * The problems the browser reported since the last call, and forgets them: console errors
 * (but the expected ones), uncaught page errors, and any text shown with a status code in
 * it. The browser tests fail on any (tests/support/jest/e2eGuards.ts).
 */
export function takeBrowserProblems(): string[] {
  const taken = problems;
  problems = [];
  allowedThisTest = [];
  recentConsole.splice(0);
  return taken;
}

/** The shop pages open now (newShopPage), for the snapshot of a failed test. */
const openPages = new Set<Page>();

/**
 * The last console warnings and expected errors of the file's pages (a refused request, the
 * Firestore SDK's connection notes), for the snapshot of a failed test.
 */
const recentConsole: string[] = [];
const RECENT_CONSOLE_KEPT = 4;

/**
 * What each open page shows, one line each: its address and the start of its main region's
 * text (the header's links left out), then the last console notes (see recentConsole), for a
 * failed test's report: a wait that timed out then says what the page showed instead.
 */
export async function openPagesText(): Promise<string[]> {
  return Promise.all(
    [...openPages].map(async (page) => {
      const main = page.locator('main');
      const shown = (await main.count().catch(() => 0)) > 0 ? main.first() : page.locator('body');
      const text = await shown
        .innerText({ timeout: 2_000 })
        .catch((error: unknown) => `(unreadable: ${String(error).slice(0, 200)})`);
      return `Open page ${page.url()}: ${text.replace(/\s*\n\s*/g, ' | ').slice(0, 400)}`;
    }),
  ).then((shown) => [...shown, ...recentConsole.splice(0)]);
}

/** Reports text shown with a status code ("[400]") as a console error the page listens to. */
function watchForStatusCodes(pattern: string): void {
  const statusCode = new RegExp(pattern);
  const check = (node: Node) => {
    const text = node.textContent ?? '';
    if (statusCode.test(text)) console.error(`Shown with a status code: "${text.slice(0, 200)}"`);
  };
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'characterData') check(record.target);
      record.addedNodes.forEach((node) => {
        if (node.nodeType === Node.TEXT_NODE || node.nodeType === Node.ELEMENT_NODE) check(node);
      });
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

/**
 * A page as a returning visitor who has already made their cookie choice (so the banner does
 * not cover the page); pass `cookieChoiceMade: false` to meet the banner, `timezoneId` for
 * a computer set to another time zone, and `serviceWorker` for the shop's service worker (with
 * notifications allowed). What its browser
 * reports as a problem fails the test (see takeBrowserProblems).
 */
export async function newShopPage(
  browser: Browser,
  viewport = { width: 1280, height: 900 },
  {
    cookieChoiceMade = true,
    timezoneId,
    serviceWorker = false,
  }: { cookieChoiceMade?: boolean; timezoneId?: string; serviceWorker?: boolean } = {},
): Promise<Page> {
  // Reduced motion: the shop then skips its transitions, as it does for people who ask. The
  // shop's service worker runs only where a test asks for it (push.spec): elsewhere each test's
  // requests go to the network, where its routes and counts can see them.
  const page = await browser.newPage({
    viewport,
    reducedMotion: 'reduce',
    timezoneId,
    serviceWorkers: serviceWorker ? 'allow' : 'block',
    ...(serviceWorker ? { permissions: ['notifications'] } : {}),
  });
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    const text = message.text();
    const expected = [...EXPECTED_CONSOLE_ERRORS, ...allowedThisTest];
    // Playwright blocks the service worker in most tests (below) and the browser says so.
    if (message.type() === 'warning' && text.includes('blocked by Playwright')) return;
    if (message.type() === 'warning' || expected.some((pattern) => pattern.test(text))) {
      recentConsole.push(`console ${message.type()} on ${page.url()}: ${text.slice(0, 200)}`);
      recentConsole.splice(0, recentConsole.length - RECENT_CONSOLE_KEPT);
      return;
    }
    problems.push(`console error on ${page.url()}: ${text.slice(0, 500)}`);
  });
  page.on('pageerror', (error) => {
    const text = `${error.name} ${error.message}`;
    if (allowedThisTest.some((pattern) => pattern.test(text))) return;
    problems.push(
      `page error on ${page.url()}: ${text.slice(0, 800)}\n${error.stack?.slice(0, 600) ?? ''}`,
    );
  });
  openPages.add(page);
  page.on('close', () => openPages.delete(page));
  trackFirestoreChannels(page);
  await page.addInitScript(watchForStatusCodes, STATUS_IN_TEXT.source);
  if (cookieChoiceMade) {
    await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
      STORAGE_KEYS.cookiePreferences,
      JSON.stringify({ necessary: true, analytics: false, marketing: false }),
    ] as const);
  }
  return page;
}

/** Signs in through /auth and waits until the navigation bar shows the account menu. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${SHOP_URL}/auth`);
  const holdsSession = (key: string) => localStorage.getItem(key) !== null;
  if (await page.evaluate(holdsSession, STORAGE_KEYS.signedIn)) {
    // A session already on this page (the test's first try left it, or another account's):
    // /auth would send it on. Its stored session goes, as in a fresh browser (cleared on a
    // static page of the shop's, as the app's open databases would fail under it), and /auth
    // opens again.
    await page.goto(`${SHOP_URL}/offline.html`);
    const devTools = await page.context().newCDPSession(page);
    await devTools.send('Storage.clearDataForOrigin', {
      origin: SHOP_URL,
      storageTypes: 'indexeddb,local_storage',
    });
    await devTools.detach();
    await page.goto(`${SHOP_URL}/auth`);
  }
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
}

/**
 * On the /auth page already open: signs in with the password, which sends an account with
 * two-factor on to /2fa, and there with a recovery code (the phone lost); waits until the
 * navigation bar shows the account menu.
 */
export async function signInWithRecoveryCode(
  page: Page,
  email: string,
  password: string,
  recoveryCode: string,
): Promise<void> {
  await page.getByLabel('Email or username').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(/\/2fa\?redirect=/);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
}

/** What shows that a page is ready: a text on it, or a button's name. */
export type ShownWhenReady = { text: string } | { button: string };

/**
 * `who` signed in on a new page at `path`, `ready` shown; then `end` ends its sessions from
 * elsewhere ("Sign out from all devices" on their phone, a ban), at once: the server's cut-off
 * comes after the second of the latest sign-in by itself. With `keepsOldToken` the page
 * cannot refresh its token (Auth unreachable), so it has not noticed yet and still acts as
 * signed in; otherwise it may notice and sign out. The Firestore SDK's refusals it logs
 * meanwhile are allowed.
 */
export async function pageWhoseSessionEnds(
  shop: DemoShop,
  who: Customer,
  path: string,
  {
    ready,
    end,
    keepsOldToken = false,
  }: { ready: ShownWhenReady; end: () => Promise<unknown>; keepsOldToken?: boolean },
): Promise<Page> {
  allowBrowserErrors(FIRESTORE_SDK_REFUSAL, /permission-denied/i, /FirebaseError/);
  const page = await shop.newPage();
  await signIn(page, who.email, TEST_PASSWORD);
  if (keepsOldToken) {
    allowBrowserErrors(CUT_NETWORK);
    await page.route('**/securetoken.googleapis.com/**', (route) =>
      route.abort('internetdisconnected'),
    );
  }
  await page.goto(`${SHOP_URL}${path}`);
  const shown =
    'button' in ready
      ? page.getByRole('button', { name: ready.button, exact: true })
      : page.getByText(ready.text, { exact: true }).first();
  await shown.waitFor();
  await end();
  return page;
}

/** A download's file name and text (read through Playwright: the browser may be remote). */
export async function downloadedText(download: Download): Promise<{ name: string; text: string }> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return { name: download.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8') };
}

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[] }>;
}

/**
 * Runs axe-core (WCAG 2.1 A and AA rules) on the page as it is and returns the serious and
 * critical violations, described one per line, so a failing test says what is wrong.
 */
export async function seriousAccessibilityViolations(page: Page): Promise<string[]> {
  // Still frames: a check in the middle of a fade would measure half-transparent text. MUI's
  // transitions ignore reduced motion, so also wait (briefly) for running ones to finish.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          // Spinners and skeleton pulses never end: only transitions are waited for.
          .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
          .every((animation) => animation.playState !== 'running'),
      undefined,
      { timeout: 3_000 },
    )
    .catch(() => undefined);
  // Evaluated through the DevTools protocol, which the shop's Content-Security-Policy (no
  // inline scripts) does not govern; a <script> tag would be refused.
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: unknown[] }> };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations;
  });
  return (violations as AxeViolation[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')})`,
    );
}

/** Elements HTML does not allow inside a paragraph: its parser closes the `<p>` before them. */
const BLOCKS_IN_PARAGRAPH =
  'p :is(address, article, aside, blockquote, details, dialog, div, dl, fieldset, figcaption, ' +
  'figure, footer, form, h1, h2, h3, h4, h5, h6, header, hgroup, hr, main, menu, nav, ol, p, ' +
  'pre, section, table, ul)';

/**
 * Blocks inside a paragraph, each as `p > tag "text"`. React builds the page's DOM by script, so
 * a `<Typography>` (a `<p>`) holding a heading shows as meant here; the same markup from a server
 * or a saved page would reach the browser's parser, which closes the paragraph first, and
 * assistive technology reads the DOM as the invalid tree it is.
 */
export async function blocksInParagraphs(page: Page): Promise<string[]> {
  return page.evaluate(
    (selector) =>
      Array.from(document.querySelectorAll(selector)).map(
        (el) => `p > ${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}"`,
      ),
    BLOCKS_IN_PARAGRAPH,
  );
}

/**
 * What sticks out sideways: empty when nothing is wider than the window, otherwise the
 * overflow in pixels and the outermost elements whose right edge passes the window's. Right
 * after a viewport change the page re-lays itself out (media queries re-render React), so it
 * first gives the layout up to 3 s to fit before measuring.
 */
export async function horizontalOverflow(page: Page): Promise<string[]> {
  await page
    .waitForFunction(
      () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
      undefined,
      { timeout: 3_000 },
    )
    .catch(() => undefined);
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const overflow = document.documentElement.scrollWidth - width;
    if (overflow <= 0) return [];
    const clipped = (el: Element) => {
      for (let a = el.parentElement; a; a = a.parentElement) {
        if (getComputedStyle(a).overflowX !== 'visible') return true;
      }
      return false;
    };
    const wide = Array.from(document.querySelectorAll('body *')).filter(
      (el) => el.getBoundingClientRect().right > width + 0.5,
    );
    const outermost = wide
      .filter((el) => !clipped(el))
      .filter(
        (el) => !el.parentElement || el.parentElement.getBoundingClientRect().right <= width + 0.5,
      );
    // Absolutely positioned elements escape their clipping ancestors: name those too.
    const escaped = wide.filter((el) => getComputedStyle(el).position === 'absolute');
    const culprits = (outermost.length > 0 ? outermost : escaped)
      .slice(0, 5)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${Array.from(el.classList).join('.')} right=${Math.round(el.getBoundingClientRect().right)} "${(el.textContent ?? '').slice(0, 30)}"`,
      );
    return [`${overflow}px`, ...culprits];
  });
}

/**
 * Controls a phone cannot reach: each visible button, link, field or tab that sits sideways
 * outside the window, is cut off by a box that hides its overflow, or lies under something
 * else. A control inside a box that scrolls sideways (a wide table's container, scrollable
 * tabs) is reachable by scrolling that box, so only the part of it showing there is judged.
 * Each control is scrolled to the middle of the window before looking at what covers it.
 */
export async function unreachableControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
    const controls = document.querySelectorAll<HTMLElement>(
      'button, a[href], input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"], [role="checkbox"], [role="switch"], [role="combobox"]',
    );
    for (const el of Array.from(controls)) {
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const rect = el.getBoundingClientRect();
      // Visually hidden inputs (MUI's checkboxes, radios, switches) stand behind their icon.
      if (rect.width < 4 || rect.height < 4) continue;
      if (el.closest('[aria-hidden="true"], [inert]')) continue;
      let scroller: Element | null = null;
      let cutBy: Element | null = null;
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.overflowX === 'auto' || style.overflowX === 'scroll') {
          scroller = a;
          break;
        }
        if (style.overflowX === 'hidden' || style.overflowX === 'clip') {
          const box = a.getBoundingClientRect();
          const centre = rect.left + rect.width / 2;
          if (centre < box.left - 0.5 || centre > box.right + 0.5) {
            cutBy = a;
            break;
          }
        }
      }
      if (cutBy) {
        found.push(`${describe(el)} is cut off by ${describe(cutBy)}`);
        continue;
      }
      if (scroller) continue;
      if (rect.left < -0.5 || rect.right > width + 0.5) {
        found.push(
          `${describe(el)} is outside the window (left=${Math.round(rect.left)} right=${Math.round(rect.right)})`,
        );
        continue;
      }
      const y = window.scrollY + rect.top + rect.height / 2 - window.innerHeight / 2;
      window.scrollTo({ top: Math.max(0, y), behavior: 'instant' });
      const now = el.getBoundingClientRect();
      const x = now.left + now.width / 2;
      const top = now.top + now.height / 2;
      if (top < 0 || top > window.innerHeight) continue;
      const hit = document.elementFromPoint(x, top);
      if (hit && hit !== el && !el.contains(hit) && !hit.contains(el)) {
        found.push(`${describe(el)} is under ${describe(hit)}`);
      }
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
    return found;
  });
}

/**
 * Follows a password-reset e-mail's link as the customer would: /reset-password sends on to
 * /new-password, which names the account; the new password is typed twice and saved.
 */
export async function setNewPasswordFromMail(
  page: Page,
  mail: ReceivedMail,
  email: string,
  password: string,
): Promise<void> {
  await page.goto(linkIn(mail, `${SHOP_URL}/reset-password?`));
  await page.waitForURL(/\/new-password\?oobCode=/);
  await page.getByText(`Choose a new password for ${email}.`).waitFor();
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm new password').fill(password);
  await page.getByRole('button', { name: 'Update Password' }).click();
  await page.getByText(PASSWORD_MESSAGES.updated, { exact: true }).waitFor();
}

/** After Add to Cart: waits for "Added to Cart" to name the tickets, and opens the cart. */
export async function viewCart(page: Page, raffleName: string, tickets: number): Promise<void> {
  const added = page.getByRole('dialog', { name: 'Added to Cart' });
  const named = `${tickets} ${tickets === 1 ? 'ticket' : 'tickets'} for ${raffleName}.`;
  await added.getByText(named).waitFor();
  await added.getByRole('link', { name: 'View Cart' }).click();
  await page.getByRole('heading', { name: 'Shopping Cart' }).waitFor();
}

/** After Add to Cart on a raffle with the demo skill question: answers it, then viewCart. */
export async function answerAndViewCart(
  page: Page,
  raffleName: string,
  tickets: number,
): Promise<void> {
  const question = page.getByRole('dialog', { name: 'Answer to Enter' });
  await question.getByLabel('London').check();
  await question.getByRole('button', { name: 'Submit' }).click();
  await viewCart(page, raffleName, tickets);
}

/**
 * From the cart: Proceed to Checkout, Pay by Card, the card on Stripe's page (`onStripePage`
 * first, to check what it shows), back on the shop's confirmation.
 */
export async function payFromCart(
  page: Page,
  card: string,
  onStripePage: () => Promise<void> = async () => undefined,
): Promise<void> {
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await page.getByRole('button', { name: 'Pay by Card' }).click();
  await page.waitForURL(`${URLS.stripe}/pay/**`);
  await onStripePage();
  await enterCardOnStripe(page, card);
  await page.waitForURL(`${SHOP_URL}/checkout/complete/**`);
  await page.getByRole('heading', { name: 'Thank you! Your order is confirmed' }).waitFor();
}

/**
 * Fills in and submits the card form of Stripe's hosted page (the local double's), which the
 * shop's checkout or card set-up has sent the browser to.
 */
export async function enterCardOnStripe(
  page: Page,
  number: string,
  { expiry = '12/34', name = 'Test Buyer' }: { expiry?: string; name?: string } = {},
): Promise<void> {
  await page.waitForURL(`${URLS.stripe}/pay/**`);
  await page.getByLabel('Name on card').fill(name);
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM / YY)').fill(expiry);
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: /^(Pay £|Save card)/ }).click();
}
