/**
 * The shop's main journeys by keyboard alone: Tab, Shift+Tab, Enter, Space, the arrow keys,
 * Escape and typing, never a click on the shop's pages (the Stripe double's payment page is
 * filled as elsewhere). At each step the control that should have focus has it, and shows it
 * (an outline or a box shadow); a dialog keeps Tab inside itself and, closed, gives focus back
 * to the control that opened it.
 */
import { cartPath, protectionPath } from '@rafflewin/domain';
import type { Locator, Page } from 'playwright-core';
import { DEMO_USERS, URLS } from '../../emulators/config';
import { adminDb } from '../support/admin';
import { SHOP_URL, enterCardOnStripe, signIn } from '../support/browser';
import { demoShopForFile } from '../support/demoShop';

jest.setTimeout(300_000);

const shop = demoShopForFile();
const { customer } = DEMO_USERS;

const PHONE = { width: 375, height: 740 };
const RAFFLE = '£10,000 Tax-Free Cash';

/** What has focus, as a person would name it: role or tag, then its name or text. */
function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return '(body)';
    const role = element.getAttribute('role') ?? element.tagName.toLowerCase();
    const label =
      element.getAttribute('aria-label') ??
      (element.id
        ? document.querySelector(`label[for="${CSS.escape(element.id)}"]`)?.textContent
        : null) ??
      element.closest('label')?.textContent ??
      element.textContent ??
      '';
    return `${role} "${label.trim().replace(/\s+/g, ' ').slice(0, 60)}"`;
  });
}

function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === document.activeElement).catch(() => false);
}

/**
 * Presses `key` (Tab unless told) until `target` has focus, at most `max` times; fails with
 * the list of what received focus on the way.
 */
async function keyTo(
  page: Page,
  target: Locator,
  { key = 'Tab', max = 60 }: { key?: string; max?: number } = {},
): Promise<void> {
  await target.waitFor();
  const seen: string[] = [];
  for (let presses = 0; presses < max; presses += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(key);
    seen.push(await focusedName(page));
  }
  if (await isFocused(target)) return;
  throw new Error(
    `${max} presses of ${key} did not reach ${target.toString()}; focus went to:\n  ${seen.join('\n  ')}`,
  );
}

/**
 * Whether the focused element shows it: a visible outline or a box shadow. A native input
 * MUI hides (a radio's, opacity 0) is judged by the control drawn in its place; a text field
 * by its focused border (MUI's outlined field draws a 2 px border in the primary colour).
 */
function focusIndicator(page: Page): Promise<string> {
  return page.evaluate(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) return 'nothing focused';
    const field = focused.closest('.MuiOutlinedInput-root.Mui-focused');
    const border = field?.querySelector('.MuiOutlinedInput-notchedOutline');
    if (border && Number.parseFloat(getComputedStyle(border).borderTopWidth) >= 2) {
      return 'focused field border';
    }
    const element =
      getComputedStyle(focused).opacity === '0' && focused.parentElement
        ? focused.parentElement
        : focused;
    const style = getComputedStyle(element);
    const outline =
      style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0
        ? `outline ${style.outlineStyle} ${style.outlineWidth}`
        : null;
    // A MUI button's shadow is its elevation, there with or without focus: not a sign of it.
    const shadow =
      style.boxShadow !== 'none' && !element.classList.contains('MuiButtonBase-root')
        ? 'box-shadow'
        : null;
    return outline ?? shadow ?? 'none';
  });
}

/** Collects a finding when the focused control shows no focus. */
async function expectVisibleFocus(page: Page, where: string, found: string[]): Promise<void> {
  const indicator = await focusIndicator(page);
  if (indicator === 'none' || indicator === 'nothing focused') {
    found.push(`${where}: ${await focusedName(page)} has focus but shows ${indicator}`);
  }
}

/** Tab and Shift+Tab, each `presses` times, never leave `dialog`. */
async function expectFocusTrapped(
  page: Page,
  dialog: Locator,
  where: string,
  found: string[],
  presses = 8,
): Promise<void> {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let press = 0; press < presses; press += 1) {
      await page.keyboard.press(key);
      const inside = await dialog.evaluate((element) => element.contains(document.activeElement));
      if (!inside) {
        found.push(`${where}: ${key} left the dialog for ${await focusedName(page)}`);
        return;
      }
    }
  }
}

afterAll(async () => {
  // The purchase chose a spending limit: the next file starts without one, as seeded.
  await adminDb.doc(cartPath(customer.uid)).delete();
  await adminDb.doc(protectionPath(customer.uid)).delete();
});

describe('keyboard journeys', () => {
  it('takes a customer from a raffle’s Add to Cart to Stripe’s payment page by keyboard', async () => {
    // A first purchase from an empty cart, by an account that has not chosen a spending limit.
    await adminDb.doc(protectionPath(customer.uid)).delete();
    await adminDb.doc(cartPath(customer.uid)).delete();
    const page = await shop.newPage();
    await signIn(page, customer.email, customer.password);
    const found: string[] = [];
    await page.goto(`${SHOP_URL}/competitions`);
    const card = page.getByTestId('raffle-card').filter({ hasText: RAFFLE });
    const addToCart = card.getByRole('button', { name: 'Add to Cart' });
    await keyTo(page, addToCart, { max: 120 });
    await expectVisibleFocus(page, 'Add to Cart', found);

    // The question: Escape closes it and focus comes back to Add to Cart.
    await page.keyboard.press('Enter');
    const question = page.getByRole('dialog', { name: 'Answer to Enter' });
    const london = question.getByRole('radio', { name: 'London' });
    await london.waitFor();
    await expectFocusTrapped(page, question, 'the skill question', found);
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'hidden' });
    if (!(await isFocused(addToCart))) {
      found.push(`the skill question closed: focus went to ${await focusedName(page)}`);
      await keyTo(page, addToCart, { max: 120 });
    }

    // Again, answered by the arrow keys this time.
    await page.keyboard.press('Enter');
    await london.waitFor();
    await keyTo(page, question.getByRole('radio').first(), { max: 10 });
    await expectVisibleFocus(page, 'the first answer', found);
    for (let press = 0; press < 3 && !(await london.isChecked()); press += 1) {
      if (await isFocused(london)) await page.keyboard.press('Space');
      else await page.keyboard.press('ArrowDown');
    }
    expect(await london.isChecked()).toBe(true);
    const submit = question.getByRole('button', { name: 'Submit' });
    await keyTo(page, submit, { max: 10 });
    await expectVisibleFocus(page, 'Submit', found);
    await page.keyboard.press('Enter');

    // Added to Cart: focus inside it, kept there; View Cart by Tab and Enter.
    const added = page.getByRole('dialog', { name: 'Added to Cart' });
    await added.getByText(`1 ticket for ${RAFFLE}.`).waitFor();
    await expectFocusTrapped(page, added, 'Added to Cart', found);
    const viewCart = added.getByRole('link', { name: 'View Cart' });
    await keyTo(page, viewCart, { max: 10 });
    await expectVisibleFocus(page, 'View Cart', found);
    await page.keyboard.press('Enter');

    // The cart: one more ticket.
    await page.getByRole('heading', { name: 'Shopping Cart' }).waitFor();
    const line = page.getByTestId('cart-line').filter({ hasText: RAFFLE });
    const more = line.getByRole('button', { name: `More tickets for ${RAFFLE}` });
    await keyTo(page, more);
    await expectVisibleFocus(page, 'More tickets', found);
    await page.keyboard.press('Enter');
    await line.getByTestId('line-quantity').getByText('2', { exact: true }).waitFor();

    const proceed = page.getByRole('link', { name: 'Proceed to Checkout' });
    await keyTo(page, proceed);
    await expectVisibleFocus(page, 'Proceed to Checkout', found);
    await page.keyboard.press('Enter');

    const pay = page.getByRole('button', { name: 'Pay by Card' });
    await keyTo(page, pay);
    await expectVisibleFocus(page, 'Pay by Card', found);
    await page.keyboard.press('Enter');

    // The test removed the account's limit, so the spending-limit question comes first: filled
    // and saved by keyboard.
    const limitDialog = page.getByRole('dialog', { name: 'Set a monthly spending limit' });
    const limit = limitDialog.getByLabel('Monthly spending limit');
    await limit.waitFor();
    await expectFocusTrapped(page, limitDialog, 'the spending-limit question', found);
    await keyTo(page, limit, { max: 10 });
    await expectVisibleFocus(page, 'Monthly spending limit', found);
    await page.keyboard.type('100');
    const save = limitDialog.getByRole('button', { name: 'Save and continue' });
    await keyTo(page, save, { max: 10 });
    await expectVisibleFocus(page, 'Save and continue', found);
    await page.keyboard.press('Enter');

    await page.waitForURL(`${URLS.stripe}/pay/**`);
    await enterCardOnStripe(page, '4242 4242 4242 4242');
    await page.waitForURL(`${SHOP_URL}/checkout/complete/**`);
    await page.getByRole('heading', { name: 'Thank you! Your order is confirmed' }).waitFor();
    await page.close();
    expect(found).toEqual([]);
  });

  it('opens the phone’s menu, moves through its links and closes it with Escape', async () => {
    const page = await shop.newPage(PHONE);
    await signIn(page, customer.email, customer.password);
    const found: string[] = [];
    await page.goto(SHOP_URL);
    await page.getByTestId('raffle-card').first().waitFor();
    const openMenu = page.getByRole('button', { name: 'Open menu' });
    await keyTo(page, openMenu, { max: 10 });
    await expectVisibleFocus(page, 'Open menu', found);
    await page.keyboard.press('Enter');

    const drawer = page.locator('.MuiDrawer-paper');
    const winners = drawer.getByRole('link', { name: 'Winners', exact: true });
    await winners.waitFor();
    const first = drawer.getByRole('link', { name: 'All Competitions', exact: true });
    await keyTo(page, first, { max: 3 });
    await expectVisibleFocus(page, 'All Competitions', found);
    await keyTo(page, winners, { max: 3 });
    await expectVisibleFocus(page, 'Winners', found);
    const signOut = drawer.getByRole('button', { name: 'Sign Out' });
    await keyTo(page, signOut, { max: 10 });
    await keyTo(page, winners, { key: 'Shift+Tab', max: 10 });
    await expectFocusTrapped(page, drawer, 'the menu', found, 12);

    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    if (!(await isFocused(openMenu))) {
      found.push(`the menu closed: focus went to ${await focusedName(page)}`);
    }
    await page.close();
    expect(found).toEqual([]);
  });

  it('opens the account menu and the Competitions menu and moves through them by the arrow keys', async () => {
    const page = await shop.newPage();
    await signIn(page, customer.email, customer.password);
    const found: string[] = [];
    await page.goto(SHOP_URL);
    await page.getByTestId('raffle-card').first().waitFor();
    const accountMenu = page.getByRole('button', { name: /^Account menu/ });
    await keyTo(page, accountMenu, { max: 20 });
    await expectVisibleFocus(page, 'Account menu', found);
    await page.keyboard.press('Enter');

    const menu = page.getByRole('menu');
    await menu.waitFor();
    const items = menu.getByRole('menuitem');
    if (!(await isFocused(items.first()))) {
      found.push(`the account menu opened: focus on ${await focusedName(page)}`);
    }
    await keyTo(page, items.nth(1), { key: 'ArrowDown', max: 3 });
    await expectVisibleFocus(page, 'the second account item', found);
    const signOut = menu.getByRole('menuitem', { name: 'Sign Out' });
    await keyTo(page, signOut, { key: 'ArrowDown', max: 12 });
    await expectVisibleFocus(page, 'Sign Out', found);
    // Up from the top goes round to Sign Out too, then Escape gives focus back.
    await keyTo(page, items.first(), { key: 'ArrowUp', max: 12 });
    await keyTo(page, signOut, { key: 'ArrowUp', max: 1 });
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    if (!(await isFocused(accountMenu))) {
      found.push(`the account menu closed: focus went to ${await focusedName(page)}`);
    }

    // The Competitions menu in the bar opens on its first entry too, and gives focus back.
    const competitions = page.getByRole('button', { name: 'Competitions', exact: true });
    await keyTo(page, competitions, { key: 'Shift+Tab', max: 20 });
    await expectVisibleFocus(page, 'Competitions', found);
    await page.keyboard.press('Enter');
    const entries = page.getByRole('menu').getByRole('menuitem');
    await entries.first().waitFor();
    if (!(await isFocused(entries.first()))) {
      found.push(`the Competitions menu opened: focus on ${await focusedName(page)}`);
    }
    await keyTo(page, entries.nth(1), { key: 'ArrowDown', max: 3 });
    await expectVisibleFocus(page, 'the second Competitions entry', found);
    await page.keyboard.press('Escape');
    await entries.first().waitFor({ state: 'detached' });
    if (!(await isFocused(competitions))) {
      found.push(`the Competitions menu closed: focus went to ${await focusedName(page)}`);
    }

    // Opened again, Sign Out by the arrow keys and Enter signs out.
    await keyTo(page, accountMenu, { max: 20 });
    await page.keyboard.press('Enter');
    await menu.waitFor();
    await keyTo(page, signOut, { key: 'ArrowUp', max: 2 });
    await page.keyboard.press('Enter');
    await page.getByRole('link', { name: 'Login' }).waitFor();
    await page.close();
    expect(found).toEqual([]);
  });
});
