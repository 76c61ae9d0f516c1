import { z } from 'zod';
import { SITE_TIME_ZONE } from '../constants';
import { addUkMonths, formatLongDateTime } from '../dates';
import { penceSchema } from '../fields';
import { formatPence } from '../money';

/**
 * Player protection: a monthly spending limit chosen before the first purchase, play
 * breaks, and a monthly cap on credit-card spending. All enforced by startCheckout.
 */
export const playerProtectionCollection = 'playerProtection';
export const protectionPath = (uid: string) => `${playerProtectionCollection}/${uid}`;

/**
 * `checkoutLocks/{uid}`: rewritten by every reservation of the customer, with a precondition
 * on the version it read before adding up their spending. Two checkouts of one customer
 * therefore cannot both pass the spending limit or the credit-card cap on the same figures:
 * the second one's write fails, and it checks again. Functions only.
 */
export const checkoutLocksCollection = 'checkoutLocks';

/**
 * `selfExclusions/{keyed hash of an e-mail address}`: a play break and a spending limit that
 * outlive their account. When an account on a break or with a limit is deleted, they are kept
 * here against each of its addresses (as an HMAC, never the address): any account with that
 * address is on the same break, and its first choice of a limit starts from the one kept, so
 * a new account never skips a raise's 24 hours. What a deleted account spent in the month it
 * was deleted is kept too (`monthSpend`), so the limit and the credit-card cap do not start
 * again for a new account that month. Functions only.
 */
export const selfExclusionsCollection = 'selfExclusions';
export const selfExclusionSchema = z.object({
  /** Null: permanent. */
  breakUntil: z.date().nullable(),
  breakPermanent: z.boolean(),
  /** The limit kept (`limitChosenAt` null: none): see `protectionSchema`. */
  monthlyLimit: penceSchema.nullable().default(null),
  limitChosenAt: z.date().nullable().default(null),
  pendingRaise: z
    .object({ limit: penceSchema.nullable(), from: z.date() })
    .nullable()
    .default(null),
  /**
   * What deleted accounts with the address spent in the UK month from `since` (pence: in all,
   * and what counts against the credit-card cap), by a keyed hash of each account's uid, so a
   * deletion run again counts its account once.
   */
  monthSpend: z
    .object({
      since: z.date(),
      byAccount: z.record(z.string(), z.object({ total: penceSchema, creditCard: penceSchema })),
    })
    .nullable()
    .default(null),
  recordedAt: z.date(),
});
export type SelfExclusion = z.infer<typeof selfExclusionSchema>;
export type MonthSpend = NonNullable<SelfExclusion['monthSpend']>;

/** What deleted accounts with an address spent this UK month (nothing from an earlier one). */
export function carriedSpend(
  carried: Pick<SelfExclusion, 'monthSpend'> | null,
  now: Date,
): { total: number; creditCard: number } {
  const spend = carried?.monthSpend;
  const spent = { total: 0, creditCard: 0 };
  if (!spend || spend.since.getTime() !== startOfUkMonth(now).getTime()) return spent;
  for (const { total, creditCard } of Object.values(spend.byAccount)) {
    spent.total += total;
    spent.creditCard += creditCard;
  }
  return spent;
}

/**
 * The record of this month's spending with one more account's (`account`, a keyed hash): an
 * earlier month's is dropped; the same account's figures only grow, so a deletion run again
 * after its orders lost their uid keeps what it counted first.
 */
export function withMonthSpend(
  earlier: MonthSpend | null,
  account: string,
  spent: { total: number; creditCard: number },
  now: Date,
): MonthSpend {
  const since = startOfUkMonth(now);
  const byAccount = earlier?.since.getTime() === since.getTime() ? { ...earlier.byAccount } : {};
  const before = byAccount[account];
  byAccount[account] = {
    total: Math.max(before?.total ?? 0, spent.total),
    creditCard: Math.max(before?.creditCard ?? 0, spent.creditCard),
  };
  return { since, byAccount };
}

/**
 * One record of this month's spending with another's accounts added (each account's larger
 * figures): what an address carried goes with the account to its new address.
 */
export function withMovedSpend(
  earlier: MonthSpend | null,
  moved: MonthSpend | null,
  now: Date,
): MonthSpend | null {
  if (!moved || moved.since.getTime() !== startOfUkMonth(now).getTime()) return earlier;
  return Object.entries(moved.byAccount).reduce<MonthSpend | null>(
    (merged, [account, spent]) => withMonthSpend(merged, account, spent, now),
    earlier,
  );
}

/** A customer's choice of spending limit: none yet while `limitChosenAt` is null. */
export type LimitChoice = Pick<Protection, 'monthlyLimit' | 'limitChosenAt' | 'pendingRaise'>;

/** The choice as it stands at `now`: a raise whose 24 hours are over is the limit. */
function limitAt(choice: LimitChoice, now: Date): LimitChoice {
  const raise = choice.pendingRaise;
  if (raise && raise.from.getTime() <= now.getTime()) {
    return { ...choice, monthlyLimit: raise.limit, pendingRaise: null };
  }
  return choice;
}

/**
 * The limit choice an account stands on at `now`: its own once made, otherwise the one its
 * address carries from a deleted account (a first choice starts from it), or none.
 */
export function limitStandingOn(
  own: LimitChoice,
  carried: LimitChoice | null,
  now: Date,
): LimitChoice {
  const source = own.limitChosenAt === null && carried ? carried : own;
  const { monthlyLimit, limitChosenAt, pendingRaise } = limitAt(source, now);
  return { monthlyLimit, limitChosenAt, pendingRaise };
}

/** The stricter of a customer's own break and one carried by their address. */
export function withCarriedBreak(
  protection: Protection,
  carried: SelfExclusion | null,
): Protection {
  if (!carried) return protection;
  const until =
    protection.breakUntil && carried.breakUntil
      ? new Date(Math.max(protection.breakUntil.getTime(), carried.breakUntil.getTime()))
      : (protection.breakUntil ?? carried.breakUntil);
  return {
    ...protection,
    breakPermanent: protection.breakPermanent || carried.breakPermanent,
    breakUntil: until,
  };
}

/**
 * The account's own controls with a break its address carries from a deleted account, when
 * that break is still running and longer than the account's own; null when nothing changes.
 * Written at sign-up and when the account takes the address, so Responsible Play and the
 * console show the break the checkout enforces (it reads the address's record itself).
 */
export function carriedBreakToShow(
  own: Protection,
  carried: SelfExclusion | null,
  now: Date,
): Protection | null {
  if (!carried || !isOnBreak(withCarriedBreak(DEFAULT_PROTECTION, carried), now)) return null;
  const kept = withCarriedBreak(own, carried);
  const longer =
    kept.breakPermanent !== own.breakPermanent ||
    kept.breakUntil?.getTime() !== own.breakUntil?.getTime();
  return longer ? kept : null;
}

/** The customer's protection with the break and the limit kept against their address. */
export function withCarriedControls(
  protection: Protection,
  carried: SelfExclusion | null,
  now: Date,
): Protection {
  return {
    ...withCarriedBreak(protection, carried),
    ...limitStandingOn(protection, carried, now),
  };
}

/** A raised limit applies only after this long (lowering applies at once). */
export const SPEND_LIMIT_RAISE_DELAY_MS = 24 * 60 * 60 * 1000;
/** Credit-card spending allowed per calendar month (UK time). */
export const CREDIT_CARD_MONTHLY_CAP_PENCE = 25_000;

const HOUR = 60 * 60 * 1000;
export const PLAY_BREAK_PERIODS = ['24h', '7d', '30d', '6m', 'permanent'] as const;
export type PlayBreakPeriod = (typeof PLAY_BREAK_PERIODS)[number];
/** Each break: a fixed length (`ms`), calendar months in UK time (`months`), or for good. */
export const PLAY_BREAKS: Record<
  PlayBreakPeriod,
  { label: string; ms: number | null; months?: number }
> = {
  '24h': { label: '24 hours', ms: 24 * HOUR },
  '7d': { label: '7 days', ms: 7 * 24 * HOUR },
  '30d': { label: '30 days', ms: 30 * 24 * HOUR },
  // Six calendar months, as the label says: 182 days ended up to three days short of them.
  '6m': { label: '6 months', ms: null, months: 6 },
  permanent: { label: 'Permanently', ms: null },
};

/**
 * `playerProtection/{uid}`: the owner reads it; only functions write it, so a limit cannot be
 * raised or a break ended early from the browser.
 */
export const protectionSchema = z.object({
  /** Pence per calendar month; null means no limit (once chosen). */
  monthlyLimit: penceSchema.nullable(),
  /** When the customer made their choice; null until asked at the first purchase. */
  limitChosenAt: z.date().nullable(),
  /** A higher limit (or none) waiting out its 24 hours. */
  pendingRaise: z.object({ limit: penceSchema.nullable(), from: z.date() }).nullable(),
  breakUntil: z.date().nullable(),
  breakPermanent: z.boolean(),
  updatedAt: z.date(),
});
export type Protection = z.infer<typeof protectionSchema>;

export const DEFAULT_PROTECTION: Protection = {
  monthlyLimit: null,
  limitChosenAt: null,
  pendingRaise: null,
  breakUntil: null,
  breakPermanent: false,
  updatedAt: new Date(0),
};

/** The limit in force at `now`: a pending raise counts once its 24 hours have passed. */
export function effectiveLimit(protection: Protection, now: Date): number | null {
  const raise = protection.pendingRaise;
  if (raise && raise.from.getTime() <= now.getTime()) return raise.limit;
  return protection.monthlyLimit;
}

/** Whether `next` is higher than `current`; null (no limit) is the highest of all. */
export function isRaise(current: number | null, next: number | null): boolean {
  if (current === null) return false;
  return next === null || next > current;
}

export function isOnBreak(protection: Protection, now: Date): boolean {
  return (
    protection.breakPermanent ||
    (protection.breakUntil !== null && protection.breakUntil.getTime() > now.getTime())
  );
}

/** The end of a break of `period` starting now; a break only ever gets longer. */
export function breakEnd(period: PlayBreakPeriod, now: Date, current: Date | null): Date | null {
  const { ms, months } = PLAY_BREAKS[period];
  const end =
    months !== undefined
      ? addUkMonths(now, months)
      : ms !== null
        ? new Date(now.getTime() + ms)
        : null;
  if (!end) return null;
  return current && current.getTime() > end.getTime() ? current : end;
}

const ukParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: SITE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  hour: '2-digit',
  hourCycle: 'h23',
});

/** Midnight on the 1st of the current month, UK time. */
export function startOfUkMonth(now: Date): Date {
  const parts = Object.fromEntries(ukParts.formatToParts(now).map((p) => [p.type, p.value]));
  const utcMidnight = Date.UTC(Number(parts.year), Number(parts.month) - 1, 1);
  // The UK is at UTC or one hour ahead: read the hour the UK shows at that UTC midnight.
  const hourThere = Number(
    Object.fromEntries(ukParts.formatToParts(new Date(utcMidnight)).map((p) => [p.type, p.value]))
      .hour,
  );
  return new Date(utcMidnight - hourThere * HOUR);
}

export const PROTECTION_MESSAGES = {
  limitRequired: 'Please set a monthly spending limit before your first purchase.',
  overLimit: (limit: number, left: number) =>
    `This would take you over your monthly spending limit of ${formatPence(limit)}. You can spend ${formatPence(left)} more this month.`,
  onBreak: (until: Date) =>
    `You are taking a break from play until ${formatLongDateTime(until)}. Checkout is unavailable until then.`,
  onPermanentBreak:
    'You have closed your account to play. Please contact support if you need help.',
  dateOfBirthRequired: 'Please add your date of birth to your profile before entering.',
  underAge: 'You must be 18 or over to enter.',
  creditCardCap: `Credit card payments are limited to ${formatPence(CREDIT_CARD_MONTHLY_CAP_PENCE)} a month. Please pay with a debit card.`,
  limitLowered: 'Your new limit applies now.',
  limitRaised: (from: Date) =>
    `Your higher limit applies from ${formatLongDateTime(from)} (a raise takes 24 hours).`,
  breakStarted: (until: Date | null) =>
    until
      ? `Your break has started and lasts until ${formatLongDateTime(until)}.`
      : 'Your account is now closed to play.',
  /** Responsible Play when the customer's limits could not be read: nothing else is shown. */
  loadFailed: 'Your limits and breaks could not be loaded. Please reload the page to try again.',
} as const;
