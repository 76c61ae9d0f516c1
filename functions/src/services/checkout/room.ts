import {
  ShopError,
  CHECKOUT_MESSAGES,
  PROMO_MESSAGES,
  activeHeld,
  perUserLimit,
  type Holder,
  type PromoOutcome,
  type Raffle,
  type UnavailableBecause,
} from '@rafflewin/domain';

/** Refusals, worded for whoever asks: the customer, or an administrator entering for one. */
export interface ReserveMessages {
  freeOnlyOne: string;
  /** A free raffle's one entry is held by the customer's own unfinished checkout. */
  freeHeld?: string;
  perUserMax: (max: number) => string;
  soldOut: string;
  onlyLeft: (n: number) => string;
}

/**
 * Tickets a checkout line asks for: its own (`quantity`) and a promo code's bonus tickets,
 * which come with it and count like bought ones.
 */
export interface WantedTickets {
  raffle: Pick<Raffle, 'id' | 'category' | 'maxTicketsPerUser'>;
  quantity: number;
  bonus: number;
}

/** A cart line's tickets, with the bonus tickets a promo code's `offer` adds to its raffle. */
export function wantedTickets(
  line: { raffle: WantedTickets['raffle']; quantity: number },
  offer: Pick<PromoOutcome, 'bonusRaffleId' | 'bonusTickets'> | null | undefined,
): WantedTickets {
  const bonus = offer?.bonusRaffleId === line.raffle.id ? offer.bonusTickets : 0;
  return { raffle: line.raffle, quantity: line.quantity, bonus };
}

function unavailable(
  { raffle }: WantedTickets,
  message: string,
  why: UnavailableBecause,
  extra: object = {},
): ShopError {
  return new ShopError('failed-precondition', message, 'raffle-unavailable', {
    raffleId: raffle.id,
    why,
    ...extra,
  });
}

/**
 * Refuses a line whose raffle's pool is closed: a cancellation or a draw closes it, for good.
 * The reason is fulfilment's for the same close.
 */
export function refuseClosed(shards: { closed?: boolean }[], raffleId: string): void {
  if (!shards.some((shard) => shard.closed)) return;
  throw new ShopError('failed-precondition', CHECKOUT_MESSAGES.ended, 'raffle-closed', {
    raffleId,
  });
}

/** `room` more tickets fit: when the line's own would, only the code's bonus is too many. */
export function tooMany(wanted: WantedTickets, room: number, words: string): string {
  return wanted.bonus > 0 && room >= wanted.quantity
    ? PROMO_MESSAGES.bonusDoesNotFit(wanted.bonus, room)
    : words;
}

/**
 * Refuses what would take the customer past the raffle's maximum per person, counting the
 * tickets they own and hold (`holder`), or a second entry to a free raffle.
 */
export function refuseOverPerPerson(
  wanted: WantedTickets,
  holder: Holder,
  now: Date,
  messages: ReserveMessages,
): void {
  const alreadyHeld = holder.owned + activeHeld(holder.holds, now);
  const limit = perUserLimit(wanted.raffle);
  if (wanted.raffle.category === 'free' && alreadyHeld > 0) {
    // Held, not owned: the customer's own checkout has it and may yet lapse.
    const held = holder.owned === 0;
    throw unavailable(
      wanted,
      (held && messages.freeHeld) || messages.freeOnlyOne,
      'free-only-one',
      held ? { held } : {},
    );
  }
  if (alreadyHeld + wanted.quantity + wanted.bonus > limit) {
    throw unavailable(
      wanted,
      tooMany(wanted, limit - alreadyHeld, messages.perUserMax(limit)),
      'per-user-max',
    );
  }
}

/** Refuses more tickets than the raffle's pool has `available`. */
export function refuseOverAvailable(
  wanted: WantedTickets,
  available: number,
  messages: ReserveMessages,
): void {
  if (available >= wanted.quantity + wanted.bonus) return;
  throw available === 0
    ? unavailable(wanted, messages.soldOut, 'sold-out')
    : unavailable(wanted, tooMany(wanted, available, messages.onlyLeft(available)), 'only-left');
}
