/**
 * The console's words, and only while they stand: a success no longer shows beside the refusal
 * of a later try, and a refusal no longer shows once a later action succeeded.
 */
import {
  ADMIN_CLAIM,
  IMAGE_MESSAGES,
  RAFFLE_MESSAGES,
  USER_ADMIN_MESSAGES,
  USER_PROFILE_MESSAGES,
  imageLibraryCollection,
  rafflePath,
  userPath,
} from '@rafflewin/domain';
import type { Page } from 'playwright-core';
import { adminAuth, adminDb } from '../support/admin';
import { SHOP_URL, signIn } from '../support/browser';
import { TEST_PASSWORD, newAdmin, newCustomer } from '../support/customers';
import { demoShopForFile } from '../support/demoShop';
import { createRaffle } from '../support/raffles';

jest.setTimeout(180_000);

const shop = demoShopForFile();

/** A page of the console, signed in as a new administrator. */
async function asNewAdmin(path: string): Promise<Page> {
  const admin = await newAdmin('Wanda', 'Words');
  const page = await shop.newPage();
  await signIn(page, admin.email, TEST_PASSWORD);
  await page.goto(`${SHOP_URL}${path}`);
  return page;
}

describe('the Image Library after a refusal', () => {
  it('no longer says an image was added once the next one is refused', async () => {
    const name = `Words image ${Date.now()}`;
    const page = await asNewAdmin('/admin/raffles');
    await page.getByRole('button', { name: 'New Raffle' }).click();
    const form = page.getByRole('dialog', { name: 'New Raffle' });
    await form.getByRole('button', { name: 'Choose from Image Library' }).click();
    const library = page.getByRole('dialog', { name: 'Image Library' });
    const byUrl = library.getByRole('form', { name: 'Add image by URL' });
    await byUrl.getByLabel('Image name').fill(name);
    await byUrl.getByLabel('Image URL').fill('/images/raffles/tech-macbook.svg');
    await byUrl.getByRole('button', { name: 'Add Image' }).click();
    const added = library.getByText(IMAGE_MESSAGES.added, { exact: true });
    await added.waitFor();

    // The same name again: the server refuses it.
    await byUrl.getByLabel('Image name').fill(name);
    await byUrl.getByLabel('Image URL').fill('/images/raffles/tech-ipad.svg');
    await byUrl.getByRole('button', { name: 'Add Image' }).click();
    await byUrl.getByText(IMAGE_MESSAGES.duplicateName(name), { exact: true }).waitFor();
    expect(await added.count()).toBe(0);
    const stored = await adminDb.collection(imageLibraryCollection).where('name', '==', name).get();
    expect(stored.docs.map((doc) => doc.get('url'))).toEqual(['/images/raffles/tech-macbook.svg']);
    await page.close();
  });
});

describe('Manage Raffles after a refusal', () => {
  it('no longer shows the refused switch’s message once a later delete succeeded', async () => {
    const stamp = Date.now();
    // The newest two, so they head the first page: one paid without a question (it cannot be
    // switched on), one without tickets (it can be deleted).
    const paid = await createRaffle(
      { name: `Words paid ${stamp}`, active: false, createdAt: new Date() },
      { question: false },
    );
    const spare = await createRaffle({
      name: `Words spare ${stamp}`,
      active: false,
      createdAt: new Date(),
    });
    const page = await asNewAdmin('/admin/raffles');
    await page.getByRole('switch', { name: `Active: Words paid ${stamp}` }).click();
    const refused = page.getByText(RAFFLE_MESSAGES.questionRequired, { exact: true });
    await refused.waitFor();
    expect((await adminDb.doc(rafflePath(paid)).get()).get('active')).toBe(false);

    await page.getByRole('button', { name: `Delete Words spare ${stamp}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete raffle' });
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText(RAFFLE_MESSAGES.deleted, { exact: true }).waitFor();
    expect((await adminDb.doc(rafflePath(spare)).get()).exists).toBe(false);
    expect(await refused.count()).toBe(0);
    await page.close();
  });
});

/**
 * Holds the page's `setRaffleActive` request for `raffleId` until the answered function is
 * called: a switch clicked first then answers after one clicked later.
 */
async function holdSwitchOf(page: Page, raffleId: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/setRaffleActive', async (route) => {
    if (route.request().postData()?.includes(raffleId)) await held;
    await route.continue();
  });
  return release;
}

describe('Manage Raffles when two switches cross', () => {
  /** The newest two, heading the first page: one that can go live, one paid without a question. */
  async function twoRaffles(stamp: number) {
    const ready = shop.switchOffAfter(
      await createRaffle({ name: `Words ready ${stamp}`, active: false, createdAt: new Date() }),
    );
    const unasked = await createRaffle(
      { name: `Words unasked ${stamp}`, active: false, createdAt: new Date() },
      { question: false },
    );
    return { ready, unasked };
  }

  it('takes the success message away when an earlier switch is refused after it', async () => {
    const stamp = Date.now();
    const { ready, unasked } = await twoRaffles(stamp);
    const page = await asNewAdmin('/admin/raffles');
    const answerRefusal = await holdSwitchOf(page, unasked);
    await page.getByRole('switch', { name: `Active: Words unasked ${stamp}` }).click();
    await page.getByRole('switch', { name: `Active: Words ready ${stamp}` }).click();
    const activated = page.getByText(RAFFLE_MESSAGES.activated, { exact: true });
    await activated.waitFor();
    expect((await adminDb.doc(rafflePath(ready)).get()).get('active')).toBe(true);
    // The pointer on the message holds it open past its 3 seconds.
    await activated.hover();

    answerRefusal();
    await page.getByText(RAFFLE_MESSAGES.questionRequired, { exact: true }).waitFor();
    await activated.waitFor({ state: 'detached' });
    expect((await adminDb.doc(rafflePath(unasked)).get()).get('active')).toBe(false);
    await page.close();
  });

  it('takes the refusal away when an earlier switch succeeds after it', async () => {
    const stamp = Date.now();
    const { ready, unasked } = await twoRaffles(stamp);
    const page = await asNewAdmin('/admin/raffles');
    const answerSuccess = await holdSwitchOf(page, ready);
    await page.getByRole('switch', { name: `Active: Words ready ${stamp}` }).click();
    await page.getByRole('switch', { name: `Active: Words unasked ${stamp}` }).click();
    const refused = page.getByText(RAFFLE_MESSAGES.questionRequired, { exact: true });
    await refused.waitFor();
    expect((await adminDb.doc(rafflePath(unasked)).get()).get('active')).toBe(false);

    answerSuccess();
    await page.getByText(RAFFLE_MESSAGES.activated, { exact: true }).waitFor();
    expect((await adminDb.doc(rafflePath(ready)).get()).get('active')).toBe(true);
    expect(await refused.count()).toBe(0);
    await page.close();
  });
});

describe('User Management after a refusal', () => {
  it('no longer shows the refused grant’s message once a later profile save succeeded', async () => {
    const unconfirmed = await newCustomer('Una', 'Unconfirmed');
    const edited = await newCustomer('Eddie', 'Edited');
    const page = await asNewAdmin('/admin/users');
    const findRow = async (email: string) => {
      await page.getByLabel('Search users').fill(email);
      await page.getByRole('button', { name: 'Search' }).click();
      const row = page.getByTestId('user-row').filter({ hasText: email });
      await row.waitFor();
      return row;
    };

    const row = await findRow(unconfirmed.email);
    // The address turns out unconfirmed after the list was read (its switch still on offer):
    // the server refuses the grant in its own words.
    await adminAuth.updateUser(unconfirmed.uid, { emailVerified: false });
    const adminSwitch = row.getByRole('switch', { name: `Administrator: ${unconfirmed.email}` });
    await adminSwitch.click();
    await page.getByRole('button', { name: 'Set as Admin' }).click();
    const refused = page.getByText(USER_ADMIN_MESSAGES.notConfirmed, { exact: true });
    await refused.waitFor();
    const user = await adminAuth.getUser(unconfirmed.uid);
    expect(user.customClaims?.[ADMIN_CLAIM]).toBeUndefined();

    const other = await findRow(edited.email);
    await other.getByRole('button', { name: `Edit ${edited.email}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit User Profile' });
    await dialog.getByLabel('First name').fill('Edwina');
    await dialog.getByRole('button', { name: 'Save Profile' }).click();
    await page.getByText(USER_PROFILE_MESSAGES.updated, { exact: true }).waitFor();
    expect((await adminDb.doc(userPath(edited.uid)).get()).get('firstName')).toBe('Edwina');
    expect(await refused.count()).toBe(0);

    // Listed again, the row offers no grant the server would refuse.
    await page.reload();
    await findRow(unconfirmed.email);
    await page.waitForFunction(
      (email) =>
        document
          .querySelector(`input[aria-label="Administrator: ${email}"]`)
          ?.hasAttribute('disabled') === true,
      unconfirmed.email,
    );
    await page.close();
  });
});
