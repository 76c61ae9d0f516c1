import { LOCALE, SITE_TIME_ZONE } from './constants';

const SHORT_MONTHS = [
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

const ukParts = new Intl.DateTimeFormat(LOCALE, {
  timeZone: SITE_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

interface UkDateParts {
  day: string;
  month: number;
  year: string;
  hour: string;
  minute: string;
}

function partsInUk(date: Date): UkDateParts {
  const parts = Object.fromEntries(ukParts.formatToParts(date).map((p) => [p.type, p.value]));
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

const longDate = new Intl.DateTimeFormat(LOCALE, {
  timeZone: SITE_TIME_ZONE,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** "1 January 2025" (UK time). */
export function formatLongDate(date: Date): string {
  return isValidDate(date) ? longDate.format(date) : 'Date unavailable';
}

/**
 * "01 Jan 2025" (dd Mon yyyy, UK time). Months are always three letters: ICU's en-GB
 * abbreviation of September ("Sept") does not fit the spec's format.
 */
export function formatShortDate(date: Date): string {
  if (!isValidDate(date)) return 'Date unavailable';
  const { day, month, year } = partsInUk(date);
  return `${day} ${SHORT_MONTHS[month - 1]} ${year}`;
}

/** "01 Jan 2025, 14:05" (UK time). */
export function formatDateTime(date: Date): string {
  if (!isValidDate(date)) return 'Date unavailable';
  const { hour, minute } = partsInUk(date);
  return `${formatShortDate(date)}, ${hour}:${minute}`;
}

const weekdayLongDate = new Intl.DateTimeFormat(LOCALE, {
  timeZone: SITE_TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** "Monday 1 January 2025": day headings in lists grouped by day. */
export function formatDayHeading(date: Date): string {
  return isValidDate(date) ? weekdayLongDate.format(date).replace(',', '') : 'Date unavailable';
}

/**
 * `days` working days after `from` (Monday to Friday; England and Wales bank holidays are not
 * counted out, so a deadline is at worst a day or two early, never late).
 */
export function addWorkingDays(from: Date, days: number): Date {
  const date = new Date(from.getTime());
  let added = 0;
  while (added < days) {
    date.setUTCDate(date.getUTCDate() + 1);
    const weekday = date.getUTCDay();
    if (weekday !== 0 && weekday !== 6) added += 1;
  }
  return date;
}

/** "01/01/2025 14:05" (dd/mm/yyyy hh:mm, UK time): the console's tables. */
export function formatNumericDateTime(date: Date): string {
  if (!isValidDate(date)) return 'Date unavailable';
  const { day, month, year, hour, minute } = partsInUk(date);
  return `${day}/${String(month).padStart(2, '0')}/${year} ${hour}:${minute}`;
}
