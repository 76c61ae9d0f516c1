import {
  ACCOUNT_MESSAGES,
  RAFFLE_CLOSED_TEXTS,
  cartPath,
  formatLongDate,
  notificationsPath,
  userSettingsPath,
  orderSearchTerms,
  ordersCollection,
  rafflePath,
  savedRafflesPath,
  ticketId,
  ticketsCollection,
  userPath,
  usernamesCollection,
  type OrderData,
  type OrderStatus,
  type RaffleCategory,
  type TicketData,
} from '@rafflewin/domain';
import type { Browser, Page, Request } from 'playwright-core';
import { adminAuth, adminDb, eventually, uniqueEmail } from '../support/admin';
import {
  SHOP_URL,
  horizontalOverflow,
  launchBrowser,
  moveClockOn,
  newShopPage,
  seriousAccessibilityViolations,
  signIn,
} from '../support/browser';
import { TEST_PASSWORD, callOk, newAdmin, newCustomer } from '../support/customers';
import { adminWithPostalAddress, createRaffle, line, raffleForm } from '../support/raffles';
import { payByCard } from '../support/stripeDouble';

jest.setTimeout(180_000);

const PASSWORD = 'Account#2025';
const DAY = 86_400_000;
const run = Date.now().toString(36);

let browser: Browser;
let page: Page;

/** An account with a profile, signed in through the Auth emulator like any customer. */
async function createAccount(firstName: string, lastName: string) {
  const email = uniqueEmail(firstName.toLowerCase());
  const user = await adminAuth.createUser({
    email,
    password: PASSWORD,
    displayName: `${firstName} ${lastName}`,
    emailVerified: true,
  });
  const now = new Date();
  await adminDb.doc(userPath(user.uid)).set({
    email,
    username: null,
    bio: null,
    firstName,
    lastName,
    phoneNumber: null,
    dateOfBirth: '1990-01-01',
    banned: false,
    createdAt: now,
    updatedAt: now,
  });
  return { uid: user.uid, email };
}

interface SeedRaffle {
  id: string;
  name: string;
  category: RaffleCategory;
  tickets: number;
  /** Days from now to the draw. */
  drawIn: number;
  eligible?: boolean;
}

/** Tickets (and their orders) written as fulfilment would, for one customer. */
async function seedPurchases(uid: string, email: string) {
  const raffles: SeedRaffle[] = [
    { id: `e2e-${run}-cash`, name: `Cash Bonanza ${run}`, category: 'cash', tickets: 8, drawIn: 5 },
    {
      id: `e2e-${run}-tech`,
      name: `Gadget Galaxy ${run}`,
      category: 'tech',
      tickets: 4,
      drawIn: 9,
    },
    {
      id: `e2e-${run}-charity`,
      name: `Hope Hospice ${run}`,
      category: 'charity',
      tickets: 2,
      drawIn: 3,
      eligible: false,
    },
  ];
  const orders: Array<{
    id: string;
    number: string;
    status: OrderStatus;
    ago: number;
    raffle?: SeedRaffle;
  }> = [
    {
      id: `e2e-${run}-o-cash`,
      number: `RW-E2E-${run}-C`.toUpperCase(),
      status: 'completed',
      ago: 5,
      raffle: raffles[0],
    },
    {
      id: `e2e-${run}-o-tech`,
      number: `RW-E2E-${run}-T`.toUpperCase(),
      status: 'processing',
      ago: 45,
      raffle: raffles[1],
    },
    {
      id: `e2e-${run}-o-charity`,
      number: `RW-E2E-${run}-H`.toUpperCase(),
      status: 'cancelled',
      ago: 120,
      raffle: raffles[2],
    },
    // More recent small orders, so the list has a second page.
    ...Array.from({ length: 8 }, (_, i) => ({
      id: `e2e-${run}-o-extra-${i}`,
      number: `RW-E2E-${run}-X${i}`.toUpperCase(),
      status: 'completed' as const,
      ago: 1 + i / 10,
    })),
  ];
  const batch = adminDb.batch();
  const now = Date.now();
  for (const order of orders) {
    const raffle = order.raffle;
    const createdAt = new Date(now - order.ago * DAY);
    const numbers = raffle ? Array.from({ length: raffle.tickets }, (_, i) => 100 + i) : [];
    const items = raffle
      ? [
          {
            raffleId: raffle.id,
            name: raffle.name,
            quantity: raffle.tickets,
            unitPrice: 100,
            totalPrice: 100 * raffle.tickets,
            ticketNumbers: numbers,
          },
        ]
      : [
          {
            raffleId: `e2e-${run}-misc`,
            name: 'Mystery Box',
            quantity: 1,
            unitPrice: 50,
            totalPrice: 50,
            ticketNumbers: [1],
          },
        ];
    const data: OrderData = {
      orderNumber: order.number,
      userId: uid,
      userEmail: email,
      status: order.status,
      paymentStatus: order.status === 'cancelled' ? 'refunded' : 'paid',
      paymentMethod: 'Card',
      items,
      totalAmount: items.reduce((sum, item) => sum + item.totalPrice, 0),
      checkoutSessionId: null,
      cardFunding: 'debit',
      creditApplied: 0,
      createdAt,
      updatedAt: createdAt,
      searchTerms: orderSearchTerms(
        order.number,
        items.map((item) => item.name),
      ),
    };
    batch.set(adminDb.collection(ordersCollection).doc(order.id), data);
    for (const ticketNumber of raffle ? numbers : []) {
      const ticket: TicketData = {
        userId: uid,
        raffleId: raffle!.id,
        ticketNumber,
        orderId: order.id,
        purchaseDate: createdAt,
        raffle: {
          name: raffle!.name,
          category: raffle!.category,
          imageUrl: '/images/placeholder.svg',
          endDate: new Date(now + raffle!.drawIn * DAY),
          ticketPrice: 100,
        },
        eligible: raffle!.eligible ?? true,
        status: 'active',
      };
      batch.set(adminDb.collection(ticketsCollection).doc(`${raffle!.id}_${ticketNumber}`), ticket);
    }
  }
  await batch.commit();
  return { raffles, orders };
}

let customer: { uid: string; email: string };
let seeded: Awaited<ReturnType<typeof seedPurchases>>;

beforeAll(async () => {
  customer = await createAccount('Petra', 'Pages');
  seeded = await seedPurchases(customer.uid, customer.email);
  browser = await launchBrowser();
  page = await newShopPage(browser);
  await signIn(page, customer.email, PASSWORD);
});

afterAll(async () => {
  await browser?.close();
});

const profileOf = async () => (await adminDb.doc(userPath(customer.uid)).get()).data() ?? {};

describe('Profile Settings (/account)', () => {
  it('gives the server’s reason when it will not make a missing profile', async () => {
    const leaver = await newCustomer('Mia', 'Missing');
    const own = await newShopPage(browser);
    await signIn(own, leaver.email, TEST_PASSWORD);
    // The profile gone, and the server refusing to make it again (its deletion under way).
    await own.route('**/ensureProfile', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { status: 'FAILED_PRECONDITION', message: ACCOUNT_MESSAGES.beingDeleted },
        }),
      }),
    );
    await adminDb.doc(userPath(leaver.uid)).delete();
    await own.goto(`${SHOP_URL}/account`);
    await own.getByText(ACCOUNT_MESSAGES.beingDeleted, { exact: true }).waitFor();
    expect(await own.getByText(ACCOUNT_MESSAGES.fetchProfileFailed).count()).toBe(0);
    await own.close();
  });

  it('changes the username, refusing one that is taken', async () => {
    const other = await createAccount('Tara', 'Taken');
    const taken = `taken_${run}`;
    await adminDb.doc(userPath(other.uid)).update({ username: taken });
    await adminDb.collection(usernamesCollection).doc(taken).set({ uid: other.uid });

    await page.goto(`${SHOP_URL}/account`);
    await page.getByRole('heading', { name: 'Profile Settings' }).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(customer.email);
    await page.getByLabel('Username').fill(taken.toUpperCase());
    await page.getByLabel('Bio').fill('Raffle fan');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await page.getByText(ACCOUNT_MESSAGES.usernameTaken).waitFor();
    expect((await profileOf()).username).toBeNull();

    await page.getByLabel('Username').fill('ab');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await page.getByText(ACCOUNT_MESSAGES.usernameInvalid).waitFor();

    const mine = `Petra.${run}`;
    await page.getByLabel('Username').fill(mine);
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await page.getByText(ACCOUNT_MESSAGES.profileUpdated).waitFor();
    expect(await profileOf()).toMatchObject({ username: mine, bio: 'Raffle fan' });
    expect(
      (await adminDb.collection(usernamesCollection).doc(mine.toLowerCase()).get()).get('uid'),
    ).toBe(customer.uid);
  });

  it('updates names, phone and date of birth, then returns to /account', async () => {
    await page.goto(`${SHOP_URL}/account/update`);
    await page.getByRole('heading', { name: 'Update Profile' }).waitFor();
    await page.getByLabel('First name').fill('Petronella');
    // Support corrects the last name while the page is open: the untouched field follows, the
    // typed one stays, and saving keeps support's correction.
    await adminDb.doc(userPath(customer.uid)).update({ lastName: 'Corrected' });
    await eventually(
      async () => (await page.getByLabel('Last name').inputValue()) === 'Corrected' || null,
      { what: 'the last name to follow the profile' },
    );
    expect(await page.getByLabel('First name').inputValue()).toBe('Petronella');
    await page.getByLabel('Phone number').fill('07700 900123');
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await page.getByText(ACCOUNT_MESSAGES.phoneInvalid).waitFor();

    await page.getByLabel('Phone number').fill('+44 7700 900123');
    const young = new Date(Date.now() - 10 * 365 * DAY).toISOString().slice(0, 10);
    await page.getByLabel('Date of birth').fill(young);
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await page.getByText(ACCOUNT_MESSAGES.underage).waitFor();

    await page.getByLabel('Date of birth').fill('1988-04-12');
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await page.getByText(ACCOUNT_MESSAGES.profileUpdated).waitFor();
    await page.waitForURL(`${SHOP_URL}/account`, { timeout: 5_000 });
    expect(await profileOf()).toMatchObject({
      firstName: 'Petronella',
      lastName: 'Corrected',
      phoneNumber: '+447700900123',
      dateOfBirth: '1988-04-12',
      bio: 'Raffle fan',
    });
  });

  it('with a date of birth on record under 18, shows it locked and still saves the rest', async () => {
    // Support recorded the true date, which shows the customer is 17.
    const young = new Date(Date.now() - 17 * 365.25 * DAY).toISOString().slice(0, 10);
    await adminDb.doc(userPath(customer.uid)).update({ dateOfBirth: young });
    try {
      await page.goto(`${SHOP_URL}/account/update`);
      await page.getByRole('heading', { name: 'Update Profile' }).waitFor();
      const date = page.getByLabel('Date of birth');
      await page.getByText(ACCOUNT_MESSAGES.dateOfBirthLocked).waitFor();
      expect(await date.inputValue()).toBe(young);
      expect(await date.getAttribute('readonly')).not.toBeNull();
      await page.getByLabel('Phone number').fill('+44 7700 900456');
      await page.getByRole('button', { name: 'Update Profile' }).click();
      await page.getByText(ACCOUNT_MESSAGES.profileUpdated).waitFor();
      expect(await profileOf()).toMatchObject({ phoneNumber: '+447700900456', dateOfBirth: young });
    } finally {
      await adminDb.doc(userPath(customer.uid)).update({ dateOfBirth: '1988-04-12' });
    }
  });
});

describe('My Tickets', () => {
  it('pages 10 tickets at a time, grouped by category then raffle, with category tabs', async () => {
    const [cash, tech, charity] = seeded.raffles;
    // The tickets are counted once the page has come, not also for the empty list before it.
    const ticketCounts: string[] = [];
    const noteCount = (request: Request) => {
      if (
        request.url().includes(':runAggregationQuery') &&
        request.postData()?.includes('tickets')
      ) {
        ticketCounts.push(request.url());
      }
    };
    page.on('request', noteCount);
    await page.goto(`${SHOP_URL}/account/tickets`);
    await page.getByRole('heading', { name: 'My Tickets' }).waitFor();
    await page.getByTestId('my-ticket').first().waitFor();
    expect(await page.getByTestId('my-ticket').count()).toBe(10);
    await page.getByTestId('page-indicator').filter({ hasText: 'Page 1 of 2' }).waitFor();
    page.off('request', noteCount);
    expect(ticketCounts).toHaveLength(1);
    // Categories in order, each raffle once, with its tickets.
    expect(await page.locator('main').getByRole('heading', { level: 2 }).allTextContents()).toEqual(
      ['Cash Prizes', 'Charity Raffles'],
    );
    const cashGroup = page.getByRole('article', { name: cash!.name });
    expect(await cashGroup.getByTestId('my-ticket').count()).toBe(8);
    await cashGroup.getByText('Draw date:').waitFor();
    // Tickets answered wrongly say so.
    const charityGroup = page.getByRole('article', { name: charity!.name });
    expect(
      await charityGroup
        .getByText('Not entered in the draw: the skill question was answered incorrectly.')
        .count(),
    ).toBe(2);

    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByTestId('page-indicator').filter({ hasText: 'Page 2 of 2' }).waitFor();
    await page.getByRole('article', { name: tech!.name }).waitFor();
    expect(await page.getByTestId('my-ticket').count()).toBe(4);
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByRole('article', { name: cash!.name }).waitFor();

    await page.getByRole('tab', { name: 'Tech' }).click();
    await page.getByRole('article', { name: tech!.name }).waitFor();
    expect(await page.getByTestId('my-ticket').count()).toBe(4);
    expect(await page.getByRole('button', { name: 'Next' }).count()).toBe(0);
    await page.getByRole('tab', { name: 'Free' }).click();
    await page.getByText('You have no tickets in this category.').waitFor();
  });

  it('shows the draw date, name and image a raffle has now, not those it had when bought', async () => {
    const [raffleId, buyer, admin] = await Promise.all([
      createRaffle({ ticketPrice: 150 }),
      newCustomer('Tomos', 'Tickets'),
      adminWithPostalAddress(),
    ]);
    const bought = (await adminDb.doc(rafflePath(raffleId)).get()).get('name') as string;
    await payByCard(await callOk('startCheckout', { items: [line(raffleId, 2)] }, buyer));
    // After the sale the draw may only come earlier; the name and image may change.
    const drawn = new Date(Date.now() + 20 * DAY);
    const name = `Renamed ${bought}`;
    const image = '/images/raffles/cash-500.svg';
    await callOk(
      'saveRaffle',
      await raffleForm(raffleId, { name, imageUrl: image, endDate: drawn.toISOString() }),
      admin,
    );
    const own = await newShopPage(browser);
    await signIn(own, buyer.email, TEST_PASSWORD);
    await own.goto(`${SHOP_URL}/account/tickets`);
    // Before, it showed the name, picture and later draw date the tickets were bought with.
    const group = own.getByRole('article', { name });
    await group.getByText(`Draw date: ${formatLongDate(drawn)}`, { exact: true }).waitFor();
    expect(await group.getByTestId('my-ticket').count()).toBe(2);
    expect(await group.getByRole('img', { name }).getAttribute('src')).toBe(image);
    expect(await own.getByText(bought, { exact: true }).count()).toBe(0);
    await own.close();
  });

  it("opens a ticket's order from View Details", async () => {
    const [, tech] = seeded.raffles;
    await page.goto(`${SHOP_URL}/account/tickets`);
    await page.getByRole('tab', { name: 'Tech' }).click();
    await page.getByRole('link', { name: 'View details of ticket #101' }).click();
    await page.waitForURL(`${SHOP_URL}/account/tickets/${tech!.id}_101`);
    const order = seeded.orders.find((o) => o.raffle === tech)!;
    await page.getByRole('heading', { name: `Order ${order.number}` }).waitFor();
    expect(await page.getByTestId('ticket-numbers').textContent()).toBe('100, 101, 102, 103');
    await page.getByRole('link', { name: 'Back to My Orders' }).waitFor();

    // An order's own id opens it at the same address (the back office links there).
    await page.goto(`${SHOP_URL}/account/tickets/${order.id}`);
    await page.getByRole('heading', { name: `Order ${order.number}` }).waitFor();
    await page.goto(`${SHOP_URL}/account/tickets/no-such-ticket`);
    await page.getByText(ACCOUNT_MESSAGES.noOrderForTicket).waitFor();
    await page.goto(`${SHOP_URL}/account/orders/no-such-order`);
    await page.getByText(ACCOUNT_MESSAGES.orderNotFound).waitFor();
  });
});

describe('My Orders', () => {
  const orderNumbers = async () => page.getByTestId('order-number').allTextContents();

  it('lists orders newest first, a page at a time', async () => {
    await page.goto(`${SHOP_URL}/account/orders`);
    await page.getByTestId('order-row').first().waitFor();
    expect(await page.getByTestId('order-row').count()).toBe(10);
    const expected = [...seeded.orders].sort((a, b) => a.ago - b.ago).map((o) => o.number);
    expect(await orderNumbers()).toEqual(expected.slice(0, 10));
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByTestId('page-indicator').filter({ hasText: 'Page 2' }).waitFor();
    await page.getByTestId('order-row').filter({ hasText: expected[10]! }).waitFor();
    expect(await orderNumbers()).toEqual(expected.slice(10));
  });

  it('filters by status and date on the server, and shows the status colours', async () => {
    const [cash, tech, charity] = seeded.orders;
    await page.goto(`${SHOP_URL}/account/orders`);
    await page.getByTestId('order-row').first().waitFor();

    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Cancelled' }).click();
    await page.getByTestId('order-row').filter({ hasText: charity!.number }).waitFor();
    expect(await orderNumbers()).toEqual([charity!.number]);
    const chip = page.getByTestId('order-status').first();
    expect(await chip.textContent()).toBe('Cancelled');
    expect(await chip.getAttribute('class')).toContain('MuiChip-colorError');

    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'All statuses' }).click();
    await page.getByRole('combobox', { name: 'Date' }).click();
    await page.getByRole('option', { name: '30 to 90 days ago' }).click();
    await page.getByTestId('order-row').filter({ hasText: tech!.number }).waitFor();
    expect(await orderNumbers()).toEqual([tech!.number]);
    expect(await page.getByTestId('order-status').first().getAttribute('class')).toContain(
      'MuiChip-colorInfo',
    );

    await page.getByRole('combobox', { name: 'Date' }).click();
    await page.getByRole('option', { name: 'Over 90 days ago' }).click();
    await page.getByTestId('order-row').filter({ hasText: charity!.number }).waitFor();
    expect(await orderNumbers()).toEqual([charity!.number]);

    await page.getByRole('combobox', { name: 'Date' }).click();
    await page.getByRole('option', { name: 'Last 30 days' }).click();
    await page.getByTestId('order-row').filter({ hasText: cash!.number }).waitFor();
    expect(await orderNumbers()).not.toContain(tech!.number);
    expect(await page.getByTestId('payment-status').first().textContent()).toBe('Payment: Paid');
  });

  it('searches by order number or any part of an item name, with full pages', async () => {
    const [cash, tech] = seeded.orders;
    await page.goto(`${SHOP_URL}/account/orders`);
    await page.getByTestId('order-row').first().waitFor();
    const search = async (text: string) => {
      await page.getByLabel('Search orders').fill(text);
      await page.getByRole('button', { name: 'Search', exact: true }).click();
    };
    await search('galax');
    await page.getByTestId('order-row').filter({ hasText: tech!.number }).waitFor();
    expect(await orderNumbers()).toEqual([tech!.number]);
    // Inside a word, not only its start: "laxy" finds "Gadget Galaxy".
    await search('LAXY');
    await page.getByTestId('order-row').filter({ hasText: tech!.number }).waitFor();
    expect(await orderNumbers()).toEqual([tech!.number]);
    // Two words: the newest ten orders hold only eight with both, and the page holds all eight
    // (never a short page with Next offered: there are no more).
    await search(`${run} box`);
    const extras = seeded.orders.filter((o) => !o.raffle).map((o) => o.number);
    await page.getByTestId('order-row').filter({ hasText: extras[7]! }).waitFor();
    expect((await orderNumbers()).sort()).toEqual([...extras].sort());
    expect(await page.getByRole('button', { name: 'Next' }).count()).toBe(0);
    await search(cash!.number.toLowerCase());
    await page.getByTestId('order-row').filter({ hasText: cash!.number }).waitFor();
    expect(await orderNumbers()).toEqual([cash!.number]);
    await search('nothing-like-this');
    await page.getByText('No orders match your search and filters.').waitFor();
  });

  it('shows order details with a print layout', async () => {
    const [cash] = seeded.orders;
    await page.goto(`${SHOP_URL}/account/orders`);
    await page.getByRole('link', { name: `View order ${cash!.number}` }).click();
    await page.getByRole('heading', { name: `Order ${cash!.number}` }).waitFor();
    expect(await page.getByTestId('order-total').textContent()).toBe('£8.00');
    await page.getByRole('button', { name: 'Print' }).waitFor();
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('header').first().isVisible()).toBe(false);
    expect(await page.locator('footer').first().isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    expect(await page.getByRole('heading', { name: `Order ${cash!.number}` }).isVisible()).toBe(
      true,
    );
    await page.emulateMedia({ media: 'screen' });
    await page.getByRole('link', { name: 'Back to My Orders' }).click();
    await page.waitForURL(`${SHOP_URL}/account/orders`);
  });

  it('says what account credit paid and what the card paid', async () => {
    const [cash] = seeded.orders;
    const paid = (await adminDb.doc(`${ordersCollection}/${cash!.id}`).get()).data()!;
    const id = `${cash!.id}-credit`;
    const number = `${cash!.number}C`;
    await adminDb
      .doc(`${ordersCollection}/${id}`)
      .set({ ...paid, orderNumber: number, creditApplied: 300, totalAmount: 500 });
    await page.goto(`${SHOP_URL}/account/orders/${id}`);
    await page.getByRole('heading', { name: `Order ${number}` }).waitFor();
    const sums = page.getByRole('row').filter({ hasText: /^(Total|Account credit|Paid by card)/ });
    expect(await sums.allTextContents()).toEqual([
      'Total£8.00',
      'Account credit−£3.00',
      'Paid by card£5.00',
    ]);
    await adminDb.doc(`${ordersCollection}/${id}`).delete();
  });

  it('names the tickets an administrator refunded and what came back', async () => {
    const [raffleId, buyer, admin] = await Promise.all([
      createRaffle({ ticketPrice: 200 }),
      newCustomer('Rhian', 'Refunded'),
      newAdmin(),
    ]);
    const paid = await payByCard(
      await callOk('startCheckout', { items: [line(raffleId, 3)] }, buyer),
    );
    const [first] = paid.ticketNumbers[raffleId]!;
    await callOk(
      'refundOrder',
      { orderId: paid.orderId, ticketIds: [ticketId(raffleId, first!)] },
      admin,
    );
    const own = await newShopPage(browser);
    await signIn(own, buyer.email, TEST_PASSWORD);
    await own.goto(`${SHOP_URL}/account/orders/${paid.orderId}`);
    // Before, the page read Completed and Paid, with all three numbers and nothing refunded.
    await own
      .getByTestId('refunded-numbers')
      .getByText(`Refunded, out of the draw: ${first}`, { exact: true })
      .waitFor();
    const sums = own.getByRole('row').filter({ hasText: /^(Total|Refunded to card)/ });
    expect(await sums.allTextContents()).toEqual(['Total£6.00', 'Refunded to card−£2.00']);
    await own.goto(`${SHOP_URL}/account/orders`);
    await own.getByTestId('order-refunded').getByText('£2.00 refunded', { exact: true }).waitFor();
    await own.close();
  });

  it('names tickets an administrator added "Manual entry", never the stored code', async () => {
    const [raffleId, holder, admin] = await Promise.all([
      createRaffle({ ticketPrice: 200 }),
      newCustomer('Manon', 'Manual'),
      newAdmin(),
    ]);
    const { orderId, orderNumber } = await callOk(
      'createManualEntry',
      { userId: holder.uid, raffleId, quantity: 3 },
      admin,
    );
    const own = await newShopPage(browser);
    await signIn(own, holder.email, TEST_PASSWORD);
    await own.goto(`${SHOP_URL}/account/orders`);
    const row = own.getByRole('article', { name: `Order ${orderNumber}` });
    // Before, the row read "… · manual_entry · 3 tickets".
    await row.getByText(/ · Manual entry · 3 tickets$/).waitFor();
    await own.goto(`${SHOP_URL}/account/orders/${orderId}`);
    await own.getByRole('heading', { name: `Order ${orderNumber}` }).waitFor();
    await own.getByText('Manual entry', { exact: true }).waitFor();
    expect(await own.getByText('manual_entry').count()).toBe(0);
    await own.close();
  });
});

describe('My Orders and My Tickets stay live', () => {
  it('show an order paid and tickets issued while the page is open, and a refund', async () => {
    const [raffleId, buyer, admin] = await Promise.all([
      createRaffle({ ticketPrice: 150 }),
      newCustomer('Lena', 'Live'),
      newAdmin(),
    ]);
    const own = await newShopPage(browser);
    await signIn(own, buyer.email, TEST_PASSWORD);
    await own.goto(`${SHOP_URL}/account/orders`);
    await own.getByText("You haven't placed any orders yet.").waitFor();

    // Paid in another tab (here, as its webhook would): the list shows it without a reload.
    const first = await payByCard(
      await callOk('startCheckout', { items: [line(raffleId, 2)] }, buyer),
    );
    const { orderNumber } = (
      await adminDb.doc(`${ordersCollection}/${first.orderId}`).get()
    ).data()!;
    const row = own.getByRole('article', { name: `Order ${orderNumber}` });
    await row.getByTestId('order-status').getByText('Completed', { exact: true }).waitFor();
    expect(await own.getByTestId('order-row').count()).toBe(1);

    const [ticket] = first.ticketNumbers[raffleId]!;
    await callOk(
      'refundOrder',
      { orderId: first.orderId, ticketIds: [ticketId(raffleId, ticket!)] },
      admin,
    );
    await row.getByTestId('order-refunded').getByText('£1.50 refunded', { exact: true }).waitFor();

    await own.goto(`${SHOP_URL}/account/tickets`);
    // The two tickets of the first order, one of them refunded.
    await own.getByTestId('my-ticket').filter({ hasText: 'Void (refunded)' }).waitFor();
    const before = await own.getByTestId('my-ticket').count();
    expect(before).toBe(2);
    await payByCard(await callOk('startCheckout', { items: [line(raffleId, 2)] }, buyer));
    await own
      .getByTestId('my-ticket')
      .nth(before + 1)
      .waitFor();
    expect(await own.getByTestId('my-ticket').count()).toBe(before + 2);
    await own.close();
  });
});

describe('Saved Raffles', () => {
  it('checks an add again once the question is answered, and adds nothing that no longer stands', async () => {
    const [raffleId, saver] = await Promise.all([
      createRaffle({ maxTicketsPerUser: 3, endDate: new Date(Date.now() + 10 * 60_000) }),
      newCustomer('Sian', 'Saved'),
    ]);
    const name = (await adminDb.doc(rafflePath(raffleId)).get()).get('name') as string;
    await adminDb
      .doc(`${savedRafflesPath(saver.uid)}/${raffleId}`)
      .set({ raffleId, createdAt: new Date() });
    const own = await newShopPage(browser);
    try {
      await own.clock.install();
      await signIn(own, saver.email, TEST_PASSWORD);
      await own.goto(`${SHOP_URL}/account/saved`);
      const card = own.getByRole('article', { name });
      const question = own.getByRole('dialog', { name: 'Answer to Enter' });
      /** Opens the question and answers it, then `meanwhile` happens before Submit. */
      const answerAfter = async (meanwhile: () => Promise<void>) => {
        await card.getByRole('button', { name: 'Add to Cart' }).click();
        await question.getByRole('radio', { name: 'London' }).check();
        await meanwhile();
        await question.getByRole('button', { name: 'Submit' }).click();
        await question.waitFor({ state: 'hidden' });
      };
      // The card behind the open question, which the dialog hides from the accessibility tree.
      const cardBehind = own.getByRole('article', { name, includeHidden: true });

      // Another tab filled the customer's allowance while the question was open.
      await answerAfter(async () => {
        await adminDb
          .doc(cartPath(saver.uid))
          .set({ items: [{ raffleId, quantity: 3 }], updatedAt: new Date() });
        await cardBehind
          .getByRole('button', { name: 'Limit Reached', includeHidden: true })
          .waitFor();
      });
      // Before, it added the ticket anyway (4 in the cart of a raffle allowing 3) and said so.
      await own.getByText(RAFFLE_CLOSED_TEXTS.maxEntries, { exact: true }).waitFor();
      expect(await own.getByRole('dialog', { name: 'Added to Cart' }).count()).toBe(0);
      expect((await adminDb.doc(cartPath(saver.uid)).get()).get('items')).toEqual([
        { raffleId, quantity: 3 },
      ]);

      // The raffle ended while the question was open: its card leaves the page meanwhile.
      await adminDb.doc(cartPath(saver.uid)).delete();
      await answerAfter(async () => {
        await moveClockOn(own, '15:00');
        await cardBehind.waitFor({ state: 'detached' });
      });
      await own.getByText(ACCOUNT_MESSAGES.raffleEnded, { exact: true }).waitFor();
      expect(await own.getByRole('dialog', { name: 'Added to Cart' }).count()).toBe(0);
      expect((await adminDb.doc(cartPath(saver.uid)).get()).exists).toBe(false);
    } finally {
      await own.close();
      // Ending within minutes, it would head other files' Ending Soon.
      await adminDb.doc(rafflePath(raffleId)).update({ active: false });
    }
  });
});

describe('account pages: accessibility and layout', () => {
  it('has no serious violations and nothing wider than a phone', async () => {
    const found: string[] = [];
    const order = seeded.orders[0]!;
    const checks: Array<[string, () => ReturnType<Page['getByText']>]> = [
      ['/account', () => page.getByLabel('Username')],
      ['/account/update', () => page.getByLabel('First name')],
      ['/account/tickets', () => page.getByTestId('my-ticket').first()],
      ['/account/orders', () => page.getByTestId('order-row').first()],
      [
        `/account/orders/${order.id}`,
        () => page.getByRole('heading', { name: `Order ${order.number}` }),
      ],
      ['/account/settings', () => page.getByRole('heading', { name: 'Preferences' })],
      [
        '/account/settings?tab=security',
        () => page.getByRole('heading', { name: 'Payment Cards' }),
      ],
      ['/account/settings?tab=danger', () => page.getByRole('heading', { name: 'Delete Account' })],
      ['/account/saved', () => page.getByText('You have no saved raffles.', { exact: false })],
    ];
    for (const [path, ready] of checks) {
      await page.goto(`${SHOP_URL}${path}`);
      await ready().waitFor();
      found.push(...(await seriousAccessibilityViolations(page)).map((v) => `${path}: ${v}`));
    }
    expect(found).toEqual([]);

    await page.setViewportSize({ width: 375, height: 740 });
    const overflow: string[] = [];
    for (const [path, ready] of checks) {
      await page.goto(`${SHOP_URL}${path}`);
      await ready().waitFor();
      overflow.push(...(await horizontalOverflow(page)).map((o) => `${path}: ${o}`));
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(overflow).toEqual([]);
  });
});

describe('Preferences (/account/settings)', () => {
  it('offers only the languages the shop is written in, and shows times in the chosen zone', async () => {
    // Sent at 12:00 UK time on 15 January: already the 16th, 01:00, in Auckland (UTC+13).
    await adminDb.doc(`${notificationsPath(customer.uid)}/zoned-${run}`).set({
      type: 'system',
      title: `Zoned ${run}`,
      message: 'A notification with a known time.',
      supportTicketId: null,
      isRead: true,
      createdAt: new Date('2026-01-15T12:00:00Z'),
    });
    const zoned = page.getByTestId('notification').filter({ hasText: `Zoned ${run}` });
    await page.goto(`${SHOP_URL}/account/notifications`);
    await zoned.waitFor();
    expect(await zoned.locator('time').getAttribute('title')).toBe('15 Jan 2026, 12:00');

    await page.goto(`${SHOP_URL}/account/settings`);
    // Security alerts are e-mailed whatever the switch says, and the page says so.
    await page
      .getByText(
        'How we keep in touch. E-mails about orders, wins, refunds and security are always sent.',
      )
      .waitFor();
    expect(
      await page
        .getByLabel('E-mail me about support replies, raffle updates and results')
        .isChecked(),
    ).toBe(true);
    await page.getByLabel('Language').click();
    const listbox = page.getByRole('listbox');
    expect(await listbox.getByRole('option').allTextContents()).toEqual(['English (UK)']);
    await page.keyboard.press('Escape');
    await listbox.waitFor({ state: 'detached' });

    // Marketing e-mails turned on in another tab while this one is open: this page follows,
    // and saving a time zone here does not write its older choice back.
    await adminDb.doc(userSettingsPath(customer.uid)).update({ marketingEmails: true });
    const marketing = page.getByLabel('Send me offers and news about new competitions');
    await eventually(async () => (await marketing.isChecked()) || null, {
      what: 'the switch to follow the other tab',
    });
    await page.getByLabel('Time zone').click();
    await page.getByRole('option', { name: 'Pacific/Auckland', exact: true }).click();
    // …and turned off again there before this tab saves.
    await adminDb.doc(userSettingsPath(customer.uid)).update({ marketingEmails: false });
    await page.getByRole('button', { name: 'Save Preferences' }).click();
    await page.getByText(ACCOUNT_MESSAGES.preferencesUpdated).waitFor();
    const saved = (await adminDb.doc(userSettingsPath(customer.uid)).get()).data();
    expect(saved).toMatchObject({ timezone: 'Pacific/Auckland', marketingEmails: false });
    expect(saved?.marketingEmailsChangedAt).toBeUndefined();
    // Turned on here: the choice is saved with the server's time, the record of consent.
    const before = Date.now();
    await marketing.check();
    await page.getByRole('button', { name: 'Save Preferences' }).click();
    await page.getByText(ACCOUNT_MESSAGES.preferencesUpdated).waitFor();
    const consented = (await adminDb.doc(userSettingsPath(customer.uid)).get()).data();
    expect(consented?.marketingEmails).toBe(true);
    expect(consented?.marketingEmailsChangedAt.toMillis()).toBeGreaterThanOrEqual(before - 5_000);

    await page.goto(`${SHOP_URL}/account/notifications`);
    await zoned.waitFor();
    expect(await zoned.locator('time').getAttribute('title')).toBe('16 Jan 2026, 01:00');
    await page.getByText('Friday 16 January 2026', { exact: true }).waitFor();
    // A reload paints in the same zone from the start.
    await page.reload();
    await zoned.waitFor();
    expect(await zoned.locator('time').getAttribute('title')).toBe('16 Jan 2026, 01:00');

    // Changed back (here, as from another device): the next page shown is in UK time again.
    await adminDb.doc(userSettingsPath(customer.uid)).update({ timezone: 'Europe/London' });
    await page.reload();
    await page.getByText('Thursday 15 January 2026', { exact: true }).waitFor();
    expect(await zoned.locator('time').getAttribute('title')).toBe('15 Jan 2026, 12:00');
  });
});
