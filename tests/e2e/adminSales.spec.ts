import {
  REFUND_STOPPED_BY_DISPUTE,
  TICKET_ADMIN_MESSAGES,
  USER_SEARCH_LIMIT,
  ticketsCollection,
  userPath,
  ukToday,
} from '@rafflewin/domain';
import Papa from 'papaparse';
import type { Browser, Locator, Page } from 'playwright-core';
import { DEMO_USERS } from '../../emulators/config';
import { seedDemoData } from '../../emulators/seed/seed';
import { adminAuth, adminDb, eventually } from '../support/admin';
import {
  SHOP_URL,
  downloadedText,
  launchBrowser,
  newShopPage,
  seriousAccessibilityViolations,
  signIn,
} from '../support/browser';
import { callOk, newAdmin, newCustomer, newCustomers } from '../support/customers';
import { createRaffle, line, searchable } from '../support/raffles';
import { failRefund, payByCard, signedEvents, stripeSessionOf } from '../support/stripeDouble';

jest.setTimeout(180_000);

let browser: Browser;
let page: Page;
let raffleId: string;
let raffleName: string;
/** A raffle whose every ticket is sold: listed in the pickers, but not to be picked. */
let soldOutName: string;
/** A word of the raffle's name no other raffle has. */
const stamp = String(Date.now());

beforeAll(async () => {
  await seedDemoData(adminDb, adminAuth);
  // Late in the alphabet and long ago: the pickers find it only by searching the shop.
  raffleName = `Zebra Sales Test ${stamp}`;
  raffleId = await createRaffle({ name: raffleName, maxTickets: 200, maxTicketsPerUser: 20 });
  await searchable(raffleId);
  soldOutName = `Zebra Sold Out Test ${stamp}`;
  await searchable(await createRaffle({ name: soldOutName, maxTickets: 2, soldTickets: 2 }));
  browser = await launchBrowser();
  page = await newShopPage(browser);
  await signIn(page, DEMO_USERS.admin.email, DEMO_USERS.admin.password);
});

afterAll(async () => {
  await browser?.close();
});

/** The sold-out raffle is in the list, greyed out and saying why. */
async function soldOutListedDisabled(field: Locator): Promise<void> {
  await field.fill(`sold ${stamp}`);
  await page
    .getByRole('option', { name: `${soldOutName} — sold out`, exact: true, disabled: true })
    .waitFor();
}

async function demoCustomerTickets(): Promise<number[]> {
  const tickets = await adminDb
    .collection(ticketsCollection)
    .where('raffleId', '==', raffleId)
    .where('userId', '==', DEMO_USERS.customer.uid)
    .get();
  return tickets.docs.map((d) => d.get('ticketNumber') as number).sort((a, b) => a - b);
}

describe('admin sales screens', () => {
  it('enters tickets by hand for the demo customer, and they are in their data; a sold-out raffle cannot be picked', async () => {
    await page.goto(`${SHOP_URL}/admin/manual-entry`);
    await page.getByRole('heading', { level: 1, name: 'Manual Raffle Entry' }).waitFor();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('Please select a user').waitFor();
    await page.getByText('Please select a raffle').waitFor();

    await page.getByLabel('User (search by e-mail)').fill('customer@exam');
    await page.getByRole('option', { name: /^customer@example\.com/ }).click();
    // The list is open and named after its field too: the field is the combobox.
    const raffleField = page.getByRole('combobox', { name: 'Raffle' });
    await soldOutListedDisabled(raffleField);
    await raffleField.fill(`sales ${stamp}`);
    await page.getByRole('option', { name: new RegExp(`^${raffleName} — closes `) }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await page.getByText('200 tickets left', { exact: true }).waitFor();
    const quantity = page.getByLabel('Quantity');
    await quantity.fill('500');
    await quantity.blur();
    expect(await quantity.inputValue()).toBe('100');
    await quantity.fill('2');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const success = page
      .getByRole('alert')
      .filter({ hasText: 'Added 2 tickets for customer@example.com' });
    await success.waitFor();

    const numbers = await demoCustomerTickets();
    expect(numbers).toHaveLength(2);
    await success.getByText(numbers.map((n) => `#${n}`).join(', '), { exact: false }).waitFor();
    const orders = await adminDb
      .collection('orders')
      .where('userId', '==', DEMO_USERS.customer.uid)
      .where('paymentMethod', '==', 'manual_entry')
      .get();
    const order = orders.docs.find((d) => d.get('items')[0].raffleId === raffleId);
    expect(order?.data()).toMatchObject({ status: 'completed', paymentStatus: 'paid' });

    // Manage Tickets finds them under the customer's e-mail.
    await page.goto(`${SHOP_URL}/admin/tickets`);
    await page.getByLabel('Search', { exact: true }).fill('customer@example.com');
    await page.getByRole('button', { name: 'Search' }).click();
    const group = page.getByTestId('ticket-group').filter({ hasText: 'customer@example.com' });
    for (const n of numbers) {
      await group
        .getByTestId('ticket-row')
        .filter({ hasText: raffleName })
        .filter({ hasText: `#${n}` })
        .waitFor();
    }
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('adds tickets from Manage Tickets at or above a minimum number, at most 100 at a time, not to a sold-out raffle', async () => {
    const customer = await newCustomer('Added', 'ByHand');
    await page.goto(`${SHOP_URL}/admin/tickets`);
    await page.getByRole('button', { name: 'Add Tickets' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Tickets' });
    await dialog.getByRole('button', { name: 'Add Tickets' }).click();
    await dialog.getByText('Please select a user').waitFor();
    await dialog.getByText('Please select a raffle').waitFor();

    await dialog.getByLabel('User (search by e-mail)').fill(customer.email);
    await page.getByRole('option', { name: new RegExp(`^${customer.email}`) }).click();
    await soldOutListedDisabled(dialog.getByLabel('Raffle'));
    await dialog.getByLabel('Raffle').fill(`sales ${stamp}`);
    await page.getByRole('option', { name: new RegExp(`^${raffleName} — closes `) }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await dialog.getByText('At most 100 tickets at a time', { exact: true }).waitFor();
    await dialog.getByLabel('Quantity').fill('3');
    await dialog.getByLabel('Minimum ticket number (optional)').fill('150');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Add Tickets' }).click();
    await dialog.waitFor({ state: 'detached' });

    const tickets = await adminDb
      .collection(ticketsCollection)
      .where('raffleId', '==', raffleId)
      .where('userId', '==', customer.uid)
      .get();
    const numbers = tickets.docs.map((d) => d.get('ticketNumber') as number).sort((a, b) => a - b);
    expect(numbers).toHaveLength(3);
    expect(numbers.every((n) => n >= 150)).toBe(true);
    await page
      .getByText(`${TICKET_ADMIN_MESSAGES.added(3)}: ${numbers.map((n) => `#${n}`).join(', ')}`, {
        exact: true,
      })
      .waitFor();
  });

  it('says when an e-mail search in Manage Tickets matches more accounts than one search takes', async () => {
    const prefix = `capped${stamp}`;
    await newCustomers(USER_SEARCH_LIMIT + 1, prefix);
    await page.goto(`${SHOP_URL}/admin/tickets`);
    await page.getByLabel('Search', { exact: true }).fill(prefix);
    await page.getByRole('button', { name: 'Search' }).click();
    await page
      .getByText(TICKET_ADMIN_MESSAGES.customersCapped(USER_SEARCH_LIMIT), { exact: true })
      .waitFor();
    await page.getByText('No tickets found.').waitFor();
  });

  it('exports a raffle as CSV whose rows match its tickets, names quoted safely', async () => {
    // A customer whose name would break naive CSV and run as a spreadsheet formula.
    const tricky = await newCustomer('Tricky', 'Name');
    await adminDb
      .doc(userPath(tricky.uid))
      .update({ firstName: 'Ann, "Jr"', lastName: '=HYPERLINK("x")' });
    const admin = await newAdmin();
    await callOk('createManualEntry', { userId: tricky.uid, raffleId, quantity: 3 }, admin);

    await page.goto(`${SHOP_URL}/admin/tickets`);
    await page.getByRole('button', { name: 'Export' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export Tickets' });
    await dialog.getByRole('button', { name: 'Export' }).click();
    await dialog.getByText('Please select a raffle to export').waitFor();
    await dialog.getByLabel('Raffle').fill(stamp);
    await page.getByRole('option', { name: new RegExp(`^${raffleName}`) }).click();
    await dialog.getByLabel('CSV').check();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Export' }).click(),
    ]);
    const today = ukToday(new Date());
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^tickets-zebra-sales-test-\\d+-${today}\\.csv$`),
    );
    const csv = (await downloadedText(download)).text;
    const parsed = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);

    const tickets = await adminDb
      .collection(ticketsCollection)
      .where('raffleId', '==', raffleId)
      .get();
    const expected = tickets.docs
      .map((d) => ({ number: d.get('ticketNumber') as number, userId: d.get('userId') as string }))
      .sort((a, b) => a.number - b.number);
    expect(parsed.data.map((row) => Number(row.ticket_number))).toEqual(
      expected.map((t) => t.number),
    );
    expect(parsed.data.map((row) => row.user_id)).toEqual(expected.map((t) => t.userId));
    const trickyRows = parsed.data.filter((row) => row.user_id === tricky.uid);
    expect(trickyRows).toHaveLength(3);
    expect(trickyRows[0]).toMatchObject({
      user_email: tricky.email,
      user_first_name: 'Ann, "Jr"',
      // papaparse's escapeFormulae prefixes a quote so spreadsheets show it as text.
      user_last_name: `'=HYPERLINK("x")`,
      raffle_name: raffleName,
      status: 'active',
    });
    const demoRows = parsed.data.filter((row) => row.user_email === DEMO_USERS.customer.email);
    expect(demoRows).toHaveLength(2);
    expect(demoRows[0]).toMatchObject({ user_first_name: 'Jane', user_last_name: 'Smith' });
  });

  it('filters orders on the server and deletes a manual entry with confirmation', async () => {
    const [order] = (
      await adminDb
        .collection('orders')
        .where('userId', '==', DEMO_USERS.customer.uid)
        .where('paymentMethod', '==', 'manual_entry')
        .get()
    ).docs.filter((d) => d.get('items')[0].raffleId === raffleId);
    const orderNumber = order!.get('orderNumber') as string;

    await page.goto(`${SHOP_URL}/admin/orders`);
    await page.getByRole('heading', { level: 1, name: 'Order Management' }).waitFor();
    await page.getByTestId('order-row').first().waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    const search = page.getByLabel('Search', { exact: true });
    await search.fill(DEMO_USERS.customer.email.toUpperCase());
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.getByTestId('order-row').filter({ hasText: orderNumber });
    await row.waitFor();
    const rows = page.getByTestId('order-row');
    for (const text of await rows.allInnerTexts())
      expect(text).toContain(DEMO_USERS.customer.email);

    await page.getByRole('combobox', { name: /^Status/ }).click();
    await page.getByRole('option', { name: 'Cancelled' }).click();
    await page.getByText('No orders found.').waitFor();
    await page.getByRole('combobox', { name: /^Status/ }).click();
    await page.getByRole('option', { name: 'Completed' }).click();
    await row.waitFor();
    await page.getByRole('combobox', { name: /^Date/ }).click();
    await page.getByRole('option', { name: 'Today' }).click();
    await row.waitFor();
    for (const text of await rows.allInnerTexts()) expect(text).toMatch(/Completed/);

    await search.fill(orderNumber.toLowerCase());
    await page.getByRole('button', { name: 'Search' }).click();
    await row.waitFor();
    await expectCount(rows, 1);
    // View opens the order itself at /account/tickets/{orderId} (the customer's Order Details,
    // which administrators may read).
    await row.getByRole('link', { name: `View order ${orderNumber}` }).click();
    await page.waitForURL(`${SHOP_URL}/account/tickets/${order!.id}`);
    await page.getByText(`Order ${orderNumber}`, { exact: true }).waitFor();
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Order Management' }).waitFor();
    await search.fill(orderNumber.toLowerCase());
    await page.getByRole('button', { name: 'Search' }).click();
    await row.waitFor();

    await row.getByRole('button', { name: `Delete order ${orderNumber}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete order' });
    await confirm
      .getByText('Are you sure you want to delete this order? This action cannot be undone.')
      .waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Order deleted successfully').waitFor();
    await page.getByText('No orders found.').waitFor();
    expect(await demoCustomerTickets()).toEqual([]);
  });

  it("refunds one ticket of a customer's card order through Stripe", async () => {
    const buyer = await newCustomer('Refunded', 'Buyer');
    const started = await callOk('startCheckout', { items: [line(raffleId, 3)] }, buyer);
    const { orderId, orderNumber, ticketNumbers } = await payByCard(started);
    const [first, second, third] = ticketNumbers[raffleId]!;

    await page.goto(`${SHOP_URL}/admin/orders`);
    await page.getByLabel('Search', { exact: true }).fill(orderNumber);
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.getByTestId('order-row').filter({ hasText: orderNumber });
    // A paid order is the record of a payment: refunded, never deleted.
    const remove = row.getByRole('button', { name: `Delete order ${orderNumber}` });
    await remove.waitFor();
    expect(await remove.isDisabled()).toBe(true);
    await row.getByRole('button', { name: `Refund order ${orderNumber}` }).click();
    const dialog = page.getByRole('dialog', { name: `Refund order ${orderNumber}` });
    const ticket = (n: number) => dialog.getByLabel(`Ticket #${n}, ${raffleName} (£1.50)`);
    await ticket(first!).waitFor();
    await dialog.getByRole('button', { name: 'Refund £4.50' }).waitFor();
    await ticket(first!).uncheck();
    await ticket(third!).uncheck();
    await dialog.getByRole('button', { name: 'Refund £1.50' }).click();
    await page.getByText('Refunded £1.50 for 1 ticket').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const order = (await adminDb.doc(`orders/${orderId}`).get()).data()!;
    expect(order).toMatchObject({
      status: 'completed',
      paymentStatus: 'paid',
      refundedAmount: 150,
    });
    const statuses = await adminDb.getAll(
      ...[first, second, third].map((n) => adminDb.doc(`tickets/${raffleId}_${n}`)),
    );
    expect(statuses.map((t) => t.get('status'))).toEqual(['active', 'void', 'active']);
    const refunds = await signedEvents(stripeSessionOf(started.checkoutUrl), 'refund.created');
    expect(refunds.map((r) => JSON.parse(r.payload).data.object.amount)).toEqual([150]);
    const mail = await adminDb.collection('mail').where('to', '==', buyer.email).get();
    expect(mail.docs.map((m) => m.get('subject'))).toContain(`Order refunded: ${orderNumber}`);

    // Days later the card's bank sends the refund back: the row says what a person owes.
    await failRefund(String(JSON.parse(refunds[0]!.payload).data.object.id));
    await eventually(
      async () => (await adminDb.doc(`orders/${orderId}`).get()).get('failedRefunds'),
      {
        what: 'the failed refund recorded',
      },
    );
    await page.getByRole('button', { name: 'Refresh orders' }).click();
    await row.getByText('Refund failed: £1.50 to return by hand', { exact: true }).waitFor();
    expect((await adminDb.doc(`orders/${orderId}`).get()).get('refundedAmount')).toBe(150);

    // Another ticket's refund is stopped by the customer's dispute: that money the dispute
    // returns, so the row does not ask for it by hand as well.
    await callOk(
      'refundOrder',
      { orderId, ticketIds: [`${raffleId}_${third!}`] },
      await newAdmin('Dana', 'Disputes'),
    );
    const [, stopped] = await signedEvents(stripeSessionOf(started.checkoutUrl), 'refund.created');
    await failRefund(
      String(JSON.parse(stopped!.payload).data.object.id),
      REFUND_STOPPED_BY_DISPUTE,
    );
    await eventually(
      async () => {
        const failed = (await adminDb.doc(`orders/${orderId}`).get()).get('failedRefunds');
        return Object.keys(failed).length === 2 || null;
      },
      { what: 'the refund stopped by the dispute recorded' },
    );
    await page.getByRole('button', { name: 'Refresh orders' }).click();
    await row
      .getByText('Refund stopped by a dispute: £1.50 returned through it', { exact: true })
      .waitFor();
    await row.getByText('Refund failed: £1.50 to return by hand', { exact: true }).waitFor();

    // A ticket still paid for is refunded, not deleted: Manage Tickets says so and keeps it.
    await page.goto(`${SHOP_URL}/admin/tickets`);
    await page.getByLabel('Search', { exact: true }).fill(buyer.email);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('button', { name: `Delete ticket #${first!} of ${raffleName}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete ticket' });
    await confirm.getByText(TICKET_ADMIN_MESSAGES.deleteConfirm).waitFor();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await page
      .getByText(
        'This ticket was paid for by card, so it cannot be deleted: refund it from its order instead',
        { exact: true },
      )
      .waitFor();
    expect((await adminDb.doc(`tickets/${raffleId}_${first!}`).get()).get('status')).toBe('active');
  });
});

async function expectCount(locator: ReturnType<Page['getByTestId']>, count: number) {
  const deadline = Date.now() + 10_000;
  while ((await locator.count()) !== count) {
    if (Date.now() > deadline)
      throw new Error(`Expected ${count} rows, saw ${await locator.count()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
