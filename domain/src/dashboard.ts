import { LOCALE, SITE_TIME_ZONE } from './constants';
import { SHORT_MONTHS } from './dates';

/** The dashboard's messages. */
export const DASHBOARD_MESSAGES = {
  loadFailed: 'Failed to load dashboard statistics',
} as const;

/** The sales chart covers this many days, today included. */
export const DASHBOARD_CHART_DAYS = 30;

const ukParts = new Intl.DateTimeFormat(LOCALE, {
  timeZone: SITE_TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hourCycle: 'h23',
});

function partsOf(instant: number): Record<string, number> {
  return Object.fromEntries(
    ukParts
      .formatToParts(new Date(instant))
      .filter((part) => part.type !== 'literal')
      .map((part) => [part.type, Number(part.value)]),
  );
}

/** How far UK clocks are ahead of UTC at `instant`, in milliseconds (0 or 1 hour). */
function ukOffset(instant: number): number {
  const p = partsOf(instant);
  const asUtc = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** Midnight in the UK at the start of the given calendar day. */
function ukMidnight(year: number, month: number, day: number): Date {
  const guess = Date.UTC(year, month - 1, day);
  let instant = guess - ukOffset(guess);
  // Around a clock change the offset at midnight can differ from the one at the guess.
  instant = guess - ukOffset(instant);
  return new Date(instant);
}

export interface DayRange {
  /** Midnight UK time at the start of the day. */
  start: Date;
  /** Midnight UK time at the start of the next day. */
  end: Date;
  /** "05 Mar". */
  label: string;
}

/** The last `days` calendar days in UK time, oldest first, ending with the day of `now`. */
export function lastUkDays(now: Date, days = DASHBOARD_CHART_DAYS): DayRange[] {
  const today = partsOf(now.getTime());
  return Array.from({ length: days }, (_, i) => {
    const back = days - 1 - i;
    const day = new Date(Date.UTC(today.year!, today.month! - 1, today.day! - back));
    const next = new Date(Date.UTC(today.year!, today.month! - 1, today.day! - back + 1));
    const start = ukMidnight(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate());
    const end = ukMidnight(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate());
    // The UK calendar date itself, whatever the zone the dates are shown in.
    const label = `${String(day.getUTCDate()).padStart(2, '0')} ${SHORT_MONTHS[day.getUTCMonth()]}`;
    return { start, end, label };
  });
}
