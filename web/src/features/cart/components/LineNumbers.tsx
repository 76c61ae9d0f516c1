import Typography from '@mui/material/Typography';
import { pickedNumbersText } from '@rafflewin/domain';

/** A cart line's picked numbers, and how many more of its tickets the server lucky-dips. */
export function LineNumbers({ picks, quantity }: { picks: number[]; quantity: number }) {
  const dipped = quantity - picks.length;
  return (
    <Typography variant="body2" data-testid="line-numbers">
      {`${pickedNumbersText(picks)}${dipped > 0 ? ` + ${dipped} by lucky dip` : ''}`}
    </Typography>
  );
}
