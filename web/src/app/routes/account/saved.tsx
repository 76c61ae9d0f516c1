import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  ACCOUNT_MESSAGES,
  ENDED_RAFFLE_MESSAGE_MS,
  RAFFLE_CLOSED_TEXTS,
  SAVED_RAFFLES_PAGE_SIZE,
  addableTickets,
  ticketsGoingIn,
  type Raffle,
} from '@rafflewin/domain';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageTitle } from '@/components/PageTitle';
import { paths } from '@/config/paths';
import { useSavedRaffles } from '@/features/account/api/useSavedRaffles';
import { SavedRaffleCard } from '@/features/account/components/SavedRaffleCard';
import { AddedToCartDialog } from '@/features/raffles/components/AddedToCartDialog';
import { AnswerDialog } from '@/features/raffles/components/AnswerDialog';
import { addFailureMessage, useCart } from '@/hooks/useCart';
import { useOwnedTickets } from '@/hooks/useOwnedTickets';
import { useRaffle } from '@/hooks/useRaffle';
import { useSession } from '@/hooks/useSession';

interface Entering {
  raffle: Raffle;
  quantity: number;
}

/** An add to go in: the raffle and the customer's allowance as they are at that moment. */
interface Adding extends Entering {
  allowed: number;
}

/**
 * A saved raffle's skill question. Its answer adds the tickets with the raffle and the
 * allowance as they are then, read live here: the raffle may end or sell out, or the allowance
 * fill in another tab, while the question is open, and the raffle's card may by then have left
 * the page (an ended raffle's does, after 3 seconds).
 */
function SavedRaffleQuestion({
  uid,
  entering,
  onClose,
  onAnswered,
}: {
  uid: string;
  entering: Entering;
  onClose: () => void;
  onAnswered: (adding: Adding) => void;
}) {
  const cart = useCart();
  const { data: live } = useRaffle(entering.raffle.id);
  const { owned } = useOwnedTickets(entering.raffle.id, uid);
  const raffle = live ?? entering.raffle;
  const inCart = cart.items.find((item) => item.raffleId === raffle.id)?.quantity ?? 0;
  const allowed = addableTickets(raffle, owned, inCart);
  return (
    <AnswerDialog
      raffleId={raffle.id}
      raffleName={raffle.name}
      onClose={onClose}
      onAnswered={() => onAnswered({ raffle, quantity: entering.quantity, allowed })}
    />
  );
}

/** What the page says after an add: a refusal or a notice for 3 seconds, a failure until the next. */
interface Said {
  text: string;
  severity: 'warning' | 'error';
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
  const [said, setSaid] = useState<Said | null>(null);
  const saidTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(saidTimer.current), []);

  const say = (text: string, severity: Said['severity']) => {
    clearTimeout(saidTimer.current);
    setSaid({ text, severity });
    if (severity === 'warning') {
      saidTimer.current = setTimeout(() => setSaid(null), ENDED_RAFFLE_MESSAGE_MS);
    }
  };

  // Checked again as the tickets go in, as the raffle cards do (ticketsGoingIn).
  const addToCart = async ({ raffle, quantity, allowed }: Adding) => {
    clearTimeout(saidTimer.current);
    setSaid(null);
    const going = ticketsGoingIn(raffle, allowed, quantity, new Date());
    if (going.refused) {
      say(
        going.refused === 'ended'
          ? ACCOUNT_MESSAGES.raffleEnded
          : RAFFLE_CLOSED_TEXTS[going.refused],
        'warning',
      );
      return;
    }
    if (going.notice) say(going.notice, 'warning');
    try {
      await cart.add(raffle.id, going.quantity);
      setAdded({ raffle, quantity: going.quantity });
    } catch (error) {
      say(addFailureMessage(error), 'error');
    }
  };

  const enter = (raffle: Raffle, quantity: number, allowed: number) => {
    if (raffle.ticketPrice === 0) void addToCart({ raffle, quantity, allowed });
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
      {said && <Alert severity={said.severity}>{said.text}</Alert>}
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
        <SavedRaffleQuestion
          uid={uid}
          entering={asking}
          onClose={() => setAsking(null)}
          onAnswered={(adding) => {
            setAsking(null);
            void addToCart(adding);
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
