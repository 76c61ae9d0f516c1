import {
  DEFAULT_PROTECTION,
  DRAW_NOTICES,
  DRAW_PAGE_TEXTS,
  notificationsPath,
  protectionPath,
  rafflePath,
  ticketId,
  userSettingsPath,
} from '@rafflewin/domain';
import type { Page } from 'playwright-core';
import { DEMO_USERS } from '../../emulators/config';
import { drawNoticeId } from '../../functions/src/services/draws/announce';
import { drawRaffle, runDueDraws } from '../../functions/src/services/draws/draw';
import { adminAuth, adminDb, eventually, uniqueEmail } from '../support/admin';
import { SHOP_URL, signIn } from '../support/browser';
import { demoShopForFile } from '../support/demoShop';
import { TEST_PASSWORD, callOk, newAdmin, newCustomer } from '../support/customers';
import { linkIn, waitForMail } from '../support/mailbox';
import {
  closedRaffleWithTickets,
  commitmentOf,
  createRaffle,
  line,
  searchable,
} from '../support/raffles';
import { payByCard } from '../support/stripeDouble';

jest.setTimeout(150_000);

const shop = demoShopForFile();
let page: Page;

beforeEach(async () => {
  page = await shop.newPage();
});

afterEach(async () => {
  await page.close();
});

describe('verifiable draws', () => {
  it('shows a live raffle’s commitment before the draw', async () => {
    await eventually(
      async () => (await adminDb.doc(rafflePath('tech-macbook')).get()).get('drawCommitment'),
      { what: 'the commitment' },
    );
    await page.goto(`${SHOP_URL}/draws/tech-macbook`);
    await page.getByRole('heading', { name: 'MacBook Air M4', level: 1 }).waitFor();
    expect(await page.getByTestId('commitment').textContent()).toMatch(/^[0-9a-f]{64}$/);
    await page.getByText(/Not drawn yet/).waitFor();
    expect(await page.getByRole('button', { name: 'Verify' }).count()).toBe(0);
  });

  it('draws a closed raffle once and anyone can verify it in the browser', async () => {
    // The seeded spa break ended two days ago: the scheduled run draws it.
    await eventually(
      async () => (await adminDb.doc(rafflePath('spa-break-ended')).get()).get('drawCommitment'),
      { what: 'the commitment' },
    );
    await runDueDraws(adminDb, adminAuth);
    await page.goto(`${SHOP_URL}/draws/spa-break-ended`);
    const winner = page.getByTestId('winner');
    await winner.waitFor();
    expect(await winner.textContent()).toMatch(/^Winning ticket #\d+: .+$/);
    expect(await page.getByTestId('seed').textContent()).toMatch(/^[0-9a-f]{64}$/);
    expect(await page.getByTestId('eligible-count').textContent()).toBe('300');
    await page.getByRole('button', { name: 'Verify' }).click();
    const verification = page.getByTestId('verification');
    await verification.getByText(/^Verified: this browser repeated the draw/).waitFor();
    expect(await verification.getByRole('img', { name: 'Passed' }).count()).toBe(3);

    // The winner is on /winners, linked to the draw.
    await page.goto(`${SHOP_URL}/winners`);
    await page
      .getByTestId('winner-card')
      .filter({ hasText: 'Luxury Spa Break for Two' })
      .getByRole('link', { name: 'How this winner was drawn' })
      .click();
    await page.waitForURL(/\/draws\/spa-break-ended$/);
  });

  it('says the seed was checked against the record alone once the raffle is switched off', async () => {
    const holder = await newCustomer('Off', 'Line');
    const raffleId = await closedRaffleWithTickets([holder]);
    await drawRaffle(adminDb, adminAuth, raffleId, 'schedule');
    // Switched off after its draw: the raffle (and its commitment) is no longer public.
    await adminDb.doc(rafflePath(raffleId)).update({ active: false });
    await page.goto(`${SHOP_URL}/draws/${raffleId}`);
    await page.getByTestId('winner').waitFor();
    await page.getByRole('button', { name: 'Verify' }).click();
    const verification = page.getByTestId('verification');
    await verification.getByText(/^Verified: this browser repeated the draw/).waitFor();
    await verification
      .getByText(
        'The revealed seed matches the commitment in this record (the raffle that published ' +
          'it before the first entry is no longer public, so it could not be compared)',
      )
      .waitFor();
  });

  it('tells each entrant the result in the app and by e-mail, with the page to verify it', async () => {
    const [first, second] = await Promise.all([
      newCustomer('Della', 'Drawn'),
      newCustomer('Ewan', 'Entrant'),
    ]);
    const raffleId = await closedRaffleWithTickets([first, second]);
    const name = (await adminDb.doc(rafflePath(raffleId)).get()).get('name') as string;
    const record = await drawRaffle(adminDb, adminAuth, raffleId, 'schedule');
    const [winner, entrant] = record.winningTicketNumber === 1 ? [first, second] : [second, first];
    const losingNumber = record.winningTicketNumber === 1 ? 2 : 1;
    expect(losingNumber).not.toBe(record.winningTicketNumber);

    // The notices come from the draw's trigger, which can queue for a while behind the other
    // suites' triggers in the one Functions emulator: the page is tried once they exist.
    await eventually(
      async () => {
        const notices = await adminDb.collection(notificationsPath(entrant.uid)).get();
        return notices.docs.some((d) => d.get('title') === `Draw result: ${name}`) ? true : null;
      },
      { timeoutMs: 60_000, what: "the entrant's draw result notice" },
    );
    await signIn(page, entrant.email, TEST_PASSWORD);
    await page.goto(`${SHOP_URL}/account/notifications`);
    const notice = page.getByTestId('notification').filter({ hasText: `Draw result: ${name}` });
    await notice.waitFor();
    await notice.getByRole('button', { name: 'Show more' }).click();
    expect(await notice.locator('p').first().textContent()).toBe(
      `The draw for ${name} has taken place: ticket #${record.winningTicketNumber} ` +
        `(${record.winnerName}) won. Your tickets were not drawn this time. Thank you for ` +
        'taking part; you can check the draw yourself on its verification page.',
    );
    const mail = await waitForMail(entrant.email, `The draw for ${name}: the result`);
    expect(linkIn(mail, 'http')).toBe(`${SHOP_URL}/draws/${raffleId}`);
    await notice.getByRole('link', { name: `Draw result: ${name}` }).press('Enter');
    await page.waitForURL(`${SHOP_URL}/draws/${raffleId}`);
    expect(await page.getByTestId('winner').textContent()).toBe(
      `Winning ticket #${record.winningTicketNumber}: ${record.winnerName}`,
    );
    // The winner heard it as a win, once.
    await waitForMail(winner.email, `You won ${name}!`);
    const winnerNotices = await adminDb.collection(notificationsPath(winner.uid)).get();
    expect(winnerNotices.docs.map((d) => d.get('title'))).toEqual([`You won: ${name}`]);
  });

  it('tells each entrant when no entry could win, and the draw page says nobody won', async () => {
    const holder = await newCustomer('Nia', 'Noentry');
    const raffleId = await closedRaffleWithTickets([holder]);
    // Their answer to the skill question was wrong: the one ticket cannot win.
    await adminDb.doc(`tickets/${ticketId(raffleId, 1)}`).update({ eligible: false });
    const name = (await adminDb.doc(rafflePath(raffleId)).get()).get('name') as string;
    expect((await drawRaffle(adminDb, adminAuth, raffleId, 'schedule')).status).toBe('no-entries');
    const notice = DRAW_NOTICES.noEligibleEntries(name);
    await eventually(
      async () =>
        (await adminDb.doc(`${notificationsPath(holder.uid)}/${drawNoticeId(raffleId)}`).get())
          .exists || null,
      { timeoutMs: 60_000, what: "the entrant's draw result notice" },
    );
    await signIn(page, holder.email, TEST_PASSWORD);
    await page.goto(`${SHOP_URL}/account/notifications`);
    const shown = page.getByTestId('notification').filter({ hasText: notice.title });
    await shown.getByRole('button', { name: 'Show more' }).click();
    expect(await shown.locator('p').first().textContent()).toBe(notice.message);
    const mail = await waitForMail(holder.email, notice.subject);
    expect(linkIn(mail, 'http')).toBe(`${SHOP_URL}/draws/${raffleId}`);
    await shown.getByRole('link', { name: notice.title }).press('Enter');
    await page.waitForURL(`${SHOP_URL}/draws/${raffleId}`);
    await page.getByText(DRAW_PAGE_TEXTS.noEligibleEntries).waitFor();
    expect(await page.getByTestId('winner').count()).toBe(0);
  });

  it('tells anyone a cancelled raffle will not be drawn, without claiming its refunds are done', async () => {
    const holder = await newCustomer('Cai', 'Cancelled');
    const raffleId = await closedRaffleWithTickets([holder]);
    await adminDb.doc(rafflePath(raffleId)).update({ active: false, drawStatus: 'cancelled' });
    // A guest with the link: the raffle is off the listings, not hidden from its draw page.
    await page.goto(`${SHOP_URL}/draws/${raffleId}`);
    await page.getByText(DRAW_PAGE_TEXTS.cancelled).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      (await adminDb.doc(rafflePath(raffleId)).get()).get('name'),
    );
    expect(await page.getByText('This draw was not found.').count()).toBe(0);
    // An administrator: nothing to run.
    await signIn(page, DEMO_USERS.admin.email, DEMO_USERS.admin.password);
    await page.goto(`${SHOP_URL}/draws/${raffleId}`);
    await page.getByText(DRAW_PAGE_TEXTS.cancelled).waitFor();
    expect(await page.getByRole('button', { name: 'Run the draw now' }).count()).toBe(0);
  });

  it('tells anyone a raffle cancelled before it took any entry will not be drawn', async () => {
    // Live, so anyone may have its link, then cancelled with nothing sold. Before, its draw page
    // read "This draw was not found.".
    const raffleId = await createRaffle();
    await commitmentOf(raffleId);
    const admin = await newAdmin('Cary', 'Canceller');
    await callOk('cancelRaffle', { raffleId }, admin);
    await page.goto(`${SHOP_URL}/draws/${raffleId}`);
    await page
      .getByText('This raffle was cancelled before it took any entries, so it will not be drawn.', {
        exact: true,
      })
      .waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      (await adminDb.doc(rafflePath(raffleId)).get()).get('name'),
    );
    expect(await page.getByText('This draw was not found.').count()).toBe(0);
    expect(await page.getByText(DRAW_PAGE_TEXTS.cancelled).count()).toBe(0);

    // A draft (never live) cancelled unsold stays the administrators'.
    const draft = await createRaffle({ active: false });
    await adminDb.doc(rafflePath(draft)).update({ drawStatus: 'cancelled' });
    await page.goto(`${SHOP_URL}/draws/${draft}`);
    await page.getByText('This draw was not found.', { exact: true }).waitFor();
  });

  it('shows the odds on every raffle card', async () => {
    await page.goto(`${SHOP_URL}/competitions`);
    const odds = page.getByRole('article', { name: 'iPhone 17 Pro Max 512GB' }).getByTestId('odds');
    expect(await odds.textContent()).toBe(
      "410 sold of 2,000 maximum entries. One ticket's chance: 1 in 410 now, 1 in 2,000 if every ticket sells.",
    );
  });
});

describe('responsible play', () => {
  it('lets a customer set a spending limit and take a break', async () => {
    const customer = await newCustomer('Careful', 'Customer', { spendLimitChosen: false });
    // Dates show in the customer's chosen zone, five hours behind the UK: the success messages
    // (worded by the server in UK time) must name the same minute as the page around them.
    await adminDb
      .doc(userSettingsPath(customer.uid))
      .set({ timezone: 'America/New_York' }, { merge: true });
    await signIn(page, customer.email, TEST_PASSWORD);
    // The month's spending is asked for only once there is a limit to show it beside.
    const spendingAsked: string[] = [];
    const noteSpending = (request: { url(): string }) => {
      if (request.url().endsWith('/getMonthSpending')) spendingAsked.push(request.url());
    };
    page.on('request', noteSpending);
    await page.goto(`${SHOP_URL}/responsible-play`);
    await page.getByText('You have not set a limit yet', { exact: false }).waitFor();
    expect(spendingAsked).toEqual([]);
    await page.getByRole('textbox', { name: 'Monthly spending limit' }).fill('20');
    await page.getByRole('button', { name: 'Save my limit' }).click();
    await page.getByText('Your new limit applies now.').waitFor();
    await page.getByTestId('current-limit').getByText('£20.00').waitFor();
    await page
      .getByTestId('current-limit')
      .getByText('Your limit: £20.00 a month · spent this month: £0.00', { exact: true })
      .waitFor();
    page.off('request', noteSpending);
    expect(spendingAsked.length).toBeGreaterThan(0);
    // Raising it waits 24 hours.
    await page.getByRole('textbox', { name: 'Monthly spending limit' }).fill('50');
    await page.getByRole('button', { name: 'Save my limit' }).click();
    // The page's lasting notice gives the minute the raise applies, as the success message does.
    const raised = page.getByText(
      /^Your higher limit applies from (.+) \(a raise takes 24 hours\)\.$/,
    );
    const raisedFrom = /from (.+) \(/.exec((await raised.textContent()) ?? '')?.[1];
    expect(raisedFrom).toMatch(/^\d{2}:\d{2} on \d{1,2} \w+ \d{4}$/);
    await page.getByText(`Your higher limit (£50.00) applies from ${raisedFrom}.`).waitFor();

    await page.getByRole('button', { name: '24 hours' }).click();
    await page
      .getByRole('dialog', { name: 'Take a break from play' })
      .getByRole('button', { name: 'Start my break' })
      .click();
    const started = page.getByText(/^Your break has started and lasts until (.+)\.$/);
    const until = /until (.+)\.$/.exec((await started.textContent()) ?? '')?.[1];
    expect(until).toMatch(/^\d{2}:\d{2} on \d{1,2} \w+ \d{4}$/);
    await page
      .getByText(`You are on a break until ${until}. You can make it longer, but not shorter.`)
      .waitFor();
  });

  it('shows the month’s spending as a checkout counts it, a deleted account’s at the address too', async () => {
    const raffleId = await createRaffle({ ticketPrice: 1000, maxTicketsPerUser: 10 });
    const address = uniqueEmail('spent');
    const first = await newCustomer('Spent', 'Before', { email: address });
    await payByCard(await callOk('startCheckout', { items: [line(raffleId, 3)] }, first));
    await callOk('deleteAccount', { confirmation: 'DELETE' }, first);

    const again = await newCustomer('Spent', 'Again', { email: address });
    await signIn(page, again.email, TEST_PASSWORD);
    await page.goto(`${SHOP_URL}/responsible-play`);
    // The browser's own sum of this account's orders said £0.00.
    await page
      .getByTestId('current-limit')
      .getByText('Your limit: no limit a month · spent this month: £30.00', { exact: true })
      .waitFor();
  });
});

describe('responsible play, as time passes on the open page', () => {
  it('applies a raise and ends a break at their moment, as a checkout then counts them', async () => {
    const customer = await newCustomer('Patient', 'Customer');
    await signIn(page, customer.email, TEST_PASSWORD);
    await page.goto(`${SHOP_URL}/responsible-play`);
    const limit = page.getByTestId('current-limit');
    await limit.getByText(/^Your limit: no limit a month/).waitFor();
    // A raise and a break that both run out a few seconds from now (the page reads them live).
    const soon = new Date(Date.now() + 8000);
    await adminDb.doc(protectionPath(customer.uid)).set({
      ...DEFAULT_PROTECTION,
      monthlyLimit: 2000,
      limitChosenAt: new Date(Date.now() - 2 * 86_400_000),
      pendingRaise: { limit: 5000, from: soon },
      breakUntil: soon,
      updatedAt: new Date(),
    });
    await limit.getByText(/^Your limit: £20\.00 a month/).waitFor();
    await page.getByText(/^You are on a break until /).waitFor();

    // Nothing is written meanwhile: the page turns by itself when the moment comes.
    await limit.getByText(/^Your limit: £50\.00 a month/).waitFor({ timeout: 20_000 });
    await page.getByText(/^You are on a break until /).waitFor({ state: 'detached' });
    expect(await page.getByText(/^Your higher limit/).count()).toBe(0);
  });
});

describe('postal entries', () => {
  it('an administrator records a postcard and it becomes a ticket', async () => {
    const raffleId = await createRaffle({ category: 'tech' });
    const name = (await adminDb.doc(rafflePath(raffleId)).get()).get('name') as string;
    await searchable(raffleId);
    await signIn(page, DEMO_USERS.admin.email, DEMO_USERS.admin.password);
    await page.goto(`${SHOP_URL}/admin/postal-entries`);
    await page.getByRole('heading', { name: 'Postal Entries', level: 1 }).waitFor();
    // Found by a word of its name, anywhere in the shop.
    await page.getByLabel('Raffle').fill(raffleId.split('-').pop()!);
    await page.getByRole('option', { name: new RegExp(`^${name} — closes `) }).click();
    await page.getByLabel('First name').fill('Percy');
    await page.getByLabel('Last name').fill('Post');
    await page.getByLabel('Email').fill(DEMO_USERS.customer.email);
    await page.getByLabel('Phone').fill('+447700900123');
    await page.getByLabel('Address').fill('1 Letterbox Lane, York YO1 1AA');
    await page.getByLabel('Answer on the card').click();
    await page.getByRole('option', { name: 'B' }).click();
    await page.getByRole('button', { name: 'Record postal entry' }).click();
    await page
      .getByTestId('postal-result')
      .getByText(/^Ticket #\d+ entered into the draw$/)
      .waitFor();
    await page.getByRole('table', { name: 'Recent postal entries' }).getByText(name).waitFor();
  });
});
