import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ACCOUNT_MESSAGES, SAVED_RAFFLES_PAGE_SIZE, type Raffle } from '@rafflewin/domain';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageTitle } from '@/components/PageTitle';
import { paths } from '@/config/paths';
import { useSavedRaffles } from '@/features/account/api/useSavedRaffles';
import { SavedRaffleCard } from '@/features/account/components/SavedRaffleCard';
import { AddedToCartDialog } from '@/features/raffles/components/AddedToCartDialog';
import { AnswerDialog } from '@/features/raffles/components/AnswerDialog';
import { addFailureMessage, useCart } from '@/hooks/useCart';
import { useSession } from '@/hooks/useSession';

interface Entering {
  raffle: Raffle;
  quantity: number;
}

/**
 * Saved Raffles (/account/saved): add to cart within the cart's limits, or remove. Paid raffles
 * ask their skill question first, as on the raffle cards.
 */
export default function SavedPage() {
  const { user } = useSession();
  const uid = user!.uid;
  const cart = useCart();
  const [count, setCount] = useState(SAVED_RAFFLES_PAGE_SIZE);
  const { status, saved, more } = useSavedRaffles(uid, count);
  const [asking, setAsking] = useState<Entering | null>(null);
  const [added, setAdded] = useState<Entering | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const addToCart = async ({ raffle, quantity }: Entering) => {
    setFailure(null);
    try {
      await cart.add(raffle.id, quantity);
      setAdded({ raffle, quantity });
    } catch (error) {
      setFailure(addFailureMessage(error));
    }
  };

  const enter = (raffle: Raffle, quantity: number) => {
    if (raffle.ticketPrice === 0) void addToCart({ raffle, quantity });
    else setAsking({ raffle, quantity });
  };

  return (
    <Stack spacing={3}>
      <PageTitle title="Saved Raffles" />
      <div>
        <Typography variant="h3" component="h1" gutterBottom>
          Saved Raffles
        </Typography>
        <Typography color="text.secondary">
          Raffles you bookmarked. Ended raffles are removed automatically.
        </Typography>
      </div>
      <Stack direction="row" spacing={1.5}>
        <Button component={RouterLink} to={paths.competitions} variant="outlined">
          Browse Competitions
        </Button>
        <Button component={RouterLink} to={paths.charity} variant="outlined">
          Charity Raffles
        </Button>
      </Stack>
      {failure && <Alert severity="error">{failure}</Alert>}
      {status === 'loading' && <CircularProgress aria-label="Loading your saved raffles" />}
      {status === 'error' && <Alert severity="error">{ACCOUNT_MESSAGES.fetchSavedFailed}</Alert>}
      {status === 'success' && saved.length === 0 && (
        <Typography>
          You have no saved raffles. Use the bookmark on a raffle to save it for later.
        </Typography>
      )}
      <Grid container spacing={3}>
        {saved.map((item) => (
          <Grid key={item.id} size={{ xs: 12, sm: 6, md: 4 }}>
            <SavedRaffleCard uid={uid} saved={item} onEnter={enter} />
          </Grid>
        ))}
      </Grid>
      {more && (
        <Button
          variant="outlined"
          onClick={() => setCount((c) => c + SAVED_RAFFLES_PAGE_SIZE)}
          sx={{ alignSelf: 'center' }}
        >
          Show more
        </Button>
      )}
      {asking && (
        <AnswerDialog
          raffleId={asking.raffle.id}
          raffleName={asking.raffle.name}
          onClose={() => setAsking(null)}
          onAnswered={() => {
            const entering = asking;
            setAsking(null);
            void addToCart(entering);
          }}
        />
      )}
      {added && (
        <AddedToCartDialog
          raffle={added.raffle}
          quantity={added.quantity}
          onClose={() => setAdded(null)}
        />
      )}
    </Stack>
  );
}
