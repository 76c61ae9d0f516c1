import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { hasEnded, ticketsLeft, type Raffle } from '@rafflewin/domain';
import { useNow } from '@/hooks/useNow';

/** Why a raffle cannot take entries now, or null when it can. */
export function closedReason(raffle: Raffle, now: Date): string | null {
  if (hasEnded(raffle, now)) return 'ended';
  if (raffle.startDate.getTime() > now.getTime()) return 'not started';
  if (ticketsLeft(raffle) === 0) return 'sold out';
  return null;
}

/** A raffle select: sold-out, ended and not-yet-open raffles are listed but disabled. */
export function RaffleSelect({
  raffles,
  value,
  onChange,
  error,
}: {
  raffles: Raffle[];
  value: string;
  onChange: (raffleId: string) => void;
  error?: string;
}) {
  const now = useNow(60_000);
  return (
    <TextField
      select
      label="Raffle"
      required
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error}
    >
      <MenuItem value="" disabled>
        Select a raffle
      </MenuItem>
      {raffles.map((raffle) => {
        const closed = closedReason(raffle, now);
        return (
          <MenuItem key={raffle.id} value={raffle.id} disabled={closed !== null}>
            {raffle.name} — {closed ?? `${ticketsLeft(raffle)} left`}
          </MenuItem>
        );
      })}
    </TextField>
  );
}
