import {
  ACCESS_MESSAGES,
  ADMIN_CLAIM,
  DASHBOARD_MESSAGES,
  RAFFLE_MESSAGES,
  formatPence,
  rafflePath,
  userPath,
} from '@rafflewin/domain';
import type { Page } from 'playwright-core';
import { DEMO_USERS } from '../../emulators/config';
import { adminAuth, adminDb, eventually, uniqueEmail } from '../support/admin';
import {
  CUT_NETWORK,
  SHOP_URL,
  allowBrowserErrors,
  seriousAccessibilityViolations,
  signIn,
} from '../support/browser';
import { demoShopForFile } from '../support/demoShop';
import { newestRaffleOff } from '../support/raffles';

jest.setTimeout(180_000);

const shop = demoShopForFile();

async function asAdmin(path: string): Promise<Page> {
  const page = await shop.newPage();
  await signIn(page, DEMO_USERS.admin.email, DEMO_USERS.admin.password);
  await page.goto(`${SHOP_URL}${path}`);
  return page;
}

describe('the admin guard', () => {
  it('sends visitors to sign in and customers home', async () => {
    const guest = await shop.newPage();
    await guest.goto(`${SHOP_URL}/admin/raffles`);
    await guest.waitForURL(/\/auth\?redirect=%2Fadmin%2Fraffles$/);
    await guest.close();

    const customer = await shop.newPage();
    await signIn(customer, DEMO_USERS.customer.email, DEMO_USERS.customer.password);
    await customer.goto(`${SHOP_URL}/admin`);
    await customer.waitForURL(`${SHOP_URL}/`);
    await customer.close();
  });

  it('shows Access Denied on every screen when the server refuses a session that still claims admin', async () => {
    const email = uniqueEmail('lapsed-admin');
    const password = 'Lapsed#2025!';
    const user = await adminAuth.createUser({ email, password, emailVerified: true });
    await adminAuth.setCustomUserClaims(user.uid, { [ADMIN_CLAIM]: true });
    const now = new Date();
    await adminDb.doc(userPath(user.uid)).set({
      email,
      username: null,
      bio: null,
      firstName: 'Lapsed',
      lastName: 'Admin',
      phoneNumber: null,
      dateOfBirth: '1990-01-01',
      banned: false,
      createdAt: now,
      updatedAt: now,
    });
    const page = await shop.newPage();
    await signIn(page, email, password);
    await page.goto(`${SHOP_URL}/admin/carousel`);
    await page.getByTestId('slide-row').first().waitFor();
    // Banned after signing in: the token still carries the claim, the server refuses. The page
    // acts before it has noticed (its token cannot be refreshed): once it notices, it signs
    // out (serverWords.spec.ts).
    allowBrowserErrors(CUT_NETWORK);
    await page.route('**/securetoken.googleapis.com/**', (route) =>
      route.abort('internetdisconnected'),
    );
    await adminDb.doc(userPath(user.uid)).update({ banned: true });
    await page.getByLabel('Active: Play for Good').click();
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    // The server's reason, not the screen's "no administrator privileges" (which a refusal
    // for a second factor owed also read as before).
    await page.getByText(ACCESS_MESSAGES.banned, { exact: true }).waitFor();
    expect(await page.getByTestId('slide-row').count()).toBe(0);

    // Every other screen's reads are refused too: each shows the panel, not its load failure.
    const denied = page.getByRole('heading', { name: 'Access Denied' });
    for (const path of [
      '/admin/tickets',
      '/admin/users',
      '/admin/orders',
      '/admin/settings',
      '/admin/support',
      '/admin/notifications',
      '/admin/manual-entry',
      '/admin/postal-entries',
    ]) {
      await page.goto(`${SHOP_URL}${path}`);
      await denied.waitFor();
    }

    // An action refused on a screen that loaded before the ban: the settings' save.
    await adminDb.doc(userPath(user.uid)).update({ banned: false });
    await page.goto(`${SHOP_URL}/admin/settings`);
    const save = page.getByRole('button', { name: 'Save General Settings' });
    await save.waitFor();
    await adminDb.doc(userPath(user.uid)).update({ banned: true });
    await save.click();
    await denied.waitFor();
    await page.close();
  });
});

describe('the dashboard', () => {
  it('shows the five stat cards, the 30-day chart and the quick links', async () => {
    const page = await asAdmin('/admin');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    const cards = page.getByTestId('stat-card');
    await cards
      .filter({ hasText: 'Revenue' })
      .getByText(/^£[\d,]+\.\d{2}$/)
      .waitFor();
    expect(await cards.count()).toBe(5);
    // Revenue is every paid order's total less its refunds, orders without a refund included
    // (an aggregation pairing the two sums would count only orders holding both fields).
    const revenue = async () => {
      const paid = await adminDb.collection('orders').where('paymentStatus', '==', 'paid').get();
      const pence = paid.docs.reduce(
        (total, order) =>
          total + Number(order.get('totalAmount') ?? 0) - Number(order.get('refundedAmount') ?? 0),
        0,
      );
      return formatPence(pence);
    };
    await eventually(
      async () => {
        const expected = await revenue();
        await page.reload();
        const shown = cards.filter({ hasText: 'Revenue' }).getByText(/^£[\d,]+\.\d{2}$/);
        await shown.waitFor();
        return (await shown.textContent()) === expected && expected !== '£0.00' ? true : null;
      },
      { timeoutMs: 30_000, intervalMs: 500, what: 'the revenue card to match the paid orders' },
    );
    for (const label of ['Users', 'Raffles', 'Tickets', 'Active raffles']) {
      await cards
        .filter({ hasText: label })
        .getByText(/^[\d,]+$/)
        .first()
        .waitFor();
    }
    // The seed's sold tickets and its demo raffles are counted.
    const raffles = await cards
      .filter({ hasText: /^Raffles/ })
      .getByText(/^[\d,]+$/)
      .textContent();
    expect(Number(raffles?.replace(/,/g, ''))).toBeGreaterThanOrEqual(13);

    await page.getByRole('button', { name: 'Show the figures as a table' }).click();
    expect(
      await page.getByRole('table', { name: 'Sales per day' }).locator('tbody tr').count(),
    ).toBe(30);
    for (const link of ['Carousel', 'Raffles', 'Orders', 'Manual Entry', 'Settings']) {
      await page
        .getByRole('navigation', { name: 'Quick links' })
        .getByRole('link', { name: link })
        .waitFor();
    }
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.close();
  });

  it('says when its figures cannot be read, showing a dash rather than a figure or a loader, and reads them on the next visit', async () => {
    allowBrowserErrors(CUT_NETWORK);
    const page = await shop.newPage();
    await signIn(page, DEMO_USERS.admin.email, DEMO_USERS.admin.password);
    // Every count and sum the dashboard asks Firestore for fails on the way.
    const aggregations = '**/*:runAggregationQuery*';
    await page.route(aggregations, (route) => route.abort('failed'));
    await page.goto(`${SHOP_URL}/admin`);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();

    const failed = page.getByRole('alert').filter({ hasText: DASHBOARD_MESSAGES.loadFailed });
    // One over the stat cards, one in place of the chart.
    await eventually(async () => ((await failed.count()) === 2 ? true : null), {
      timeoutMs: 30_000,
      intervalMs: 250,
      what: 'both of the dashboard’s failure messages',
    });
    const cards = page.getByTestId('stat-card');
    expect(await cards.count()).toBe(5);
    for (const card of await cards.all()) {
      expect(await card.getByText('–', { exact: true }).count()).toBe(1);
    }
    expect(await page.locator('.MuiSkeleton-root').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Show the figures as a table' }).count()).toBe(0);
    // The quick links still lead on.
    await page
      .getByRole('navigation', { name: 'Quick links' })
      .getByRole('link', { name: 'Raffles' })
      .waitFor();

    await page.unroute(aggregations);
    await page.reload();
    await cards
      .filter({ hasText: 'Revenue' })
      .getByText(/^£[\d,]+\.\d{2}$/)
      .waitFor();
    await page.getByRole('button', { name: 'Show the figures as a table' }).waitFor();
    expect(await failed.count()).toBe(0);
    await page.close();
  });
});

describe('Manage Raffles', () => {
  it('creates a raffle with a question that the shop asks, then hides and deletes it', async () => {
    const stamp = Date.now();
    const name = `Test raffle console ${stamp}`;
    const imageName = `E2E image ${stamp}`;
    const questionText = `Which city is the capital of England (${stamp})?`;
    const page = await asAdmin('/admin/raffles');

    await page.getByRole('button', { name: 'New Raffle' }).click();
    const form = page.getByRole('dialog', { name: 'New Raffle' });
    await form.getByRole('button', { name: 'Create Raffle' }).click();
    await form.getByText('Name is required').waitFor();
    await form.getByText('Image URL is required').waitFor();
    // The default is a cash raffle at £0, which a paid category refuses.
    await form.getByText('Cash raffles must have a positive ticket price').waitFor();
    expect(await form.getByLabel(/^Maximum tickets\s*\*?$/).inputValue()).toBe('100');
    expect(await form.getByLabel('Online entry text').inputValue()).toBe(
      'Enter online by purchasing tickets through our website.',
    );

    // Free raffles take 1 ticket per user, others 10, whichever way the category moves.
    const perUser = form.getByLabel('Maximum tickets per user');
    const chooseCategory = async (label: string) => {
      await form.getByRole('combobox', { name: 'Category' }).click();
      await page.getByRole('option', { name: label }).click();
    };
    await chooseCategory('Free Giveaways');
    expect(await perUser.inputValue()).toBe('1');
    await chooseCategory('Cash Prizes');
    expect(await perUser.inputValue()).toBe('10');

    // Past a limit: said in words under the field, the schema's own or the form's, never zod's.
    await form.getByLabel('Name').fill('n'.repeat(121));
    await perUser.fill('1001');
    await form.getByRole('button', { name: 'Create Raffle' }).click();
    await form.getByText('This field must be at most 120 characters').waitFor();
    await form.getByText('Maximum tickets per user can be at most 1,000').waitFor();
    expect(await form.getByText(/Too (big|small)/).count()).toBe(0);
    await perUser.fill('10');

    await form.getByLabel('Name').fill(name);
    // A price at which the most one customer may buy costs less than a card payment can be.
    await form.getByLabel('Ticket price (£)').fill('0.02');
    await form.getByRole('button', { name: 'Create Raffle' }).click();
    await form
      .getByText(
        'A customer could spend at most £0.20 on this raffle, and card payments start at £0.30: raise the ticket price or the maximum tickets per user',
      )
      .waitFor();
    await form.getByLabel('Ticket price (£)').fill('2.50');
    await form.getByRole('button', { name: 'Choose from Image Library' }).click();
    const library = page.getByRole('dialog', { name: 'Image Library' });
    await library.getByText(/Uploading files is not available here/).waitFor();
    const byUrl = library.getByRole('form', { name: 'Add image by URL' });
    await byUrl.getByRole('button', { name: 'Add Image' }).click();
    await byUrl.getByText('Please enter both image URL and name').waitFor();
    await byUrl.getByLabel('Image name').fill(imageName);
    await byUrl.getByLabel('Image URL').fill('/images/raffles/tech-macbook.svg');
    await byUrl.getByRole('button', { name: 'Add Image' }).click();
    await library.getByText('Image added to the library').waitFor();
    await library.getByLabel('Search images by name').fill(imageName.toLowerCase());
    // The search reads the library again: the grid settles on the one match before the click
    // (a click while it re-renders can land beside the button; it did once in a full run).
    const tiles = library.getByTestId('library-image');
    await eventually(async () => ((await tiles.count()) === 1 ? true : null), {
      what: 'the library narrowed to the new image',
    });
    await library
      .getByRole('progressbar', { name: 'Loading images' })
      .waitFor({ state: 'detached' });
    const tile = tiles.filter({ hasText: imageName });
    await tile.getByRole('button', { name: 'Select' }).click();
    await library.waitFor({ state: 'detached' });
    expect(await form.getByLabel('Image URL').inputValue()).toBe(
      '/images/raffles/tech-macbook.svg',
    );
    await form.getByRole('button', { name: 'Create Raffle' }).click();
    // A paid raffle cannot be live without its skill question: it is saved switched off.
    await page.getByText(RAFFLE_MESSAGES.createdOff, { exact: true }).waitFor();

    const row = page.getByTestId('raffle-row').filter({ hasText: name });
    await row.getByText('£2.50').waitFor();
    await row.getByText('0 / 100').waitFor();
    await row.getByText('No question').waitFor();
    await row.getByText('Inactive').waitFor();
    await row.getByLabel(`Active: ${name}`).click();
    await page.getByText(RAFFLE_MESSAGES.questionRequired, { exact: true }).waitFor();
    await row.getByText('Inactive').waitFor();
    expect(
      (await adminDb.collection('raffles').where('name', '==', name).get()).docs[0]?.get('active'),
    ).toBe(false);

    await row.getByRole('button', { name: `Questions for ${name}` }).click();
    await page.getByRole('heading', { name: `Questions: ${name}` }).waitFor();
    await page.getByRole('button', { name: 'New Question' }).click();
    const questionForm = page.getByRole('dialog', { name: 'New Question' });
    await questionForm.getByRole('button', { name: 'Create Question' }).click();
    await questionForm.getByText('Question text is required').waitFor();
    await questionForm.getByLabel('Question text').fill(questionText);
    await questionForm.getByLabel('Option A').fill('Manchester');
    await questionForm.getByLabel('Option B').fill('London');
    await questionForm.getByLabel('Option C').fill('Leeds');
    await questionForm.getByLabel('B', { exact: true }).check();
    await questionForm.getByRole('button', { name: 'Create Question' }).click();
    await page.getByText('Question created').waitFor();
    await page
      .getByTestId('question-row')
      .filter({ hasText: questionText })
      .getByText('B', { exact: true })
      .waitFor();
    await page.getByRole('button', { name: 'Back to Raffles' }).click();
    await row.getByText('No question').waitFor({ state: 'detached' });
    await row.getByLabel(`Active: ${name}`).click();
    await page.getByText('Raffle activated', { exact: true }).waitFor();

    // In the shop: on the cash page, asking the new question before adding to the cart.
    await page.goto(`${SHOP_URL}/competitions/cash`);
    const card = page.getByTestId('raffle-card').filter({ hasText: name });
    await card.getByText('£2.50').waitFor();
    await card.getByRole('button', { name: 'Add to Cart' }).click();
    const answer = page.getByRole('dialog', { name: 'Answer to Enter' });
    await answer.getByText(questionText).waitFor();
    await answer.getByLabel('London').waitFor();
    await answer.getByRole('button', { name: 'Cancel' }).click();

    // Switched off in the console, it leaves the shop.
    await page.goto(`${SHOP_URL}/admin/raffles`);
    await row.getByLabel(`Active: ${name}`).click();
    await page.getByText('Raffle deactivated', { exact: true }).waitFor();
    await row.getByText('Inactive').waitFor();
    await page.goto(`${SHOP_URL}/competitions/cash`);
    await page.getByTestId('raffle-card').first().waitFor();
    expect(await page.getByTestId('raffle-card').filter({ hasText: name }).count()).toBe(0);

    await page.goto(`${SHOP_URL}/admin/raffles`);
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete raffle' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Raffle deleted successfully').waitFor();
    await row.waitFor({ state: 'detached' });
    await page.close();
  });
});

describe('dates in the console', () => {
  it('are typed and shown in UK time, even on a computer set to New York', async () => {
    const { raffleId, name } = await newestRaffleOff({
      endDate: new Date('2027-01-15T20:00:00Z'),
    });
    const page = await shop.newPage(undefined, { timezoneId: 'America/New_York' });
    await signIn(page, DEMO_USERS.admin.email, DEMO_USERS.admin.password);
    // Newest first: the raffle just made heads the first page.
    await page.goto(`${SHOP_URL}/admin/raffles`);
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const form = page.getByRole('dialog', { name: 'Edit Raffle' });
    // 20:00 in London in January, not 15:00 as New York's clock says.
    const end = form.getByLabel('End date/time (UK time)');
    expect(await end.inputValue()).toBe('2027-01-15T20:00');
    await end.fill('2027-07-01T20:00');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Raffle updated successfully').waitFor();
    const stored = (await adminDb.doc(rafflePath(raffleId)).get()).get('endDate') as {
      toDate(): Date;
    };
    // 20:00 British Summer Time.
    expect(stored.toDate().toISOString()).toBe('2027-07-01T19:00:00.000Z');
    await page.close();
  });
});

describe('an edit over a change saved meanwhile', () => {
  it('is refused with a message, keeps that change and shows it when the form is opened again', async () => {
    const { raffleId, name } = await newestRaffleOff();
    const page = await asAdmin('/admin/raffles');
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const form = page.getByRole('dialog', { name: 'Edit Raffle' });
    await form.getByLabel('Maximum tickets per user').fill('7');
    // Meanwhile another administrator saves a new description.
    await adminDb
      .doc(rafflePath(raffleId))
      .update({ description: 'Changed in another tab', updatedAt: new Date() });
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await form.getByText(RAFFLE_MESSAGES.changedSinceOpened, { exact: true }).waitFor();
    expect((await adminDb.doc(rafflePath(raffleId)).get()).data()).toMatchObject({
      description: 'Changed in another tab',
      maxTicketsPerUser: 10,
    });
    await form.getByRole('button', { name: 'Cancel' }).click();
    // Opened again (once the live table has the change), it edits the latest version.
    await eventually(
      async () => {
        await page.getByRole('button', { name: `Edit ${name}` }).click();
        const latest = await form.getByLabel('Description').inputValue();
        if (latest !== 'Changed in another tab') {
          await form.getByRole('button', { name: 'Cancel' }).click();
          return null;
        }
        return true;
      },
      { what: 'the edit form showing the change', intervalMs: 250 },
    );
    await form.getByLabel('Maximum tickets per user').fill('7');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Raffle updated successfully').waitFor();
    expect((await adminDb.doc(rafflePath(raffleId)).get()).data()).toMatchObject({
      description: 'Changed in another tab',
      maxTicketsPerUser: 7,
    });
    await page.close();
  });
});

describe('the carousel editor', () => {
  it('adds a slide from a raffle that shows on the home page and finds the raffle', async () => {
    const title = `Slide console ${Date.now()}`;
    const page = await asAdmin('/admin/carousel');
    await page.getByTestId('slide-row').first().waitFor();
    await page.getByRole('button', { name: 'Add from Raffles' }).click();
    const picker = page.getByRole('dialog', { name: 'Add from Raffles' });
    // Sold out (PS5) and ended (spa break) raffles are not offered.
    await picker.getByTestId('slide-raffle').first().waitFor();
    expect(await picker.getByText('PlayStation 5 Pro Bundle').count()).toBe(0);
    expect(await picker.getByText('Luxury Spa Break for Two').count()).toBe(0);
    // Searching finds raffles anywhere in the shop by words of their name.
    await picker.getByLabel('Search raffles').fill('macbook air');
    await picker.getByTestId('slide-raffle').filter({ hasText: 'MacBook Air M4' }).waitFor();
    expect(await picker.getByTestId('slide-raffle').count()).toBe(1);
    await picker.getByRole('button', { name: 'Use MacBook Air M4' }).click();
    const form = page.getByRole('dialog', { name: 'New Slide' });
    expect(await form.getByLabel('Button link').inputValue()).toBe(
      '/competitions/tech?raffle=tech-macbook',
    );
    expect(await form.getByLabel('Button text').inputValue()).toBe('Enter Now');
    await form.getByLabel('Title (optional)').fill(title);
    await form.getByRole('button', { name: 'Create Slide' }).click();
    await page.getByText('Slide created').waitFor();
    const rows = page.getByTestId('slide-row');
    await rows.last().getByText(title).waitFor();
    expect(
      await rows
        .last()
        .getByRole('button', { name: `Move ${title} down` })
        .isDisabled(),
    ).toBe(true);
    expect(await rows.first().getByRole('button', { name: /up$/ }).isDisabled()).toBe(true);

    // On the home page, the last slide is the new one; its button finds the raffle.
    await page.goto(SHOP_URL);
    const carousel = page.getByRole('region', { name: 'Featured competitions' });
    const dots = carousel.getByRole('group', { name: 'Slides' }).getByRole('button');
    await dots.first().waitFor();
    await dots.last().click();
    await carousel.getByRole('heading', { name: title }).waitFor();
    await carousel.getByRole('link', { name: 'Enter Now' }).click();
    await page.waitForURL(/\/competitions\/tech\?raffle=tech-macbook$/);
    await page.locator('#raffle-card-tech-macbook[data-highlighted="true"]').waitFor();

    // Reorder, then delete, in the editor.
    await page.goto(`${SHOP_URL}/admin/carousel`);
    await rows.last().getByText(title).waitFor();
    const count = await rows.count();
    await rows
      .last()
      .getByRole('button', { name: `Move ${title} up` })
      .click();
    await page.getByText('Slide order updated').waitFor();
    await rows
      .nth(count - 2)
      .getByText(title)
      .waitFor();
    await rows
      .nth(count - 2)
      .getByRole('button', { name: `Delete ${title}` })
      .click();
    await page
      .getByRole('dialog', { name: 'Delete slide' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByText('Slide deleted').waitFor();
    await rows.filter({ hasText: title }).waitFor({ state: 'detached' });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.close();
  });
});
