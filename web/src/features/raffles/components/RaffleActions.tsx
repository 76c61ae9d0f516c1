import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import {
  RAFFLE_CLOSED_TEXTS,
  QUANTITY_ERROR_MS,
  addableTickets,
  hasEnded,
  isSoldOut,
  ticketsGoingIn,
  type Raffle,
  offersNumberPicking,
} from '@rafflewin/domain';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { BundleChoices } from '@/components/BundleChoices';
import { QuantityStepper } from '@/components/QuantityStepper';
import { authPath } from '@/config/paths';
import { addFailureMessage, useCart } from '@/hooks/useCart';
import { useOnline } from '@/hooks/useOnline';
import { useSession } from '@/hooks/useSession';
import { lazyExport } from '@/lib/lazyExport';
import type { Adding } from './NumberPickerDialog';

// Loaded when a shopper opens it: how to enter, by post too.
const HowToEnterDialog = lazyExport(() => import('./HowToEnterDialog'), 'HowToEnterDialog');
// Loaded when a customer adds tickets: the skill question, then what the cart now holds.
const AnswerDialog = lazyExport(() => import('./AnswerDialog'), 'AnswerDialog');
const AddedToCartDialog = lazyExport(() => import('./AddedToCartDialog'), 'AddedToCartDialog');
// Loaded when a shopper opens it: the board, its live reads and the lucky dip.
const NumberPickerDialog = lazyExport(() => import('./NumberPickerDialog'), 'NumberPickerDialog');

/**
 * The card's quantity selector (with the raffle's bundles, if any) and primary button, with
 * every label. `now` comes from the card, which refreshes it when the raffle changes state, and
 * so does `owned`.
 */
export function RaffleActions({
  raffle,
  now,
  owned,
}: {
  raffle: Raffle;
  now: Date;
  /** Tickets the customer already owns in this raffle. */
  owned: number;
}) {
  const { user, status } = useSession();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const cart = useCart();
  const online = useOnline();
  const [quantity, setQuantity] = useState(1);
  const [asking, setAsking] = useState<Adding | null>(null);
  const [picking, setPicking] = useState(false);
  const [added, setAdded] = useState<number | null>(null);
  const [explaining, setExplaining] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(errorTimer.current), []);

  const inCart = cart.items.find((item) => item.raffleId === raffle.id)?.quantity ?? 0;
  // The per-user limit counts tickets already owned and already in the cart.
  const allowed = addableTickets(raffle, owned, inCart);
  const free = raffle.ticketPrice === 0;
  // A giveaway is one entry per person, kept against an account: a visitor signs in first,
  // and comes back here. Paid raffles go in a guest's cart, to sign in at checkout.
  const guestGiveaway = free && !user && status === 'success';

  const label = hasEnded(raffle, now)
    ? 'Raffle Ended'
    : isSoldOut(raffle)
      ? 'Sold Out'
      : !online
        ? 'Connection Error'
        : allowed === 0
          ? 'Limit Reached'
          : guestGiveaway
            ? 'Login to Enter'
            : free
              ? 'Enter Giveaway'
              : 'Add to Cart';
  const enabled = label === 'Enter Giveaway' || label === 'Add to Cart';

  // Each error stands its full time: an earlier one's timer must not take a later one away.
  const showError = (message: string) => {
    clearTimeout(errorTimer.current);
    setError(message);
    errorTimer.current = setTimeout(() => setError(null), QUANTITY_ERROR_MS);
  };

  // Checked again when the tickets go in: the raffle may have ended or sold out, or the limit
  // been reached in another tab, while the question or the board was open.
  const addNow = async ({ wanted, then }: Adding) => {
    const going = ticketsGoingIn(raffle, allowed, wanted, new Date());
    if (going.refused) {
      showError(RAFFLE_CLOSED_TEXTS[going.refused]);
      setPicking(false);
      return;
    }
    if (going.notice) showError(going.notice);
    try {
      const quantityAdded = going.quantity;
      await cart.add(raffle.id, quantityAdded);
      then?.();
      setAdded(quantityAdded);
      setQuantity(1);
    } catch (error) {
      showError(addFailureMessage(error));
    }
    setPicking(false);
  };

  // Guests fill a cart in this browser and sign in at checkout, where a paid raffle's skill
  // question is asked (its questions are for signed-in customers to read).
  const enter = (adding: Adding) => {
    if (free || !user) void addNow(adding);
    else setAsking(adding);
  };

  return (
    <Stack spacing={1}>
      {!online && (
        <Alert severity="error" sx={{ py: 0 }}>
          Connection error. Please check your internet connection.
        </Alert>
      )}
      {!free && enabled && (
        <QuantityStepper value={quantity} max={allowed} onChange={setQuantity} />
      )}
      {/* Rendered with the card, not loaded after it: the chips wrap with the card's width, so
          no room kept for them could match, and the card grew under what followed it. */}
      {!free && enabled && raffle.bundles.length > 0 && (
        <BundleChoices raffle={raffle} quantity={quantity} max={allowed} onChoose={setQuantity} />
      )}
      {error && (
        <Alert severity="warning" sx={{ py: 0 }}>
          {error}
        </Alert>
      )}
      {/* A button, not a second "Login" link beside the bar's. */}
      <Button
        variant="contained"
        onClick={() =>
          label === 'Login to Enter'
            ? void navigate(authPath(`${pathname}${search}`))
            : enter({ wanted: free ? 1 : quantity })
        }
        disabled={!enabled && label !== 'Login to Enter'}
        fullWidth
      >
        {label}
      </Button>
      {offersNumberPicking(raffle) && enabled && !free && (
        <Button variant="outlined" onClick={() => setPicking(true)} fullWidth>
          Pick Your Numbers
        </Button>
      )}
      {picking && (
        <Suspense fallback={null}>
          <NumberPickerDialog
            raffle={raffle}
            allowed={allowed}
            onAdd={enter}
            onClose={() => setPicking(false)}
          />
        </Suspense>
      )}
      {asking && (
        <Suspense fallback={null}>
          <AnswerDialog
            raffleId={raffle.id}
            raffleName={raffle.name}
            onClose={() => setAsking(null)}
            onAnswered={() => {
              setAsking(null);
              void addNow(asking);
            }}
          />
        </Suspense>
      )}
      <Button size="small" onClick={() => setExplaining(true)}>
        How to Enter
      </Button>
      {explaining && (
        <Suspense fallback={null}>
          <HowToEnterDialog raffle={raffle} onClose={() => setExplaining(false)} />
        </Suspense>
      )}
      {added !== null && (
        <Suspense fallback={null}>
          <AddedToCartDialog raffle={raffle} quantity={added} onClose={() => setAdded(null)} />
        </Suspense>
      )}
    </Stack>
  );
}
