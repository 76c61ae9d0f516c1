import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  DEFAULT_SLIDE_BUTTON_TEXT,
  RAFFLE_CATEGORY_LABELS,
  RAFFLE_MESSAGES,
  carouselLinkForRaffle,
  formatNumericDateTime,
  type Raffle,
  type SaveCarouselSlideInput,
} from '@rafflewin/domain';
import { useId, useState } from 'react';
import { ImagePreview } from '../../images/components/ImageUrlField';
import { useSlideRaffles } from '../api/useSlideRaffles';

/** A new slide featuring a raffle, its button linking to the raffle on its listing page. */
export function slideFromRaffle(raffle: Raffle): SaveCarouselSlideInput {
  return {
    slideId: null,
    title: raffle.name,
    description: raffle.description,
    imageUrl: raffle.imageUrl,
    category: raffle.category,
    buttonText: DEFAULT_SLIDE_BUTTON_TEXT,
    buttonLink: carouselLinkForRaffle(raffle),
    isActive: true,
  };
}

/** Add from Raffles: pick an active, open raffle to fill a new slide, searching the shop. */
export function RafflePickerDialog({
  onPick,
  onClose,
}: {
  onPick: (raffle: Raffle) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const [text, setText] = useState('');
  const { status, raffles } = useSlideRaffles(text);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Add from Raffles</DialogTitle>
      <DialogContent>
        <TextField
          label="Search raffles"
          value={text}
          onChange={(event) => setText(event.target.value)}
          fullWidth
          margin="dense"
          helperText="Words of the raffle's name; the soonest ending are listed until you type"
        />
        {status === 'loading' && <CircularProgress aria-label="Loading raffles" />}
        {status === 'error' && <Alert severity="error">{RAFFLE_MESSAGES.fetchFailed}</Alert>}
        {status === 'success' && raffles.length === 0 && (
          <Typography color="text.secondary">
            {text.trim() ? 'No open raffles match.' : 'No active raffles are open right now.'}
          </Typography>
        )}
        <List>
          {raffles.map((raffle) => (
            <ListItem
              key={raffle.id}
              divider
              data-testid="slide-raffle"
              secondaryAction={
                <Button
                  variant="outlined"
                  aria-label={`Use ${raffle.name}`}
                  onClick={() => onPick(raffle)}
                >
                  Use
                </Button>
              }
            >
              <Stack direction="row" spacing={2} alignItems="center" sx={{ pr: 8 }}>
                <ImagePreview url={raffle.imageUrl} alt="" width={56} />
                <ListItemText
                  primary={raffle.name}
                  secondary={`${RAFFLE_CATEGORY_LABELS[raffle.category]} · ends ${formatNumericDateTime(raffle.endDate)}`}
                />
              </Stack>
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
