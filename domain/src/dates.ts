import { LOCALE, SITE_TIME_ZONE } from './constants';

/** Three-letter month names, January first. */
export const SHORT_MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

/**
 * The time zone dates and times are shown in: UK time, unless the signed-in customer chose
 * another in their preferences (the web app sets it; functions always format in UK time).
 */
let displayZone: string = SITE_TIME_ZONE;

interface ZoneFormats {
  parts: Intl.DateTimeFormat;
  longDate: Intl.DateTimeFormat;
  weekdayLongDate: Intl.DateTimeFormat;
}
const zoneFormats = new Map<string, ZoneFormats>();

function formatsFor(timeZone: string): ZoneFormats {
  let formats = zoneFormats.get(timeZone);
  if (!formats) {
    formats = {
      parts: new Intl.DateTimeFormat(LOCALE, {
        timeZone,
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }),
      longDate: new Intl.DateTimeFormat(LOCALE, {
        timeZone,
        day: 'numeric',
        month: 'long',
        year: 'numeric',
      }),
      weekdayLongDate: new Intl.DateTimeFormat(LOCALE, {
        timeZone,
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
      }),
    };
    zoneFormats.set(timeZone, formats);
  }
  return formats;
}

/** Whether `zone` is an IANA time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat(LOCALE, { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Shows dates and times in `zone` from now on (UK time for null or an unknown zone). Returns
 * the zone applied.
 */
export function setDisplayTimeZone(zone: string | null | undefined): string {
  displayZone = zone && isTimeZone(zone) ? zone : SITE_TIME_ZONE;
  return displayZone;
}

/** The zone dates and times are shown in (see setDisplayTimeZone). */
export function displayTimeZone(): string {
  return displayZone;
}

interface ZoneDateParts {
  day: string;
  month: number;
  year: string;
  hour: string;
  minute: string;
}

function partsInZone(date: Date, zone: string = displayZone): ZoneDateParts {
  const formatted = formatsFor(zone).parts.formatToParts(date);
  const parts = Object.fromEntries(formatted.map((p) => [p.type, p.value]));
  return {
    day: parts.day ?? '',
    month: Number(parts.month),
    year: parts.year ?? '',
    hour: parts.hour ?? '',
    minute: parts.minute ?? '',
  };
}

function isValidDate(date: Date | null | undefined): date is Date {
  return date instanceof Date && !Number.isNaN(date.getTime());
}

/** "1 January 2025" (in the display time zone, UK time by default). */
export function formatLongDate(date: Date): string {
  return isValidDate(date) ? formatsFor(displayZone).longDate.format(date) : 'Date unavailable';
}

/** "14:05 on 1 January 2025" (display time zone): when something ends or starts to the minute. */
export function formatLongDateTime(date: Date): string {
  if (!isValidDate(date)) return 'Date unavailable';
  const { hour, minute } = partsInZone(date);
  return `${hour}:${minute} on ${formatLongDate(date)}`;
}

/**
 * "01 Jan 2025" (dd Mon yyyy, display time zone). Months are always three letters: ICU's en-GB
 * abbreviation of September ("Sept") does not fit this format.
 */
export function formatShortDate(date: Date): string {
  if (!isValidDate(date)) return 'Date unavailable';
  const { day, month, year } = partsInZone(date);
  return `${day} ${SHORT_MONTHS[month - 1]} ${year}`;
}

/** "01 Jan 2025, 14:05" (display time zone). */
export function formatDateTime(date: Date): string {
  if (!isValidDate(date)) return 'Date unavailable';
  const { hour, minute } = partsInZone(date);
  return `${formatShortDate(date)}, ${hour}:${minute}`;
}

/** "Monday 1 January 2025": day headings in lists grouped by day. */
export function formatDayHeading(date: Date): string {
  if (!isValidDate(date)) return 'Date unavailable';
  return formatsFor(displayZone).weekdayLongDate.format(date).replace(',', '');
}

/**
 * The instant a UK clock reading names (as `ukReadingMs` gives it: UK wall-clock time written as
 * UTC), to the minute, with the seconds of `from`: UK time differs from UTC by whole hours.
 */
function atUkReading(reading: Date, from: Date): Date {
  const minute = fromUkDateTimeText(reading.toISOString().slice(0, 16))!;
  return new Date(minute.getTime() + (from.getTime() % 60_000));
}

/**
 * `days` working days after `from`, counted on the UK calendar (Monday to Friday; England and
 * Wales bank holidays are not counted out, so a deadline is at worst a day or two early, never
 * late), at the same UK clock time.
 */
export function addWorkingDays(from: Date, days: number): Date {
  const reading = new Date(ukReadingMs(from.getTime()));
  let added = 0;
  while (added < days) {
    reading.setUTCDate(reading.getUTCDate() + 1);
    const weekday = reading.getUTCDay();
    if (weekday !== 0 && weekday !== 6) added += 1;
  }
  return atUkReading(reading, from);
}

/** "01/01/2025 14:05" (dd/mm/yyyy hh:mm, display time zone): the console's tables. */
export function formatNumericDateTime(date: Date): string {
  if (!isValidDate(date)) return 'Date unavailable';
  const { day, month, year, hour, minute } = partsInZone(date);
  return `${day}/${String(month).padStart(2, '0')}/${year} ${hour}:${minute}`;
}

/** The UK wall-clock reading of an instant, as milliseconds of a UTC date with that reading. */
function ukReadingMs(instant: number): number {
  const { year, month, day, hour, minute } = partsInZone(new Date(instant), SITE_TIME_ZONE);
  return Date.UTC(Number(year), month - 1, Number(day), Number(hour), Number(minute));
}

/**
 * "2025-07-01T18:30" read as UK time (what an administrator types in a date-and-time field,
 * whatever the zone of their computer), or null when it is not such a text. In the hour the
 * clocks go forward, which never happens in the UK, the time reads as an hour later.
 */
export function fromUkDateTimeText(text: string): Date | null {
  // Years 1000 to 9999, as callables take them (Date.UTC would also read 0050 as 1950).
  const match = /^([1-9]\d{3})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/.exec(
    text.trim(),
  );
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const wanted = Date.UTC(year, month - 1, day, hour, minute);
  if (Number.isNaN(wanted) || new Date(wanted).getUTCDate() !== day) return null;
  // UK time is UTC or one hour ahead: correct by the offset found, then check it once more.
  let instant = wanted - (ukReadingMs(wanted) - wanted);
  instant -= ukReadingMs(instant) - wanted;
  return new Date(instant);
}

/**
 * `months` calendar months after `from` at the same UK clock time; the last day of a shorter
 * month stands in for a day it lacks (31 August + 6 months = 28 or 29 February).
 */
export function addUkMonths(from: Date, months: number): Date {
  const reading = new Date(ukReadingMs(from.getTime()));
  const year = reading.getUTCFullYear();
  const month = reading.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  reading.setUTCFullYear(year, month, Math.min(reading.getUTCDate(), lastDay));
  return atUkReading(reading, from);
}

/** The value a date-and-time field shows for an instant, in UK time ("2025-07-01T18:30"). */
export function toUkDateTimeText(date: Date): string {
  const reading = new Date(ukReadingMs(date.getTime()));
  return reading.toISOString().slice(0, 16);
}

const ukDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: SITE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's calendar date in the UK, as yyyy-mm-dd. */
export function ukToday(now: Date): string {
  return ukDay.format(now);
}

/** True when `text` is a real calendar date written yyyy-mm-dd. */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/**
 * Whole years between a date of birth and `today` (both yyyy-mm-dd), counted by calendar:
 * the birthday itself is the day a year is completed (29 February birthdays complete on
 * 1 March in other years).
 */
export function ageOn(dateOfBirth: string, today: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const hadBirthday = tm > bm || (tm === bm && td >= bd);
  return ty - by - (hadBirthday ? 0 : 1);
}
