import {
  STAFF_ENTRY,
  ACCESS_MESSAGES,
  ADD_TICKETS_MESSAGES,
  CHECKOUT_MESSAGES,
  MANUAL_ENTRY_MESSAGES,
  ORDER_ADMIN_MESSAGES,
  TICKET_ADMIN_MESSAGES,
  auditLogCollection,
  entriesPath,
  holdersPath,
  rafflePath,
  shardsPath,
  ticketId,
  type CallableName,
} from '@rafflewin/domain';
import { adminDb, eventually, versionOf } from '../support/admin';
import {
  callRaw,
  call,
  callOk,
  creditOf,
  newAdmin,
  newCustomer,
  type Customer,
} from '../support/customers';
import { buyTickets, createRaffle, line } from '../support/raffles';
import { payByCard } from '../support/stripeDouble';

jest.setTimeout(180_000);

let admin: Customer;
let customer: Customer;

beforeAll(async () => {
  [admin, customer] = await Promise.all([newAdmin(), newCustomer('Jane', 'Smith')]);
});

async function auditFor(target: string, action: string) {
  const entries = await adminDb
    .collection(auditLogCollection)
    .where('target', '==', target)
    .where('action', '==', action)
    .get();
  return entries.docs.map((d) => d.data());
}

/** Every live number of a raffle, from its public entries, ascending. */
async function entryNumbers(raffleId: string): Promise<number[]> {
  const entries = await adminDb.collection(entriesPath(raffleId)).get();
  return entries.docs.map((d) => Number(d.id)).sort((a, b) => a - b);
}

async function ticketNumbersOf(raffleId: string, uid?: string): Promise<number[]> {
  let q = adminDb.collection('tickets').where('raffleId', '==', raffleId);
  if (uid) q = q.where('userId', '==', uid);
  return (await q.get()).docs.map((d) => d.get('ticketNumber') as number).sort((a, b) => a - b);
}

async function poolSold(raffleId: string): Promise<number> {
  const shards = await adminDb.collection(shardsPath(raffleId)).get();
  return shards.docs.reduce((sum, s) => sum + (s.get('sold') as number), 0);
}

async function soldTicketsBecomes(raffleId: string, expected: number) {
  await eventually(
    async () =>
      (await adminDb.doc(rafflePath(raffleId)).get()).get('soldTickets') === expected ? true : null,
    { what: `soldTickets to roll up to ${expected}` },
  );
}

async function buy(buyer: Customer, raffleId: string, quantity: number): Promise<number[]> {
  const started = await callOk('startCheckout', { items: [line(raffleId, quantity)] }, buyer);
  const paid = await payByCard(started);
  return paid.ticketNumbers[raffleId] ?? [];
}

const ALL_NUMBERS = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('who may call the sales callables', () => {
  const attempts: Array<[CallableName, object]> = [
    ['createManualEntry', { userId: 'u', raffleId: 'r', quantity: 1 }],
    ['addTicketsForUser', { userId: 'u', raffleId: 'r', quantity: 1, minNumber: null }],
    [
      'updateTicket',
      { ticketId: 't_1', ticketNumber: 2, purchaseDate: '2025-01-01T00:00:00.000Z' },
    ],
    ['deleteTicket', { ticketId: 't_1' }],
    ['deleteOrder', { orderId: 'o' }],
  ];

  it.each(attempts)(
    '%s refuses guests and customers before reading the input',
    async (name, data) => {
      expect(await callRaw(name, data)).toMatchObject({ ok: false, status: 'UNAUTHENTICATED' });
      expect(await callRaw(name, data, customer)).toEqual({
        ok: false,
        status: 'PERMISSION_DENIED',
        message: ACCESS_MESSAGES.adminOnly,
      });
      expect(await callRaw(name, {}, customer)).toMatchObject({ status: 'PERMISSION_DENIED' });
    },
  );
});

describe('manual raffle entry', () => {
  it("checks the form with the shop's messages", async () => {
    const raffleId = await createRaffle();
    const input = { userId: customer.uid, raffleId, quantity: 1 };
    expect(await call('createManualEntry', { ...input, userId: '' }, admin)).toMatchObject({
      status: 'INVALID_ARGUMENT',
      message: MANUAL_ENTRY_MESSAGES.selectUser,
    });
    expect(await call('createManualEntry', { ...input, raffleId: '' }, admin)).toMatchObject({
      message: MANUAL_ENTRY_MESSAGES.selectRaffle,
    });
    for (const quantity of [0, -1, 1.5]) {
      expect(await call('createManualEntry', { ...input, quantity }, admin)).toMatchObject({
        message: MANUAL_ENTRY_MESSAGES.quantityMin,
      });
    }
    expect(await call('createManualEntry', { ...input, quantity: 101 }, admin)).toMatchObject({
      status: 'INVALID_ARGUMENT',
    });
    expect(
      await call('createManualEntry', { ...input, raffleId: 'no-such-raffle' }, admin),
    ).toMatchObject({ status: 'NOT_FOUND', message: MANUAL_ENTRY_MESSAGES.raffleNotFound });
    const small = await createRaffle({ maxTickets: 3, maxTicketsPerUser: 10 });
    expect(
      await call('createManualEntry', { ...input, raffleId: small, quantity: 4 }, admin),
    ).toMatchObject({ message: MANUAL_ENTRY_MESSAGES.onlyAvailable(3) });
    const ended = await createRaffle({ endDate: new Date(Date.now() - 60_000) });
    expect(await call('createManualEntry', { ...input, raffleId: ended }, admin)).toMatchObject({
      message: CHECKOUT_MESSAGES.ended,
    });
    expect(await ticketNumbersOf(raffleId)).toEqual([]);
  });

  it('goes through checkout fulfilment: tickets, entries, counts, a manual_entry order and the e-mail', async () => {
    const raffleId = await createRaffle({ maxTickets: 50, maxTicketsPerUser: 5 });
    const result = await callOk(
      'createManualEntry',
      { userId: customer.uid, raffleId, quantity: 3 },
      admin,
    );
    expect(result.orderNumber).toMatch(/^MAN-\d{13}-[0-9A-Z]{4}$/);
    const numbers = result.ticketNumbers[raffleId]!;
    expect(numbers).toHaveLength(3);
    expect(await ticketNumbersOf(raffleId, customer.uid)).toEqual(numbers);
    expect(await entryNumbers(raffleId)).toEqual(numbers);

    const order = await adminDb.doc(`orders/${result.orderId}`).get();
    expect(order.data()).toMatchObject({
      orderNumber: result.orderNumber,
      userId: customer.uid,
      userEmail: customer.email,
      status: 'completed',
      paymentStatus: 'paid',
      paymentMethod: 'manual_entry',
      totalAmount: 0,
    });
    expect(order.get('items')[0]).toMatchObject({ raffleId, quantity: 3, ticketNumbers: numbers });
    const ticket = await adminDb.doc(`tickets/${ticketId(raffleId, numbers[0]!)}`).get();
    expect(ticket.data()).toMatchObject({
      orderId: result.orderId,
      status: 'active',
    });
    const holder = await adminDb.doc(`${holdersPath(raffleId)}/${customer.uid}`).get();
    expect(holder.get('owned')).toBe(3);
    await soldTicketsBecomes(raffleId, 3);
    const mail = await adminDb.doc(`mail/order-${result.orderId}`).get();
    expect(mail.get('to')).toBe(customer.email);
    expect(mail.get('text')).toContain(result.orderNumber);

    const [audit] = await auditFor(`orders/${result.orderId}`, 'manualEntry.create');
    expect(audit).toMatchObject({
      actorUid: admin.uid,
      after: { userId: customer.uid, raffleId, quantity: 3, paymentMethod: 'manual_entry' },
    });

    // The same per-user limit as online entries, worded for the administrator; a customer
    // cannot complete an administrator's entry themselves.
    expect(
      await call('createManualEntry', { userId: customer.uid, raffleId, quantity: 3 }, admin),
    ).toMatchObject({ message: MANUAL_ENTRY_MESSAGES.perUserMax(5) });
    const session = await adminDb.doc(`checkoutSessions/${result.orderId}`).get();
    // Marked as staff's, naming no staff account (the customer reads it; the audit entry says who).
    expect(session.get('createdBy')).toBe(STAFF_ENTRY);
    expect(await call('claimFreeEntries', { sessionId: result.orderId }, customer)).toMatchObject({
      ok: false,
      status: 'NOT_FOUND',
    });
  });

  it('says when nothing is left', async () => {
    const raffleId = await createRaffle({ maxTickets: 2 });
    await callOk('createManualEntry', { userId: customer.uid, raffleId, quantity: 2 }, admin);
    expect(
      await call('createManualEntry', { userId: admin.uid, raffleId, quantity: 1 }, admin),
    ).toMatchObject({ message: MANUAL_ENTRY_MESSAGES.noneLeft });
  });
});

describe('ticket numbers stay unique across admin adds, edits, deletes and checkouts', () => {
  it('a checkout after an admin places #5 in a fresh raffle gets every other number', async () => {
    const raffleId = await createRaffle({ maxTickets: 30, maxTicketsPerUser: 30 });
    const placed = await callOk(
      'addTicketsForUser',
      { userId: customer.uid, raffleId, quantity: 1, minNumber: 5 },
      admin,
    );
    expect(placed.ticketNumbers[raffleId]).toEqual([5]);
    const order = await adminDb.doc(`orders/${placed.orderId}`).get();
    expect(order.get('paymentMethod')).toBe('manual_entry');
    expect(await auditFor(`orders/${placed.orderId}`, 'tickets.add')).toHaveLength(1);

    const buyer = await newCustomer('Bulk', 'Buyer');
    const bought = await buy(buyer, raffleId, 10);
    expect(bought).not.toContain(5);
    const rest = await buy(buyer, raffleId, 19);
    expect([...bought, ...rest]).not.toContain(5);
    expect(await entryNumbers(raffleId)).toEqual(ALL_NUMBERS(30));
    expect(await ticketNumbersOf(raffleId)).toEqual(ALL_NUMBERS(30));
    expect(await poolSold(raffleId)).toBe(30);
    await soldTicketsBecomes(raffleId, 30);
  });

  it('adds from a minimum number, and says when no number is left there', async () => {
    const raffleId = await createRaffle({ maxTickets: 20, maxTicketsPerUser: 20 });
    const first = await callOk(
      'addTicketsForUser',
      { userId: customer.uid, raffleId, quantity: 3, minNumber: 17 },
      admin,
    );
    expect(first.ticketNumbers[raffleId]).toEqual([17, 18, 19]);
    const input = { userId: customer.uid, raffleId, quantity: 2, minNumber: 19 };
    expect(await call('addTicketsForUser', input, admin)).toMatchObject({
      message: ADD_TICKETS_MESSAGES.onlyAvailable(1),
    });
    await callOk('addTicketsForUser', { ...input, quantity: 1 }, admin);
    expect(await call('addTicketsForUser', { ...input, quantity: 1 }, admin)).toMatchObject({
      message: ADD_TICKETS_MESSAGES.noNumbers,
    });
    expect(await call('addTicketsForUser', { ...input, minNumber: 0 }, admin)).toMatchObject({
      message: ADD_TICKETS_MESSAGES.minNumberInvalid,
    });
    expect(await ticketNumbersOf(raffleId)).toEqual([17, 18, 19, 20]);
  });

  it('edits a number only to a free one, moving the ticket, its entry and its order', async () => {
    const raffleId = await createRaffle({ maxTickets: 20, maxTicketsPerUser: 20 });
    const buyer = await newCustomer('Edna', 'Edit');
    const numbers = await buy(buyer, raffleId, 4);
    const [a, b] = numbers as [number, number];
    const purchaseDate = '2025-03-01T10:00:00.000Z';
    const edit = (ticketNumber: number, from = a, date = purchaseDate) =>
      call(
        'updateTicket',
        { ticketId: ticketId(raffleId, from), ticketNumber, purchaseDate: date },
        admin,
      );

    expect(await edit(b)).toMatchObject({
      ok: false,
      status: 'ALREADY_EXISTS',
      message: TICKET_ADMIN_MESSAGES.numberTaken(b),
    });
    expect(await edit(21)).toMatchObject({
      message: TICKET_ADMIN_MESSAGES.numberOutOfRange(20),
    });
    expect(await edit(0)).toMatchObject({ message: TICKET_ADMIN_MESSAGES.numberInvalid });
    expect(await edit(a, a, new Date(Date.now() + 86_400_000).toISOString())).toMatchObject({
      message: TICKET_ADMIN_MESSAGES.dateInFuture,
    });

    const free = ALL_NUMBERS(20).find((n) => !numbers.includes(n) && n > 12)!;
    const moved = await edit(free);
    expect(moved).toEqual({ ok: true, result: { ticketId: ticketId(raffleId, free) } });
    expect((await adminDb.doc(`tickets/${ticketId(raffleId, a)}`).get()).exists).toBe(false);
    const ticket = await adminDb.doc(`tickets/${ticketId(raffleId, free)}`).get();
    expect(ticket.get('ticketNumber')).toBe(free);
    expect(ticket.get('purchaseDate').toDate().toISOString()).toBe(purchaseDate);
    const expected = [...numbers.filter((n) => n !== a), free].sort((x, y) => x - y);
    expect(await entryNumbers(raffleId)).toEqual(expected);
    const order = await adminDb.doc(`orders/${ticket.get('orderId')}`).get();
    expect(order.get('items')[0].ticketNumbers).toEqual(expected);
    expect(await auditFor(`tickets/${ticketId(raffleId, a)}`, 'ticket.update')).toHaveLength(1);
    const note = await adminDb
      .collection(`users/${buyer.uid}/notifications`)
      .where('title', '==', 'Your ticket number changed')
      .get();
    expect(note.size).toBe(1);

    // The old number is free again and the new one taken: selling every remaining ticket
    // gives out each number exactly once.
    const other = await newCustomer('Later', 'Buyer');
    await buy(other, raffleId, 16);
    expect(await entryNumbers(raffleId)).toEqual(ALL_NUMBERS(20));
    expect(await ticketNumbersOf(raffleId)).toEqual(ALL_NUMBERS(20));
    expect(await poolSold(raffleId)).toBe(20);
    expect((await call('startCheckout', { items: [line(raffleId, 1)] }, other)).ok).toBe(false);
  });

  it('refuses an edit made over a change saved since its form was opened, and keeps that change', async () => {
    const raffleId = await createRaffle({ maxTickets: 20, maxTicketsPerUser: 20 });
    const [buyer, other] = await Promise.all([
      newCustomer('Olga', 'Opened'),
      newAdmin('Otto', 'Other'),
    ]);
    const [number] = (await buy(buyer, raffleId, 1)) as [number];
    const path = `tickets/${ticketId(raffleId, number)}`;
    const stored = async () => (await adminDb.doc(path).get()).data();
    const dateOf = async () => (await stored())?.purchaseDate.toDate().toISOString() as string;
    // Two forms opened on the same version; the other administrator corrects the date first.
    const opened = {
      ticketId: ticketId(raffleId, number),
      ticketNumber: number,
      purchaseDate: '2025-03-01T10:00:00.000Z',
      seenUpdatedAt: await versionOf(path),
    };
    await callOk('updateTicket', opened, other);
    const before = await stored();
    const later = { ...opened, purchaseDate: '2025-04-01T10:00:00.000Z' };
    expect(await call('updateTicket', later, admin)).toEqual({
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: TICKET_ADMIN_MESSAGES.changedSinceOpened,
    });
    // Nor does a move on the old version go through: the ticket stays where it is.
    const free = ALL_NUMBERS(20).find((n) => n !== number)!;
    expect(await call('updateTicket', { ...opened, ticketNumber: free }, admin)).toMatchObject({
      message: TICKET_ADMIN_MESSAGES.changedSinceOpened,
    });
    expect(await stored()).toEqual(before);
    expect(await dateOf()).toBe('2025-03-01T10:00:00.000Z');
    expect(await ticketNumbersOf(raffleId)).toEqual([number]);

    // Opened again on the latest version, the move is saved, keeping the corrected date.
    const moved = await callOk(
      'updateTicket',
      { ...opened, ticketNumber: free, seenUpdatedAt: await versionOf(path) },
      admin,
    );
    expect(moved.ticketId).toBe(ticketId(raffleId, free));
    const ticket = (await adminDb.doc(`tickets/${moved.ticketId}`).get()).data()!;
    expect(ticket.purchaseDate.toDate().toISOString()).toBe('2025-03-01T10:00:00.000Z');
    expect(await ticketNumbersOf(raffleId)).toEqual([free]);
  });

  it('deletes a ticket: its number, entry and counts go back, and a later checkout reuses it', async () => {
    const raffleId = await createRaffle({ maxTickets: 10, maxTicketsPerUser: 10 });
    const buyer = await newCustomer('Dee', 'Lete');
    const placed = await callOk(
      'addTicketsForUser',
      { userId: buyer.uid, raffleId, quantity: 10, minNumber: null },
      admin,
    );
    const numbers = placed.ticketNumbers[raffleId]!;
    await soldTicketsBecomes(raffleId, 10);
    const gone = numbers[3]!;
    await callOk('deleteTicket', { ticketId: ticketId(raffleId, gone) }, admin);

    expect((await adminDb.doc(`tickets/${ticketId(raffleId, gone)}`).get()).exists).toBe(false);
    expect(await entryNumbers(raffleId)).toEqual(ALL_NUMBERS(10).filter((n) => n !== gone));
    expect(await poolSold(raffleId)).toBe(9);
    const holder = await adminDb.doc(`${holdersPath(raffleId)}/${buyer.uid}`).get();
    expect(holder.get('owned')).toBe(9);
    const orders = await adminDb.collection('orders').where('userId', '==', buyer.uid).get();
    expect(orders.docs[0]!.get('items')[0].ticketNumbers).not.toContain(gone);
    await soldTicketsBecomes(raffleId, 9);
    expect(await auditFor(`tickets/${ticketId(raffleId, gone)}`, 'ticket.delete')).toHaveLength(1);
    expect(await call('deleteTicket', { ticketId: ticketId(raffleId, gone) }, admin)).toMatchObject(
      { ok: false, status: 'NOT_FOUND', message: TICKET_ADMIN_MESSAGES.notFound },
    );

    const other = await newCustomer('Next', 'Buyer');
    expect(await buy(other, raffleId, 1)).toEqual([gone]);
    expect(await entryNumbers(raffleId)).toEqual(ALL_NUMBERS(10));
  });
});

describe('deleting paid tickets', () => {
  it('refuses a ticket paid by card, which its order’s refund voids instead, and changes nothing', async () => {
    const raffleId = await createRaffle({ ticketPrice: 250, maxTickets: 10 });
    const buyer = await newCustomer('Card', 'Payer');
    const [paid] = await buy(buyer, raffleId, 1);
    const id = ticketId(raffleId, paid!);
    expect(await call('deleteTicket', { ticketId: id }, admin)).toEqual({
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: TICKET_ADMIN_MESSAGES.paidRefused,
    });
    expect((await adminDb.doc(`tickets/${id}`).get()).get('status')).toBe('active');
    expect(await entryNumbers(raffleId)).toEqual([paid]);
    expect(await poolSold(raffleId)).toBe(1);
    expect(await auditFor(`tickets/${id}`, 'ticket.delete')).toHaveLength(0);
    // Refunded, it is void and the money is back; a void ticket may then be deleted.
    const [order] = (await adminDb.collection('orders').where('userId', '==', buyer.uid).get())
      .docs;
    await callOk('refundOrder', { orderId: order!.id }, admin);
    await callOk('deleteTicket', { ticketId: id }, admin);
    expect((await adminDb.doc(`tickets/${id}`).get()).exists).toBe(false);
  });

  it('deletes a free raffle’s ticket from an order paid by card for another raffle', async () => {
    const [paidId, freeId] = await Promise.all([
      createRaffle({ ticketPrice: 250, maxTickets: 10 }),
      createRaffle({ ticketPrice: 0, category: 'free', maxTicketsPerUser: 1, maxTickets: 10 }),
    ]);
    const buyer = await newCustomer('Mixed', 'Basket');
    const started = await callOk(
      'startCheckout',
      { items: [line(paidId, 1), { raffleId: freeId, quantity: 1 }] },
      buyer,
    );
    const paid = await payByCard(started);
    const [free] = paid.ticketNumbers[freeId]!;
    const [card] = paid.ticketNumbers[paidId]!;
    await callOk('deleteTicket', { ticketId: ticketId(freeId, free!) }, admin);
    expect(await entryNumbers(freeId)).toEqual([]);
    expect(await call('deleteTicket', { ticketId: ticketId(paidId, card!) }, admin)).toMatchObject({
      ok: false,
      message: TICKET_ADMIN_MESSAGES.paidRefused,
    });
  });

  it('refuses a ticket paid with account credit, which deleting its order gives back', async () => {
    const raffleId = await createRaffle({ ticketPrice: 250, maxTickets: 10 });
    const buyer = await newCustomer('Credit', 'Payer');
    await adminDb.doc(`users/${buyer.uid}`).update({ accountCredit: 1000 });
    const [first] = await buyTickets(buyer, raffleId, 2);
    expect(await creditOf(buyer.uid)).toBe(500);
    expect(await call('deleteTicket', { ticketId: ticketId(raffleId, first!) }, admin)).toEqual({
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: TICKET_ADMIN_MESSAGES.creditRefused,
    });
    expect(await entryNumbers(raffleId)).toHaveLength(2);
    expect(await creditOf(buyer.uid)).toBe(500);
    const [order] = (await adminDb.collection('orders').where('userId', '==', buyer.uid).get())
      .docs;
    await callOk('deleteOrder', { orderId: order!.id }, admin);
    expect(await entryNumbers(raffleId)).toEqual([]);
    expect(await creditOf(buyer.uid)).toBe(1000);
  });
});

describe('deleting orders', () => {
  it('refuses an order that took payment and changes nothing', async () => {
    const raffleId = await createRaffle({ ticketPrice: 250 });
    const buyer = await newCustomer('Paid', 'Buyer');
    await buy(buyer, raffleId, 2);
    const [order] = (await adminDb.collection('orders').where('userId', '==', buyer.uid).get())
      .docs;
    expect(await call('deleteOrder', { orderId: order!.id }, admin)).toMatchObject({
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: ORDER_ADMIN_MESSAGES.paidRefused,
    });
    expect((await adminDb.doc(`orders/${order!.id}`).get()).exists).toBe(true);
    expect(await ticketNumbersOf(raffleId)).toHaveLength(2);
  });

  it('deletes a free order with its tickets, leaving no orphans and the right counts', async () => {
    const raffleId = await createRaffle({ maxTickets: 40, maxTicketsPerUser: 40 });
    const entrant = await newCustomer('Postal', 'Entrant');
    const entry = await callOk(
      'createManualEntry',
      { userId: entrant.uid, raffleId, quantity: 4 },
      admin,
    );
    const keep = await buy(entrant, raffleId, 2);
    await soldTicketsBecomes(raffleId, 6);
    // One of the order's tickets was moved meanwhile: the order follows its tickets.
    const [first] = entry.ticketNumbers[raffleId]!;
    const free = ALL_NUMBERS(40).find(
      (n) => ![...entry.ticketNumbers[raffleId]!, ...keep].includes(n),
    )!;
    await callOk(
      'updateTicket',
      {
        ticketId: ticketId(raffleId, first!),
        ticketNumber: free,
        purchaseDate: new Date().toISOString(),
      },
      admin,
    );

    const removed = await callOk('deleteOrder', { orderId: entry.orderId }, admin);
    expect(removed).toEqual({ orderId: entry.orderId, ticketsRemoved: 4 });
    expect((await adminDb.doc(`orders/${entry.orderId}`).get()).exists).toBe(false);
    expect(await ticketNumbersOf(raffleId)).toEqual([...keep].sort((a, b) => a - b));
    expect(await entryNumbers(raffleId)).toEqual([...keep].sort((a, b) => a - b));
    const orphans = await adminDb.collection('tickets').where('orderId', '==', entry.orderId).get();
    expect(orphans.size).toBe(0);
    expect(await poolSold(raffleId)).toBe(2);
    const holder = await adminDb.doc(`${holdersPath(raffleId)}/${entrant.uid}`).get();
    expect(holder.get('owned')).toBe(2);
    await soldTicketsBecomes(raffleId, 2);
    const [audit] = await auditFor(`orders/${entry.orderId}`, 'order.delete');
    expect(audit).toMatchObject({ actorUid: admin.uid, before: { paymentMethod: 'manual_entry' } });
    expect(await call('deleteOrder', { orderId: entry.orderId }, admin)).toMatchObject({
      status: 'NOT_FOUND',
      message: ORDER_ADMIN_MESSAGES.notFound,
    });
  });
});
