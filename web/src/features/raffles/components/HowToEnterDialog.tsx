import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { formatPence, postalEntryTextWith, type Raffle } from '@rafflewin/domain';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { useSiteSettings } from '@/hooks/useSiteSettings';

/**
 * How to Enter: the raffle's online and postal entry texts, with equal prominence. Prices
 * differ per raffle, so this shows the raffle's own price, never one fixed figure that could
 * be wrong. The postal entry text names the postal entry address of Site Settings.
 */
export function HowToEnterDialog({ raffle, onClose }: { raffle: Raffle; onClose: () => void }) {
  const free = raffle.ticketPrice === 0;
  const { settings } = useSiteSettings();
  return (
    <Dialog open onClose={onClose} aria-labelledby="how-to-enter-title" fullWidth maxWidth="sm">
      <DialogTitle id="how-to-enter-title">How to Enter</DialogTitle>
      <DialogContent>
        <Typography variant="subtitle1" component="h3" fontWeight={700}>
          Online entry
        </Typography>
        <Typography gutterBottom>
          {free ? 'Free: one entry per person.' : `${formatPence(raffle.ticketPrice)} per ticket.`}{' '}
          {raffle.onlineEntryText}
        </Typography>
        <Typography variant="subtitle1" component="h3" fontWeight={700} sx={{ mt: 2 }}>
          Free postal entry
        </Typography>
        <Typography gutterBottom>
          {postalEntryTextWith(raffle.postalEntryText, settings)}
        </Typography>
        <Link component={RouterLink} to={`${paths.terms}#postal-entry`} onClick={onClose}>
          Read the postal entry terms
        </Link>
        <Typography variant="subtitle1" component="h3" fontWeight={700} sx={{ mt: 2 }}>
          The draw
        </Typography>
        <Typography gutterBottom>
          Paid and free postal entries go into the same draw with the same chance. The winner is
          drawn automatically after the close by a published, verifiable method.
        </Typography>
        <Link component={RouterLink} to={paths.draw(raffle.id)} onClick={onClose}>
          See how this raffle is drawn
        </Link>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
