import {
  hasEnded,
  isSoldOut,
  ticketsLeft,
  type Raffle,
  type RaffleSearchEntry,
  type TicketCounts,
} from '@rafflewin/domain';
import { useState } from 'react';
import { useNow } from '@/hooks/useNow';
import { RaffleSearchField } from './RaffleSearchField';

/**
 * Why a raffle cannot take entries now, or null when it can: a listed one (its search entry's
 * sold-out flag) or the picked one, read in full.
 */
export function closedReason(
  raffle: Pick<Raffle, 'active' | 'startDate' | 'endDate'> &
    (Pick<RaffleSearchEntry, 'soldOut'> | TicketCounts),
  now: Date,
): string | null {
  if (!raffle.active) return 'switched off';
  if (hasEnded(raffle, now)) return 'ended';
  if (raffle.startDate.getTime() > now.getTime()) return 'not started';
  if ('soldOut' in raffle ? raffle.soldOut : isSoldOut(raffle)) return 'sold out';
  return null;
}

/**
 * A raffle taking entries, found anywhere in the shop by words of its name: switched-off,
 * ended, not-yet-open and sold-out raffles are listed but disabled; the picked one says what it
 * has left.
 */
export function RaffleSelect({
  value,
  raffle,
  onChange,
  error,
}: {
  value: string;
  /** The picked raffle, read live (useRaffle), so what it has left is current. */
  raffle: Raffle | undefined;
  onChange: (raffleId: string) => void;
  error?: string;
}) {
  const now = useNow(60_000);
  const [closingFrom] = useState(() => new Date());
  const [picked, setPicked] = useState<RaffleSearchEntry | null>(null);
  const reason = raffle ? closedReason(raffle, now) : null;
  return (
    <RaffleSearchField
      // A reset form (no raffle) shows no pick.
      value={value ? picked : null}
      onChange={(entry) => {
        setPicked(entry);
        onChange(entry?.id ?? '');
      }}
      required
      closingFrom={closingFrom}
      closedReason={(entry) => closedReason(entry, now)}
      error={error ?? (reason ? `This raffle is ${reason}` : undefined)}
      helperText={raffle && !reason ? `${ticketsLeft(raffle)} tickets left` : undefined}
    />
  );
}
