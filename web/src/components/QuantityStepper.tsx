import Add from '@mui/icons-material/Add';
import Remove from '@mui/icons-material/Remove';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** "Tickets − n +": how many tickets to add, from 1 to `max`. */
export function QuantityStepper({
  value,
  max,
  onChange,
}: {
  value: number;
  max: number;
  onChange: (quantity: number) => void;
}) {
  return (
    <Stack direction="row" alignItems="center" spacing={1}>
      <Typography variant="body2">Tickets</Typography>
      <IconButton
        size="small"
        aria-label="Fewer tickets"
        onClick={() => onChange(Math.max(1, value - 1))}
        disabled={value <= 1}
      >
        <Remove fontSize="small" />
      </IconButton>
      <Typography
        aria-live="polite"
        data-testid="quantity"
        sx={{ minWidth: 24, textAlign: 'center' }}
      >
        {value}
      </Typography>
      <IconButton
        size="small"
        aria-label="More tickets"
        onClick={() => onChange(Math.min(max, value + 1))}
        disabled={value >= max}
      >
        <Add fontSize="small" />
      </IconButton>
    </Stack>
  );
}
