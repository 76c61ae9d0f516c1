/**
 * Promo codes in the console: an administrator creates a code, changes it, switches it off,
 * is refused a code that exists and a percentage over 100, and finds a code older than the
 * newest the list shows by its beginning.
 */
import { PROMO_MESSAGES, promoCodePath, type PromoCodeData } from '@rafflewin/domain';
import type { Page } from 'playwright-core';
import { DEMO_USERS } from '../../emulators/config';
import { adminDb } from '../support/admin';
import { demoShopForFile } from '../support/demoShop';
import { SHOP_URL, seriousAccessibilityViolations, signIn } from '../support/browser';
import { promoCodeInput } from '../support/promoCodes';

jest.setTimeout(180_000);

const shop = demoShopForFile();
let admin: Page;

// Unique per run (the emulators keep codes between runs): letters, digits and hyphens, ≤ 20.
const run = Date.now().toString(36).toUpperCase();
const CODE = `SPRING-${run}`;
const REFUSED = `HALF-${run}`;
const OLD = `OLD-${run}`;
/** As many codes as the list shows, all newer than OLD. */
const NEWER = Array.from({ length: 200 }, (_, i) => `NEW${i}-${run}`);

const stored = async (code: string) => (await adminDb.doc(promoCodePath(code)).get()).data();

beforeAll(async () => {
  admin = await shop.newPage();
  await signIn(admin, DEMO_USERS.admin.email, DEMO_USERS.admin.password);
});

afterAll(async () => {
  const batch = adminDb.batch();
  for (const code of [CODE, REFUSED, OLD, ...NEWER]) batch.delete(adminDb.doc(promoCodePath(code)));
  await batch.commit();
});

async function openNewCodeForm() {
  await admin.getByRole('button', { name: 'New Promo Code' }).click();
  return admin.getByRole('dialog', { name: 'New Promo Code' });
}

describe('Promo Codes in the console', () => {
  it('creates, edits and switches off a code', async () => {
    await admin.goto(`${SHOP_URL}/admin`);
    await admin
      .getByRole('navigation', { name: 'Administration' })
      .getByRole('link', { name: 'Promo Codes' })
      .click();
    await admin.getByRole('heading', { name: 'Promo Codes', level: 1 }).waitFor();
    expect(await seriousAccessibilityViolations(admin)).toEqual([]);

    const form = await openNewCodeForm();
    await form.getByLabel('Code').fill(CODE.toLowerCase());
    // Shown in capitals as typed.
    expect(await form.getByLabel('Code').inputValue()).toBe(CODE);
    await form.getByLabel('Percentage (%)').fill('10');
    await form.getByLabel('Total uses').fill('5');
    await form.getByRole('button', { name: 'Create Promo Code' }).click();
    await admin.getByText(PROMO_MESSAGES.created).waitFor();
    await form.waitFor({ state: 'detached' });

    const row = admin.getByTestId('promo-code-row').filter({ hasText: CODE });
    await row.getByText('10% off', { exact: true }).waitFor();
    await row.getByText('0 / 5', { exact: true }).waitFor();
    await row.getByText('All raffles', { exact: true }).waitFor();
    expect(await stored(CODE)).toMatchObject({
      kind: 'percent',
      value: 10,
      maxUses: 5,
      maxUsesPerCustomer: 1,
      minSpend: 0,
      raffleIds: [],
      active: true,
      uses: 0,
    });

    // Edited to an amount off, typed in pounds and stored in pence.
    await row.getByRole('button', { name: `Edit ${CODE}` }).click();
    const edit = admin.getByRole('dialog', { name: 'Edit Promo Code' });
    expect(await edit.getByLabel('Code').inputValue()).toBe(CODE);
    expect(await edit.getByLabel('Percentage (%)').inputValue()).toBe('10');
    await edit.getByRole('combobox', { name: 'Type' }).click();
    await admin.getByRole('option', { name: 'Amount off' }).click();
    await edit.getByLabel('Amount (£)').fill('2.50');
    // Limited to one raffle, found by words of its name.
    await edit.getByLabel('Raffles (optional)').fill('spa break');
    await admin.getByRole('option', { name: /^Luxury Spa Break for Two — closes / }).click();
    await edit.getByRole('button', { name: 'Remove Luxury Spa Break for Two' }).waitFor();
    expect(await seriousAccessibilityViolations(admin)).toEqual([]);
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await admin.getByText(PROMO_MESSAGES.updated).waitFor();
    await row.getByText('£2.50 off', { exact: true }).waitFor();
    await row.getByText('1 raffle', { exact: true }).waitFor();
    expect(await stored(CODE)).toMatchObject({
      kind: 'amount',
      value: 250,
      maxUses: 5,
      raffleIds: ['spa-break-ended'],
    });

    // Switched off in the list.
    await row.getByRole('switch', { name: `Active ${CODE}` }).click();
    await admin.getByText(PROMO_MESSAGES.deactivated).waitFor();
    expect(await stored(CODE)).toMatchObject({ active: false });
    expect(await row.getByRole('switch', { name: `Active ${CODE}` }).isChecked()).toBe(false);
  });

  it('refuses a code that exists, and a percentage over 100', async () => {
    await admin.goto(`${SHOP_URL}/admin/promo-codes`);
    await admin.getByTestId('promo-code-row').filter({ hasText: CODE }).waitFor();

    const again = await openNewCodeForm();
    await again.getByLabel('Code').fill(CODE);
    await again.getByLabel('Percentage (%)').fill('10');
    await again.getByRole('button', { name: 'Create Promo Code' }).click();
    await again.getByText(PROMO_MESSAGES.exists).waitFor();
    // Nothing changed: the code stays the amount it was edited to.
    expect(await stored(CODE)).toMatchObject({ kind: 'amount', value: 250 });
    await again.getByRole('button', { name: 'Cancel' }).click();
    await again.waitFor({ state: 'detached' });

    const tooMuch = await openNewCodeForm();
    await tooMuch.getByLabel('Code').fill(REFUSED);
    const percentage = tooMuch.getByLabel('Percentage (%)');
    await percentage.fill('150');
    await tooMuch.getByRole('button', { name: 'Create Promo Code' }).click();
    await tooMuch.getByText(PROMO_MESSAGES.percentRange).waitFor();
    expect(await percentage.getAttribute('aria-invalid')).toBe('true');
    expect(await stored(REFUSED)).toBeUndefined();
    await tooMuch.getByRole('button', { name: 'Cancel' }).click();
    expect(await admin.getByTestId('promo-code-row').filter({ hasText: REFUSED }).count()).toBe(0);
  });

  it('finds a code older than the newest 200 by its beginning', async () => {
    const now = Date.now();
    // Stored as the console's save stores a code switched off.
    const { create: _create, code: _code, ...terms } = promoCodeInput({ active: false });
    const code = (createdAt: number): PromoCodeData => ({
      ...terms,
      startsAt: null,
      endsAt: null,
      uses: 0,
      createdAt: new Date(createdAt),
      updatedAt: new Date(createdAt),
    });
    const batch = adminDb.batch();
    batch.set(adminDb.doc(promoCodePath(OLD)), code(now - 86_400_000));
    NEWER.forEach((newer, i) => batch.set(adminDb.doc(promoCodePath(newer)), code(now + i)));
    await batch.commit();

    await admin.goto(`${SHOP_URL}/admin/promo-codes`);
    const rows = admin.getByTestId('promo-code-row');
    await rows.filter({ hasText: NEWER[199]! }).waitFor();
    expect(await rows.count()).toBe(200);
    expect(await rows.filter({ hasText: OLD }).count()).toBe(0);
    await admin
      .getByText('Showing the newest 200 codes: find an older one by its code.', { exact: true })
      .waitFor();

    const find = admin.getByLabel('Find a code');
    await find.fill(OLD.slice(0, 6).toLowerCase());
    expect(await find.inputValue()).toBe(OLD.slice(0, 6));
    await rows.filter({ hasText: OLD }).waitFor();
    expect(await rows.count()).toBe(1);
    await admin.getByRole('button', { name: `Edit ${OLD}` }).click();
    const form = admin.getByRole('dialog', { name: 'Edit Promo Code' });
    expect(await form.getByLabel('Code').inputValue()).toBe(OLD);
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'detached' });

    await find.fill(`NONE-${run}`);
    await admin.getByText(`No promo code begins with NONE-${run}.`, { exact: true }).waitFor();
    expect(await rows.count()).toBe(0);
    expect(await seriousAccessibilityViolations(admin)).toEqual([]);
  });
});
