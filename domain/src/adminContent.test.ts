import {
  DEFAULT_POSTAL_ENTRY_TEXT,
  RAFFLE_MESSAGES,
  defaultRaffleDates,
  raffleFormSchema,
  saveRaffleInput,
} from './callables/saveRaffle';
import { checkImageFile, fitWithin, libraryImageId, uploadPath } from './callables/addLibraryImage';
import { carouselLinkForRaffle, saveCarouselSlideInput } from './callables/saveCarouselSlide';
import { raffleNamedByLink } from './constants';
import { WINNER_MESSAGES, winnerFormSchema } from './callables/saveWinner';
import { lastUkDays } from './dashboard';
import { formatNumericDateTime, setDisplayTimeZone, toUkDateTimeText } from './dates';

const raffle = (overrides: Record<string, unknown> = {}) => ({
  raffleId: null,
  name: 'Win a bike',
  description: '',
  imageUrl: '/images/placeholder.svg',
  category: 'cash',
  ticketPrice: 199,
  maxTickets: 100,
  maxTicketsPerUser: 10,
  startDate: '2030-01-01T10:00:00.000Z',
  endDate: '2030-01-31T23:59:00.000Z',
  onlineEntryText: 'Online',
  postalEntryText: DEFAULT_POSTAL_ENTRY_TEXT,
  ...overrides,
});

function messages(input: unknown): string[] {
  const result = saveRaffleInput.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('saveRaffleInput', () => {
  it('accepts a valid raffle', () => {
    expect(messages(raffle())).toEqual([]);
  });

  it('words every rule', () => {
    expect(messages(raffle({ name: ' ' }))).toEqual([RAFFLE_MESSAGES.nameRequired]);
    expect(messages(raffle({ imageUrl: '' }))).toEqual(['Image URL is required']);
    expect(messages(raffle({ ticketPrice: 0 }))).toEqual([
      'Cash raffles must have a positive ticket price',
    ]);
    expect(messages(raffle({ category: 'tech', ticketPrice: 0 }))).toEqual([
      'Tech raffles must have a positive ticket price',
    ]);
    expect(messages(raffle({ category: 'free', maxTicketsPerUser: 1 }))).toEqual([
      'Free raffles must have a ticket price of 0',
    ]);
    expect(messages(raffle({ category: 'free', ticketPrice: 0 }))).toEqual([
      'Free raffles allow 1 ticket per user',
    ]);
    expect(messages(raffle({ endDate: '2030-01-01T10:00:00.000Z' }))).toEqual([
      'End date/time must be after start date/time',
    ]);
    expect(messages(raffle({ maxTickets: 0 }))).toEqual(['Maximum tickets must be greater than 0']);
    expect(messages(raffle({ maxTicketsPerUser: 0 }))).toEqual([
      'Maximum tickets per user must be greater than 0',
    ]);
    expect(messages(raffle({ maxTickets: 5 }))).toEqual([
      'Maximum tickets per user cannot exceed total maximum tickets',
    ]);
  });

  it('refuses a raffle nobody could pay for: the most one customer may buy is under the card minimum', () => {
    expect(messages(raffle({ ticketPrice: 10, maxTicketsPerUser: 2 }))).toEqual([
      'A customer could spend at most £0.20 on this raffle, and card payments start at £0.30: raise the ticket price or the maximum tickets per user',
    ]);
    expect(messages(raffle({ ticketPrice: 10, maxTicketsPerUser: 3 }))).toEqual([]);
    // Priced at the cheapest mix, as a checkout prices it.
    const bundles = [{ tickets: 2, price: 25 }];
    expect(messages(raffle({ ticketPrice: 15, maxTicketsPerUser: 2, bundles }))).toEqual([
      'A customer could spend at most £0.25 on this raffle, and card payments start at £0.30: raise the ticket price or the maximum tickets per user',
    ]);
    // With bundles, fewer tickets can cost more: two singles here are 30p.
    const three = [{ tickets: 3, price: 25 }];
    expect(messages(raffle({ ticketPrice: 15, maxTicketsPerUser: 3, bundles: three }))).toEqual([]);
    expect(messages(raffle({ category: 'free', ticketPrice: 0, maxTicketsPerUser: 1 }))).toEqual(
      [],
    );
  });

  it('answers counts past their limits with the limits, in words', () => {
    expect(messages(raffle({ maxTickets: 1_000_000, maxTicketsPerUser: 1001 }))).toEqual([
      'Maximum tickets per user can be at most 1,000',
    ]);
    expect(messages(raffle({ maxTickets: 1_000_001 }))).toEqual([
      'Maximum tickets can be at most 1,000,000',
    ]);
    // Far past the limit: the rules after the field's own do not try to price every ticket.
    expect(messages(raffle({ maxTickets: 1_000_000, maxTicketsPerUser: 1e308 }))).toEqual([
      'Enter a whole number',
      'Maximum tickets per user can be at most 1,000',
      'Maximum tickets per user cannot exceed total maximum tickets',
    ]);
  });
});

describe('raffleFormSchema', () => {
  const now = new Date(2030, 0, 10, 12, 0);
  const form = (overrides: Record<string, unknown> = {}) => ({
    ...raffle(),
    ticketPrice: '1.99',
    maxTickets: '100',
    maxTicketsPerUser: '10',
    startDate: '2030-01-10T13:00',
    endDate: '2030-02-09T23:59',
    bundles: [],
    ...overrides,
  });

  it('turns pounds and text into the callable input', () => {
    const parsed = raffleFormSchema(now).parse(form());
    expect(parsed.ticketPrice).toBe(199);
    expect(parsed.maxTickets).toBe(100);
    expect(saveRaffleInput.safeParse(parsed).success).toBe(true);
  });

  it('reads bundles as tickets and pounds, and refuses one that saves nothing', () => {
    const parsed = raffleFormSchema(now).parse(
      form({ bundles: [{ tickets: '5', price: '8.00' }] }),
    );
    expect(parsed.bundles).toEqual([{ tickets: 5, price: 800 }]);
    const dear = raffleFormSchema(now).safeParse(
      form({ bundles: [{ tickets: '5', price: '9.95' }] }),
    );
    expect(dear.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['bundles.0.price', 'A bundle must cost less than its tickets bought one by one'],
    ]);
  });

  it('refuses a start before today, except the start a raffle already has', () => {
    const result = raffleFormSchema(now).safeParse(form({ startDate: '2030-01-09T23:00' }));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Start date cannot be before today');
    const kept = new Date('2030-01-09T23:00').toISOString();
    expect(
      raffleFormSchema(now, kept).safeParse(form({ startDate: '2030-01-09T23:00' })).success,
    ).toBe(true);
  });

  it("judges today by the UK's day, whatever the computer's zone", () => {
    // 05:38 UTC on 26 November: the 26th in London, still the 25th on a computer in New York.
    const early = new Date('2026-11-26T05:38:00Z');
    const at = (startDate: string) =>
      raffleFormSchema(early).safeParse(form({ startDate, endDate: '2027-07-01T20:00' })).success;
    expect(at('2026-11-26T00:00')).toBe(true);
    expect(at('2026-11-25T23:59')).toBe(false);
  });

  it('says a blank maximum must be greater than 0', () => {
    const result = raffleFormSchema(now).safeParse(form({ maxTickets: '' }));
    expect(result.error?.issues[0]?.message).toBe('Maximum tickets must be greater than 0');
  });

  it('defaults to 30 days ending at 23:59 UK time, whatever the computer’s zone', () => {
    // Node's environment (the domain is typed without Node's): TZ sets the computer's zone.
    const { env } = (globalThis as unknown as { process: { env: Record<string, string> } }).process;
    const zone = env.TZ;
    try {
      for (const computer of ['Europe/London', 'America/New_York', 'Asia/Tokyo']) {
        env.TZ = computer;
        const winter = defaultRaffleDates(new Date('2030-01-10T12:00:30Z'));
        expect(winter.startDate.toISOString()).toBe('2030-01-10T12:00:00.000Z');
        expect(winter.endDate.toISOString()).toBe('2030-02-09T23:59:00.000Z');
        // 00:30 on 11 June in the UK (summer time), still 10 June in UTC and New York.
        const summer = defaultRaffleDates(new Date('2030-06-10T23:30:00Z'));
        expect(toUkDateTimeText(summer.endDate)).toBe('2030-07-11T23:59');
      }
    } finally {
      if (zone === undefined) delete env.TZ;
      else env.TZ = zone;
    }
  });

  it('states the free postal route by default', () => {
    expect(DEFAULT_POSTAL_ENTRY_TEXT).toMatch(/postcard/);
    expect(DEFAULT_POSTAL_ENTRY_TEXT).toMatch(/72 hours/);
  });
});

describe('image library', () => {
  it('fits images inside the bounds keeping the aspect ratio, never enlarging', () => {
    expect(fitWithin(4000, 3000, 1920, 1080)).toEqual({ width: 1440, height: 1080 });
    expect(fitWithin(3000, 1000, 800, 600)).toEqual({ width: 800, height: 267 });
    expect(fitWithin(300, 200, 800, 600)).toEqual({ width: 300, height: 200 });
  });

  it("checks the file with the shop's messages", () => {
    expect(checkImageFile(null, 'x')).toBe('Please select a file and provide a name');
    expect(checkImageFile({ type: 'image/png', size: 10 }, ' ')).toBe(
      'Please select a file and provide a name',
    );
    expect(checkImageFile({ type: 'application/pdf', size: 10 }, 'x')).toBe(
      'Please select an image file (JPEG, PNG, GIF)',
    );
    expect(checkImageFile({ type: 'image/jpeg', size: 5 * 1024 * 1024 }, 'x')).toBe(
      'Image size should be less than 5MB',
    );
    expect(checkImageFile({ type: 'image/gif', size: 1000 }, 'x')).toBeNull();
  });

  it('derives one id per name, ignoring case, and never one for two names', () => {
    expect(libraryImageId(' Prize Photo ')).toBe(libraryImageId('prize photo'));
    expect(libraryImageId('a b')).not.toBe(libraryImageId('a_b'));
    expect(libraryImageId('a/b')).toMatch(/^img-[a-z0-9_-]+$/);
  });

  it('names uploads uniquely under raffle-images/', () => {
    expect(uploadPath('My Photo (1).PNG', 'abc123')).toBe('raffle-images/abc123-my-photo-1-.png');
  });
});

describe('carousel', () => {
  it('links a slide to the raffle on its listing page', () => {
    expect(carouselLinkForRaffle({ id: 'r1', category: 'charity' })).toBe('/charity?raffle=r1');
    expect(carouselLinkForRaffle({ id: 'r1', category: 'tech' })).toBe(
      '/competitions/tech?raffle=r1',
    );
    expect(carouselLinkForRaffle({ id: 'r1', category: 'cash' })).toBe(
      '/competitions/cash?raffle=r1',
    );
    expect(carouselLinkForRaffle({ id: 'r1', category: 'free' })).toBe('/free?raffle=r1');
    expect(carouselLinkForRaffle({ id: 'r1', category: 'competition' })).toBe(
      '/competitions?raffle=r1',
    );
  });

  it('reads back the raffle a slide link opens, made from a raffle or typed by hand', () => {
    const id = 'a b&c';
    expect(raffleNamedByLink(carouselLinkForRaffle({ id, category: 'tech' }))).toBe(id);
    expect(raffleNamedByLink('/free?utm=x&raffle=r2#top')).toBe('r2');
    expect(raffleNamedByLink('?raffle=r4')).toBe('r4'); // a page's location.search
    expect(raffleNamedByLink('/competitions')).toBeNull();
    expect(raffleNamedByLink('/competitions?raffles=r3')).toBeNull();
    expect(raffleNamedByLink('/competitions?raffle=%E0')).toBeNull();
  });

  it('defaults the button text and accepts only site paths', () => {
    const slide = {
      slideId: null,
      title: '',
      description: '',
      imageUrl: 'https://example.com/a.png',
      category: 'cash',
      buttonText: ' ',
      buttonLink: '/competitions',
      isActive: true,
    };
    expect(saveCarouselSlideInput.parse(slide).buttonText).toBe('Enter Now');
    const bad = saveCarouselSlideInput.safeParse({ ...slide, buttonLink: 'https://evil.test' });
    expect(bad.error?.issues[0]?.message).toBe(
      'Button link must be a path on this site, such as /competitions',
    );
    expect(saveCarouselSlideInput.safeParse({ ...slide, buttonLink: '//evil.test' }).success).toBe(
      false,
    );
    expect(
      saveCarouselSlideInput.safeParse({ ...slide, imageUrl: '' }).error?.issues[0]?.message,
    ).toBe('Image URL is required');
  });
});

describe('the winner form', () => {
  const winner = (announcementDate: string) =>
    winnerFormSchema.safeParse({
      winnerId: null,
      raffleId: null,
      winnerName: 'Sam',
      prizeName: 'A car',
      ticketNumber: '',
      imageUrl: '',
      prizeImageUrl: '',
      prizeValue: '',
      announcementDate,
    });

  it('takes a blank draw date as now', () => {
    const before = Date.now() - 60_000;
    const parsed = winner('  ');
    expect(parsed.success).toBe(true);
    const at = Date.parse(parsed.data?.announcementDate ?? '');
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(Date.now());
  });

  it('reads a draw date as UK time and words one that is not a date', () => {
    expect(winner('2025-07-01T18:30').data?.announcementDate).toBe('2025-07-01T17:30:00.000Z');
    expect(winner('yesterday').error?.issues[0]?.message).toBe(WINNER_MESSAGES.dateInvalid);
  });
});

describe('lastUkDays', () => {
  it('gives 30 UK calendar days ending today, across a clock change', () => {
    const days = lastUkDays(new Date('2026-04-05T10:00:00Z'));
    expect(days).toHaveLength(30);
    expect(days[29]!.start.toISOString()).toBe('2026-04-04T23:00:00.000Z');
    expect(days[29]!.end.toISOString()).toBe('2026-04-05T23:00:00.000Z');
    // 29 March 2026 is the day the clocks go forward: 23 hours long.
    const change = days.find((day) => day.label === '29 Mar')!;
    expect(change.start.toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(change.end.toISOString()).toBe('2026-03-29T23:00:00.000Z');
    expect(days[0]!.label).toBe('07 Mar');
  });

  it('labels each day with its UK date, whatever the zone dates are shown in', () => {
    setDisplayTimeZone('America/New_York');
    try {
      expect(lastUkDays(new Date('2026-07-05T12:00:00Z'), 2).map((day) => day.label)).toEqual([
        '04 Jul',
        '05 Jul',
      ]);
    } finally {
      setDisplayTimeZone(null);
    }
  });
});

describe('formatNumericDateTime', () => {
  it('writes dd/mm/yyyy hh:mm in UK time', () => {
    expect(formatNumericDateTime(new Date('2026-07-04T22:30:00Z'))).toBe('04/07/2026 23:30');
    expect(formatNumericDateTime(new Date('2026-01-09T08:05:00Z'))).toBe('09/01/2026 08:05');
  });
});
