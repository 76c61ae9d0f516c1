import {
  orderDateFilterStart,
  parseOrderSearch,
  parseTicketSearch,
  startOfUkDay,
} from './adminLists';
import { manualOrderNumber } from './callables/createManualEntry';
import { addTicketsFormSchema } from './callables/addTicketsForUser';

describe('admin list searches', () => {
  it('reads digits as a ticket number and anything else as an e-mail prefix', () => {
    expect(parseTicketSearch(' 42 ')).toEqual({ kind: 'number', ticketNumber: 42 });
    expect(parseTicketSearch('#7')).toEqual({ kind: 'number', ticketNumber: 7 });
    expect(parseTicketSearch('Jane@Example')).toEqual({ kind: 'email', prefix: 'jane@example' });
    expect(parseTicketSearch('   ')).toEqual({ kind: 'none' });
  });

  it('matches orders exactly by e-mail or by order number', () => {
    expect(parseOrderSearch('Jane@Example.com')).toEqual({
      kind: 'email',
      email: 'jane@example.com',
    });
    expect(parseOrderSearch(' man-1700000000000-ab12 ')).toEqual({
      kind: 'orderNumber',
      orderNumber: 'MAN-1700000000000-AB12',
    });
  });
});

describe('order date filters', () => {
  it('starts today at UK midnight, in winter and in summer', () => {
    expect(startOfUkDay(new Date('2025-01-15T14:30:00Z')).toISOString()).toBe(
      '2025-01-15T00:00:00.000Z',
    );
    expect(startOfUkDay(new Date('2025-07-15T14:30:00Z')).toISOString()).toBe(
      '2025-07-14T23:00:00.000Z',
    );
    // 00:30 BST on 15 July is still 14 July in UTC.
    expect(startOfUkDay(new Date('2025-07-14T23:30:00Z')).toISOString()).toBe(
      '2025-07-14T23:00:00.000Z',
    );
    // The clocks went forward at 01:00 GMT on 30 March 2025: midnight was GMT.
    expect(startOfUkDay(new Date('2025-03-30T12:00:00Z')).toISOString()).toBe(
      '2025-03-30T00:00:00.000Z',
    );
    // They went back at 01:00 GMT on 26 October 2025: midnight was BST.
    expect(startOfUkDay(new Date('2025-10-26T12:00:00Z')).toISOString()).toBe(
      '2025-10-25T23:00:00.000Z',
    );
  });

  it('keeps the last 7 or 30 days, or everything', () => {
    const now = new Date('2025-06-30T12:00:00Z');
    expect(orderDateFilterStart('last7', now)?.toISOString()).toBe('2025-06-23T12:00:00.000Z');
    expect(orderDateFilterStart('last30', now)?.toISOString()).toBe('2025-05-31T12:00:00.000Z');
    expect(orderDateFilterStart('all', now)).toBeNull();
  });
});

describe('admin entries', () => {
  it('numbers manual orders MAN-, a timestamp and a random part', () => {
    expect(manualOrderNumber(new Date(1_700_000_000_000), 0.5)).toMatch(
      /^MAN-1700000000000-[0-9A-Z]{4}$/,
    );
  });

  it("validates the add-tickets form with the shop's messages", () => {
    const valid = { userId: 'u1', raffleId: 'r1', quantity: 2, minNumber: '' };
    expect(addTicketsFormSchema.parse(valid)).toMatchObject({ minNumber: null });
    expect(addTicketsFormSchema.parse({ ...valid, minNumber: '50' })).toMatchObject({
      minNumber: 50,
    });
    const messages = (input: object) =>
      addTicketsFormSchema.safeParse({ ...valid, ...input }).error?.issues.map((i) => i.message);
    expect(messages({ userId: '' })).toEqual(['Please select a user']);
    expect(messages({ raffleId: '' })).toEqual(['Please select a raffle']);
    expect(messages({ quantity: 0 })).toEqual(['Quantity must be at least 1']);
    expect(messages({ quantity: Number.NaN })).toEqual(['Quantity must be at least 1']);
    expect(messages({ minNumber: '0' })).toEqual([
      'Minimum ticket number must be a whole number of at least 1',
    ]);
  });
});
