import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatPriceOrFree, isAvailable, type Raffle } from '@rafflewin/domain';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { categoryPaths, paths } from '@/config/paths';
import { useLiveRaffles } from '../api/useLiveRaffles';

/** Added to Cart: confirms, and suggests one other live, unsold raffle at random. */
export function AddedToCartDialog({
  raffle,
  quantity,
  onClose,
}: {
  raffle: Raffle;
  quantity: number;
  onClose: () => void;
}) {
  const { raffles } = useLiveRaffles();
  const [pick] = useState(() => Math.random());
  const suggestion = useMemo(() => {
    const now = new Date();
    const others = raffles.filter((other) => other.id !== raffle.id && isAvailable(other, now));
    return others.length > 0 ? others[Math.floor(pick * others.length)] : undefined;
  }, [raffles, raffle.id, pick]);

  return (
    <Dialog open onClose={onClose} aria-labelledby="added-title" fullWidth maxWidth="xs">
      <DialogTitle id="added-title">Added to Cart</DialogTitle>
      <DialogContent>
        <Typography>
          {quantity} {quantity === 1 ? 'ticket' : 'tickets'} for {raffle.name}.
        </Typography>
        {suggestion && (
          <Paper variant="outlined" sx={{ p: 2, mt: 2 }} data-testid="suggestion">
            <Typography variant="body2" color="text.secondary">
              You might also like
            </Typography>
            <Typography fontWeight={700}>{suggestion.name}</Typography>
            <Typography variant="body2">
              {formatPriceOrFree(suggestion.ticketPrice)} per ticket
            </Typography>
            <Button
              size="small"
              component={RouterLink}
              to={categoryPaths[suggestion.category]}
              state={{ raffleId: suggestion.id }}
              onClick={onClose}
              sx={{ mt: 1 }}
            >
              Take a look
            </Button>
          </Paper>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Continue Shopping</Button>
        <Button variant="contained" component={RouterLink} to={paths.cart}>
          View Cart
        </Button>
      </DialogActions>
    </Dialog>
  );
}
