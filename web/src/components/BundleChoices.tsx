import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { bundleLabel, formatPence, type Raffle } from '@rafflewin/domain';
import { raffleLinePrice } from '@/lib/linePrice';

/**
 * A raffle's bundles as choices ("5 for £6.00 (save £1.50)") that set the quantity, and what
 * the chosen quantity costs. Bundles holding more than `max` tickets cannot be chosen.
 */
export function BundleChoices({
  raffle,
  quantity,
  max,
  onChoose,
}: {
  raffle: Pick<Raffle, 'ticketPrice' | 'bundles'>;
  quantity: number;
  max: number;
  onChoose: (quantity: number) => void;
}) {
  const bundles = [...raffle.bundles].sort((a, b) => a.tickets - b.tickets);
  const line = raffleLinePrice(raffle, quantity);
  return (
    <Stack spacing={1}>
      <Stack direction="row" useFlexGap flexWrap="wrap" gap={1} role="group" aria-label="Bundles">
        {bundles.map((bundle) => {
          const chosen = quantity === bundle.tickets;
          const saving = bundle.tickets * raffle.ticketPrice - bundle.price;
          return (
            <Chip
              key={bundle.tickets}
              label={`${bundleLabel(bundle)} (save ${formatPence(saving)})`}
              color={chosen ? 'primary' : 'default'}
              variant={chosen ? 'filled' : 'outlined'}
              aria-pressed={chosen}
              disabled={bundle.tickets > max}
              onClick={() => onChoose(bundle.tickets)}
            />
          );
        })}
      </Stack>
      <Typography variant="body2" fontWeight={600} data-testid="line-price">
        Total: {formatPence(line.total)}
        {line.saving > 0 && ` (save ${formatPence(line.saving)})`}
      </Typography>
    </Stack>
  );
}
