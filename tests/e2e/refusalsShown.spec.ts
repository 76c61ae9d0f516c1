/**
 * What a person sees after the server refused: the checkout asks the question again when the
 * answer it holds no longer counts (and says a refused wrong answer is final), drops a code the
 * checkout refused, and a write the
 * Firestore rules refused reads as the page's own words, never the SDK's.
 */
import {
  ACCOUNT_MESSAGES,
  CHECKOUT_MESSAGES,
  SITE_SETTINGS_PATH,
  answerChecksPath,
  NOTIFICATION_MESSAGES,
  PROMO_MESSAGES,
  SUPPORT_MESSAGES,
  cartPath,
  formatPence,
  notificationsPath,
  questionsPath,
  raffleSecretsCollection,
} from '@rafflewin/domain';
import type { Page } from 'playwright-core';
import { URLS } from '../../emulators/config';
import { adminDb, eventually } from '../support/admin';
import { FIRESTORE_SDK_REFUSAL, SHOP_URL, pageWhoseSessionEnds, signIn } from '../support/browser';
import { TEST_PASSWORD, callOk, newAdmin, newCustomer, type Customer } from '../support/customers';
import { demoShopForFile } from '../support/demoShop';
import { newPromoCode } from '../support/promoCodes';
import { QUESTION_ID, checkoutSessionsOf, createRaffle } from '../support/raffles';

jest.setTimeout(180_000);

const shop = demoShopForFile();

/** A signed-in shopper on /checkout with one ticket of a new £1.50 raffle in their cart. */
async function shopperAtCheckout(firstName: string) {
  const raffleId = shop.switchOffAfter(await createRaffle({ category: 'tech' }));
  const shopper = await newCustomer(firstName, 'Checkout');
  await adminDb.doc(cartPath(shopper.uid)).set({
    items: [{ raffleId, quantity: 1 }],
    updatedAt: new Date(),
  });
  const page = await shop.newPage();
  await signIn(page, shopper.email, TEST_PASSWORD);
  await page.goto(`${SHOP_URL}/checkout`);
  return { raffleId, page, shopper };
}

/** Answers the skill question in the checkout's dialog. */
async function answer(page: Page, option: string) {
  const dialog = page.getByRole('dialog', { name: 'Answer to Enter' });
  await dialog.getByLabel(option).check();
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('the checkout after a refusal', () => {
  it('asks the new skill question when the one answered was replaced meanwhile, then pays', async () => {
    const { raffleId, page } = await shopperAtCheckout('Stella');
    await page.getByRole('button', { name: 'Pay by Card' }).click();
    await answer(page, 'London');

    // Meanwhile the console replaces the raffle's question.
    await adminDb.doc(`${questionsPath(raffleId)}/${QUESTION_ID}`).update({ isActive: false });
    await adminDb.doc(`${questionsPath(raffleId)}/second`).set({
      text: 'Which planet is the largest?',
      optionA: 'Mars',
      optionB: 'Jupiter',
      optionC: 'Venus',
      isActive: true,
      createdAt: new Date(),
    });
    await adminDb
      .collection(raffleSecretsCollection)
      .doc(raffleId)
      .set({ correctAnswers: { [QUESTION_ID]: 'B', second: 'B' } });

    // Paying asks the new question at once, saying why.
    await page.getByRole('button', { name: 'Pay by Card' }).click();
    const dialog = page.getByRole('dialog', { name: 'Answer to Enter' });
    await dialog.getByRole('alert').getByText(CHECKOUT_MESSAGES.answerRequired).waitFor();
    await dialog.getByText('Which planet is the largest?').waitFor();
    await answer(page, 'Jupiter');
    expect(await page.getByText(CHECKOUT_MESSAGES.answerRequired).count()).toBe(0);
    await page.getByRole('button', { name: 'Pay by Card' }).click();
    await page.waitForURL(`${URLS.stripe}/pay/**`);
    await page.close();
  });

  it('says a wrong answer is final where the site refuses them, and does not ask again', async () => {
    await adminDb.doc(SITE_SETTINGS_PATH).update({ refuseWrongAnswers: true });
    try {
      const { raffleId, page, shopper } = await shopperAtCheckout('Wanda');
      await page.getByRole('button', { name: 'Pay by Card' }).click();
      await answer(page, 'Leeds');
      await page.getByRole('button', { name: 'Pay by Card' }).click();
      await page.getByRole('alert').getByText(CHECKOUT_MESSAGES.incorrectAnswer).waitFor();
      // Not asked again (another option would be refused all the same), and nothing reserved.
      expect(await page.getByRole('dialog', { name: 'Answer to Enter' }).count()).toBe(0);
      expect(page.url()).toBe(`${SHOP_URL}/checkout`);
      const check = await adminDb.doc(`${answerChecksPath(raffleId)}/${shopper.uid}`).get();
      expect(check.get('wrongAt')).toBeTruthy();
      expect((await checkoutSessionsOf(shopper.uid)).size).toBe(0);
      // Paying again would only ask again: the way on is the one the message gives, here.
      expect(await page.getByRole('button', { name: 'Pay by Card' }).isDisabled()).toBe(true);
      expect(await page.getByRole('dialog', { name: 'Answer to Enter' }).count()).toBe(0);
      await page.getByRole('alert').getByRole('button', { name: 'Remove from cart' }).click();
      await page.waitForURL(`${SHOP_URL}/cart`);
      await eventually(async () =>
        ((await adminDb.doc(cartPath(shopper.uid)).get()).get('items') as unknown[]).length === 0
          ? true
          : null,
      );
      await page.close();
    } finally {
      await adminDb.doc(SITE_SETTINGS_PATH).update({ refuseWrongAnswers: false });
    }
  });

  it('drops a promo code the checkout refused, showing the full total again', async () => {
    const admin = await newAdmin('Pria', 'Promo');
    const code = await newPromoCode(admin);
    const { page } = await shopperAtCheckout('Paulo');
    await page.getByRole('button', { name: 'Pay by Card' }).click();
    await answer(page, 'London');
    await page.getByLabel('Promo code').fill(code);
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByTestId('total-with-promo').waitFor();

    // The administrator switches the code off before the shopper pays.
    await callOk('setPromoCodeActive', { code, active: false }, admin);
    await page.getByRole('button', { name: 'Pay by Card' }).click();
    await page.getByRole('alert').getByText(PROMO_MESSAGES.notValid, { exact: true }).waitFor();
    await page.getByTestId('total-with-promo').waitFor({ state: 'detached' });
    expect(await page.getByText(PROMO_MESSAGES.applied(code), { exact: false }).count()).toBe(0);
    expect(await page.getByText(formatPence(150)).count()).toBeGreaterThan(0);
    await page.close();
  });
});

/**
 * The page acts before it has noticed that "Sign out from all devices" on `customer`'s phone
 * ended its session: its token cannot be refreshed, so it is not yet signed out (as it would
 * be at once otherwise: serverWords.spec.ts).
 */
function pageWhoseSessionWasRevoked(customer: Customer, path: string, button: string) {
  return pageWhoseSessionEnds(shop, customer, path, {
    ready: { button },
    end: () => callOk('revokeSessions', {}, customer),
    keepsOldToken: true,
  });
}

describe('a write the rules refused', () => {
  it('reads as the page’s own words when marking a notification read', async () => {
    const reader = await newCustomer('Rhys', 'Revoked');
    await adminDb.doc(`${notificationsPath(reader.uid)}/moved`).set({
      type: 'system',
      title: 'Draw moved',
      message: 'The draw moves to Friday.',
      supportTicketId: null,
      isRead: false,
      createdAt: new Date(),
    });
    const markRead = 'Mark "Draw moved" as read';
    const page = await pageWhoseSessionWasRevoked(reader, '/account/notifications', markRead);
    await page.getByRole('button', { name: markRead }).click();
    await page
      .getByRole('alert')
      .getByText(NOTIFICATION_MESSAGES.markReadFailed, { exact: true })
      .waitFor();
    expect(await page.getByText(FIRESTORE_SDK_REFUSAL).count()).toBe(0);
    await page.close();
  });
});

// Support messages go through a callable (sendSupportMessage), which names the reason.
describe('a callable refusing a session ended elsewhere', () => {
  it('says so when a support message is sent after “Sign out from all devices”', async () => {
    const writer = await newCustomer('Sian', 'Session');
    const { ticketId } = await callOk(
      'submitSupportTicket',
      {
        name: 'Sian Session',
        email: writer.email,
        subject: 'Prize delivery',
        message: 'When does my prize arrive?',
      },
      writer,
    );
    const page = await pageWhoseSessionWasRevoked(writer, `/account/support/${ticketId}`, 'Send');
    await page.getByRole('textbox', { name: 'Your message' }).fill('Is there any news?');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page
      .getByRole('alert')
      .getByText(SUPPORT_MESSAGES.sendFailed(ACCOUNT_MESSAGES.sessionRevoked), { exact: true })
      .waitFor();
    expect(await page.getByText(FIRESTORE_SDK_REFUSAL).count()).toBe(0);
    await page.close();
  });

  it('says so when “Sign out from all devices” is pressed again after it ended the session', async () => {
    const leaver = await newCustomer('Lee', 'Leaving');
    const page = await pageWhoseSessionWasRevoked(
      leaver,
      '/account/settings?tab=security',
      'Sign Out From All Devices',
    );
    await page.getByRole('button', { name: 'Sign Out From All Devices' }).click();
    await page.getByRole('button', { name: 'Sign Out Everywhere' }).click();
    await page
      .getByRole('alert')
      .getByText(ACCOUNT_MESSAGES.sessionRevoked, { exact: true })
      .waitFor();
    expect(await page.getByText(ACCOUNT_MESSAGES.signOutEverywhereFailed).count()).toBe(0);
    await page.close();
  });
});
