import { isCarRaffle } from './collections/raffleCategories';
import { CHECKOUT_MESSAGES } from './messages';
import {
  addableTickets,
  closedToCheckout,
  countdown,
  oddsSummary,
  endsWithinWindow,
  holderDisplayName,
  isAvailable,
  perUserLimit,
  raffleDisplayState,
  soldPercent,
  ticketsGoingIn,
  ticketsLeft,
  type RaffleTiming,
} from './raffleState';

const now = new Date('2025-06-01T12:00:00Z');
const inMs = (ms: number) => new Date(now.getTime() + ms);
const HOUR = 3_600_000;

function raffle(overrides: Partial<RaffleTiming> = {}): RaffleTiming {
  return {
    active: true,
    soldTickets: 10,
    maxTickets: 100,
    startDate: inMs(-48 * HOUR),
    endDate: inMs(72 * HOUR),
    ...overrides,
  };
}

describe('raffle display state', () => {
  it('is active with more than 24 hours left', () => {
    expect(raffleDisplayState(raffle(), now)).toBe('active');
  });

  it('is ending soon at exactly 24 hours left and below', () => {
    expect(raffleDisplayState(raffle({ endDate: inMs(24 * HOUR) }), now)).toBe('ending-soon');
    expect(raffleDisplayState(raffle({ endDate: inMs(24 * HOUR + 1000) }), now)).toBe('active');
  });

  it('is sold out when sold reaches the maximum', () => {
    expect(raffleDisplayState(raffle({ soldTickets: 100 }), now)).toBe('sold-out');
  });

  it('is ended once the end passes, even when sold out', () => {
    expect(raffleDisplayState(raffle({ endDate: now, soldTickets: 100 }), now)).toBe('ended');
  });

  it('is upcoming before the start', () => {
    expect(raffleDisplayState(raffle({ startDate: inMs(HOUR) }), now)).toBe('upcoming');
  });
});

describe('availability', () => {
  it('needs active, live and unsold', () => {
    expect(isAvailable(raffle(), now)).toBe(true);
    expect(isAvailable(raffle({ active: false }), now)).toBe(false);
    expect(isAvailable(raffle({ soldTickets: 100 }), now)).toBe(false);
    expect(isAvailable(raffle({ endDate: inMs(-1) }), now)).toBe(false);
    expect(isAvailable(raffle({ startDate: inMs(1) }), now)).toBe(false);
  });

  it('counts tickets left and the sold percentage', () => {
    expect(ticketsLeft(raffle({ soldTickets: 25 }))).toBe(75);
    expect(ticketsLeft(raffle({ soldTickets: 150 }))).toBe(0);
    expect(soldPercent(raffle({ soldTickets: 25 }))).toBe(25);
    expect(soldPercent(raffle({ soldTickets: 150 }))).toBe(100);
  });

  it('counts tickets held by pending checkouts as taken', () => {
    expect(ticketsLeft(raffle({ soldTickets: 90, reservedTickets: 5 }))).toBe(5);
    expect(isAvailable(raffle({ soldTickets: 90, reservedTickets: 10 }), now)).toBe(false);
  });

  it('finds raffles ending within seven days', () => {
    expect(endsWithinWindow(raffle({ endDate: inMs(6 * 24 * HOUR) }), now)).toBe(true);
    expect(endsWithinWindow(raffle({ endDate: inMs(8 * 24 * HOUR) }), now)).toBe(false);
    expect(endsWithinWindow(raffle({ endDate: inMs(-HOUR) }), now)).toBe(false);
  });

  it('limits free raffles to one ticket per user and falls back to 10', () => {
    expect(perUserLimit({ category: 'free', maxTicketsPerUser: 5 })).toBe(1);
    expect(perUserLimit({ category: 'cash', maxTicketsPerUser: 25 })).toBe(25);
    expect(perUserLimit({ category: 'cash', maxTicketsPerUser: 0 })).toBe(10);
  });

  it('counts owned tickets and the cart against the per-user limit, within the tickets left', () => {
    const cash = (soldTickets: number) =>
      ({ category: 'cash', maxTicketsPerUser: 10, maxTickets: 100, soldTickets }) as const;
    expect(addableTickets(cash(20), 0, 0)).toBe(10);
    expect(addableTickets(cash(20), 7, 0)).toBe(3);
    expect(addableTickets(cash(20), 7, 2)).toBe(1);
    expect(addableTickets(cash(20), 8, 5)).toBe(0);
    expect(addableTickets(cash(97), 0, 1)).toBe(3);
    expect(addableTickets({ ...cash(0), category: 'free' }, 1, 0)).toBe(0);
    expect(addableTickets({ ...cash(0), category: 'free' }, 0, 0)).toBe(1);
  });
});

describe('countdown', () => {
  it.each([
    [3 * 24 * HOUR + 2 * HOUR + 3 * 60_000 + 4000, '3d 2h 3m 4s left', 'blue'],
    [24 * HOUR + 1000, '1d 0h 0m 1s left', 'blue'],
    [5 * HOUR + 1000, '5h 0m 1s left', 'orange'],
    [59 * 60_000 + 59_000, '59m 59s left', 'red'],
    [30_000, '0m 30s left', 'red'],
    [500, '< 1s left', 'red'],
    [0, 'Ended', 'grey'],
    [-HOUR, 'Ended', 'grey'],
  ])('%d ms left reads "%s" in %s', (ms, text, tone) => {
    expect(countdown(inMs(ms), now)).toEqual({ text, tone });
  });

  it('reads "Date unavailable" without a usable date', () => {
    expect(countdown(null, now).text).toBe('Date unavailable');
    expect(countdown(new Date('nope'), now).text).toBe('Date unavailable');
  });
});

describe('public holder names', () => {
  it('shows first name and last initial', () => {
    expect(holderDisplayName('John', 'doe', 42)).toBe('John D.');
  });

  it('falls back to User and four characters of the ticket number', () => {
    expect(holderDisplayName(null, null, '123456')).toBe('User 1234');
    expect(holderDisplayName('  ', 'Smith', 987)).toBe('User 987');
  });

  it('takes the whole first character of a last name beyond the Basic Multilingual Plane', () => {
    // Half of one would be no text: Firestore refuses the entry, and the draw waits on it.
    expect(holderDisplayName('Bob', '😀', 1)).toBe('Bob 😀.');
    expect(holderDisplayName('Hana', '𠮷田', 1)).toBe('Hana 𠮷.');
    expect(holderDisplayName('Max', '𝐒mith', 1)).toBe('Max 𝐒.');
  });

  // Names go to every entrant of a draw (notices, e-mails where addresses become links) and
  // onto public pages: what could read as a link or as markup is taken out, names stay.
  it.each([
    ['Win at https://prizes.example/claim', 'Smith', 'Win at S.'],
    ['Go www.prizes.example now', 'Smith', 'Go now S.'],
    ['Mail win@prizes.example', 'Smith', 'Mail S.'],
    ['Visit prizes.example', 'Smith', 'Visit S.'],
    ['Hi javascript:alert(1) tel:0123', 'Smith', 'Hi S.'],
    ['<a href="x">Claim</a> here', '<b>Smith', 'Claim here S.'],
    ['Tom &amp; Jo <script', '>Smith', 'Tom Jo S.'],
    ['https://prizes.example', 'Smith', 'User 1234'],
    ['Mary-Jane', "O'Brien", 'Mary-Jane O.'],
    ['J.R.', 'Smith', 'J.R. S.'],
    ['Zoë', 'Ångström', 'Zoë Å.'],
  ])('shows %s %s as %s', (first, last, shown) => {
    expect(holderDisplayName(first, last, 1234567)).toBe(shown);
  });
});

describe('cars listing', () => {
  it('matches the word car in cash, competition and tech raffles only', () => {
    expect(isCarRaffle({ name: 'Win a Dream Car', category: 'cash' })).toBe(true);
    expect(isCarRaffle({ name: 'Two Cars Bundle', category: 'competition' })).toBe(true);
    expect(isCarRaffle({ name: 'Charity Car Wash', category: 'charity' })).toBe(false);
    expect(isCarRaffle({ name: 'Gift Cards', category: 'cash' })).toBe(false);
  });
});

describe('oddsSummary', () => {
  it('gives one ticket’s chance now and when sold out, and the customer’s own', () => {
    expect(oddsSummary(410, 2000, 2)).toEqual({
      perTicket: "One ticket's chance: 1 in 410 now, 1 in 2,000 if every ticket sells",
      yours: 'Your 2 tickets: 2 in 410 chance now',
    });
    expect(oddsSummary(410, 2000, 0).yours).toBeNull();
    expect(oddsSummary(0, 500, 0).perTicket).toBe(
      "No tickets sold yet: one ticket's chance will be at least 1 in 500",
    );
  });
});

describe('closedToCheckout', () => {
  const now = new Date('2026-11-20T12:00:00Z');
  const raffle = {
    startDate: new Date('2026-11-01T00:00:00Z'),
    endDate: new Date('2026-12-01T00:00:00Z'),
    drawStatus: 'pending' as const,
    soldTickets: 10,
    reservedTickets: 90,
    maxTickets: 100,
  };

  it('names why a raffle in a cart cannot be checked out, in the checkout’s words', () => {
    // Held tickets may be the shopper's own, given back when they check out again.
    expect(closedToCheckout(raffle, now)).toBeNull();
    expect(closedToCheckout({ ...raffle, soldTickets: 100, reservedTickets: 0 }, now)).toBe(
      CHECKOUT_MESSAGES.soldOut,
    );
    expect(closedToCheckout({ ...raffle, endDate: now }, now)).toBe(CHECKOUT_MESSAGES.ended);
    expect(closedToCheckout({ ...raffle, startDate: new Date('2026-11-21') }, now)).toBe(
      CHECKOUT_MESSAGES.ended,
    );
    expect(closedToCheckout({ ...raffle, drawStatus: 'drawn' as const }, now)).toBe(
      CHECKOUT_MESSAGES.ended,
    );
  });
});

describe('ticketsGoingIn', () => {
  it('refuses an add whose raffle ended or sold out, or whose allowance filled, meanwhile', () => {
    expect(ticketsGoingIn(raffle({ endDate: now }), 5, 2, now)).toEqual({ refused: 'ended' });
    // Ended first, as the card's label says, even when also sold out.
    expect(ticketsGoingIn(raffle({ endDate: now, soldTickets: 100 }), 5, 2, now)).toEqual({
      refused: 'ended',
    });
    expect(ticketsGoingIn(raffle({ soldTickets: 100 }), 5, 2, now)).toEqual({
      refused: 'soldOut',
    });
    // Tickets held by pending checkouts count as taken.
    expect(ticketsGoingIn(raffle({ soldTickets: 90, reservedTickets: 10 }), 5, 2, now)).toEqual({
      refused: 'soldOut',
    });
    expect(ticketsGoingIn(raffle(), 0, 2, now)).toEqual({ refused: 'maxEntries' });
  });

  it('adds what was wanted, or only what is still allowed, saying so', () => {
    expect(ticketsGoingIn(raffle(), 5, 2, now)).toEqual({
      refused: null,
      quantity: 2,
      notice: null,
    });
    expect(ticketsGoingIn(raffle(), 2, 4, now)).toEqual({
      refused: null,
      quantity: 2,
      notice: 'You can only add 2 more tickets for this raffle',
    });
    expect(ticketsGoingIn(raffle(), 1, 3, now)).toMatchObject({
      quantity: 1,
      notice: 'You can only add 1 more tickets for this raffle',
    });
  });
});
