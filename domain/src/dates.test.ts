import {
  addWorkingDays,
  displayTimeZone,
  formatDateTime,
  formatDayHeading,
  formatLongDate,
  formatLongDateTime,
  formatNumericDateTime,
  formatShortDate,
  fromUkDateTimeText,
  setDisplayTimeZone,
  toUkDateTimeText,
} from './dates';
import { PROTECTION_MESSAGES } from './collections/protection';

describe('en-GB dates in UK time', () => {
  it('formats long dates like 1 January 2025', () => {
    expect(formatLongDate(new Date('2025-01-01T12:00:00Z'))).toBe('1 January 2025');
  });

  it('gives the minute too where something ends or starts to the minute, in UK time', () => {
    expect(formatLongDateTime(new Date('2025-07-01T13:05:00Z'))).toBe('14:05 on 1 July 2025');
    expect(formatLongDateTime(new Date('2025-12-31T23:59:00Z'))).toBe('23:59 on 31 December 2025');
    expect(PROTECTION_MESSAGES.breakStarted(new Date('2025-03-06T14:30:00Z'))).toBe(
      'Your break has started and lasts until 14:30 on 6 March 2025.',
    );
  });

  it('formats short dates as dd Mon yyyy with three-letter months', () => {
    expect(formatShortDate(new Date('2025-03-05T12:00:00Z'))).toBe('05 Mar 2025');
    expect(formatShortDate(new Date('2025-09-15T12:00:00Z'))).toBe('15 Sep 2025');
  });

  it('uses UK time, including summer time', () => {
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (BST).
    expect(formatShortDate(new Date('2025-06-30T23:30:00Z'))).toBe('01 Jul 2025');
    expect(formatDateTime(new Date('2025-06-30T23:30:00Z'))).toBe('01 Jul 2025, 00:30');
  });

  it('formats day headings with the weekday', () => {
    expect(formatDayHeading(new Date('2025-01-01T12:00:00Z'))).toBe('Wednesday 1 January 2025');
  });

  it('says so when a date is unusable', () => {
    expect(formatShortDate(new Date('invalid'))).toBe('Date unavailable');
    expect(formatLongDate(new Date('invalid'))).toBe('Date unavailable');
  });
});

describe('addWorkingDays', () => {
  it('skips weekends', () => {
    // Friday 6 March 2026 + 5 working days = Friday 13 March.
    expect(addWorkingDays(new Date('2026-03-06T10:00:00Z'), 5).toISOString()).toBe(
      '2026-03-13T10:00:00.000Z',
    );
    // Saturday + 1 working day = Monday.
    expect(addWorkingDays(new Date('2026-03-07T10:00:00Z'), 1).getUTCDay()).toBe(1);
  });

  it('counts days on the UK calendar, not UTC, at the same UK clock time', () => {
    // 00:30 on Saturday 4 July 2026 in the UK (still Friday in UTC): 00:30 on Friday 10 July.
    expect(addWorkingDays(new Date('2026-07-03T23:30:15Z'), 5).toISOString()).toBe(
      '2026-07-09T23:30:15.000Z',
    );
    // 00:30 on Monday 6 July in the UK (Sunday in UTC): Monday 13 July.
    expect(addWorkingDays(new Date('2026-07-05T23:30:00Z'), 5).toISOString()).toBe(
      '2026-07-12T23:30:00.000Z',
    );
    // Across the clocks going back: 09:00 BST on Friday 23 October 2026, then 09:00 GMT.
    expect(addWorkingDays(new Date('2026-10-23T08:00:00Z'), 5).toISOString()).toBe(
      '2026-10-30T09:00:00.000Z',
    );
  });
});

describe('the display time zone', () => {
  afterEach(() => setDisplayTimeZone(null));

  it('is UK time unless a known zone is chosen', () => {
    const noonUk = new Date('2026-01-15T12:00:00Z');
    expect(displayTimeZone()).toBe('Europe/London');
    expect(formatDateTime(noonUk)).toBe('15 Jan 2026, 12:00');
    expect(setDisplayTimeZone('Pacific/Auckland')).toBe('Pacific/Auckland');
    expect(formatDateTime(noonUk)).toBe('16 Jan 2026, 01:00');
    expect(formatDayHeading(noonUk)).toBe('Friday 16 January 2026');
    expect(formatLongDate(noonUk)).toBe('16 January 2026');
    expect(formatNumericDateTime(noonUk)).toBe('16/01/2026 01:00');
    // An unknown zone (an old or tampered setting) falls back to UK time.
    expect(setDisplayTimeZone('Mars/Olympus_Mons')).toBe('Europe/London');
    expect(formatDateTime(noonUk)).toBe('15 Jan 2026, 12:00');
  });
});

describe('date-and-time fields in UK time', () => {
  it('reads what an administrator types as UK time, summer and winter, whatever the computer', () => {
    expect(fromUkDateTimeText('2026-01-15T18:30')?.toISOString()).toBe('2026-01-15T18:30:00.000Z');
    expect(fromUkDateTimeText('2026-07-01T18:30')?.toISOString()).toBe('2026-07-01T17:30:00.000Z');
    // Late on the night the clocks go back, still summer time.
    expect(fromUkDateTimeText('2026-10-25T00:30')?.toISOString()).toBe('2026-10-24T23:30:00.000Z');
    expect(fromUkDateTimeText('2026-02-30T10:00')).toBeNull();
    expect(fromUkDateTimeText('tomorrow')).toBeNull();
  });

  it('reads a year as typed, from 1000 to 9999 (Date.UTC reads 0050 as 1950)', () => {
    expect(fromUkDateTimeText('1900-01-01T00:00')?.toISOString()).toBe('1900-01-01T00:00:00.000Z');
    expect(fromUkDateTimeText('9999-12-31T23:59')?.toISOString()).toBe('9999-12-31T23:59:00.000Z');
    for (const text of ['0000-01-01T10:00', '0050-06-01T10:00', '0999-12-31T23:59']) {
      expect(fromUkDateTimeText(text)).toBeNull();
    }
  });

  it('shows an instant as the UK time a field holds, and reads it back the same', () => {
    for (const iso of ['2026-01-15T18:30:00.000Z', '2026-07-01T17:30:00.000Z']) {
      const text = toUkDateTimeText(new Date(iso));
      expect(fromUkDateTimeText(text)?.toISOString()).toBe(iso);
    }
    expect(toUkDateTimeText(new Date('2026-07-01T17:30:00.000Z'))).toBe('2026-07-01T18:30');
  });
});
