import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardMedia from '@mui/material/CardMedia';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  ACCOUNT_MESSAGES,
  ENDED_RAFFLE_MESSAGE_MS,
  RAFFLE_CATEGORY_LABELS,
  addableTickets,
  formatLongDate,
  formatPriceOrFree,
  hasEnded,
  hasStarted,
  isSoldOut,
  type Raffle,
  type SavedRaffle,
} from '@rafflewin/domain';
import { useEffect, useRef, useState } from 'react';
import { BundleChoices } from '@/components/BundleChoices';
import { QuantityStepper } from '@/components/QuantityStepper';
import { useCart } from '@/hooks/useCart';
import { useClockAt } from '@/hooks/useClockAt';
import { useImageOrPlaceholder } from '@/hooks/useImageOrPlaceholder';
import { useOwnedTickets } from '@/hooks/useOwnedTickets';
import { removeSavedRaffle } from '../api/removeSavedRaffle';
import { useRaffle } from '@/hooks/useRaffle';

function Unavailable({ uid, saved }: { uid: string; saved: SavedRaffle }) {
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <Card data-testid="saved-raffle" sx={{ height: '100%' }}>
      <CardContent>
        <Stack spacing={1.5}>
          <Typography>This raffle is no longer available.</Typography>
          {failure && <Alert severity="error">{failure}</Alert>}
          <Button
            color="error"
            onClick={() =>
              void removeSavedRaffle(uid, saved.raffleId).catch(() =>
                setFailure(ACCOUNT_MESSAGES.removeSavedFailed),
              )
            }
          >
            Remove
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

function SavedCard({
  uid,
  raffle,
  onEnter,
}: {
  uid: string;
  raffle: Raffle;
  onEnter: (raffle: Raffle, quantity: number, allowed: number) => void;
}) {
  const cart = useCart();
  const { owned } = useOwnedTickets(raffle.id, uid);
  const now = useClockAt([raffle.startDate.getTime(), raffle.endDate.getTime()]);
  const inCart = cart.items.find((item) => item.raffleId === raffle.id)?.quantity ?? 0;
  const allowed = addableTickets(raffle, owned, inCart);
  const free = raffle.ticketPrice === 0;
  const [quantity, setQuantity] = useState(1);
  const [message, setMessage] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  const image = useImageOrPlaceholder(raffle.imageUrl);
  const shown = Math.max(1, Math.min(quantity, allowed));

  const flash = (text: string) => {
    setMessage(text);
    setTimeout(() => setMessage(null), ENDED_RAFFLE_MESSAGE_MS);
  };

  // A raffle that ends while the page is open says so for 3 seconds, then leaves the list.
  const endedNow = hasEnded(raffle, now);
  useEffect(() => {
    if (!endedNow) return undefined;
    setMessage(ACCOUNT_MESSAGES.raffleEnded);
    const timer = setTimeout(() => {
      removeSavedRaffle(uid, raffle.id).catch(() => setMessage(ACCOUNT_MESSAGES.removeSavedFailed));
    }, ENDED_RAFFLE_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [endedNow, uid, raffle.id]);

  const enter = () => {
    if (hasEnded(raffle, new Date())) {
      flash(ACCOUNT_MESSAGES.raffleEnded);
      return;
    }
    onEnter(raffle, free ? 1 : shown, allowed);
    setQuantity(1);
  };

  const remove = async () => {
    setRemoving(true);
    try {
      await removeSavedRaffle(uid, raffle.id);
    } catch {
      setRemoving(false);
      flash(ACCOUNT_MESSAGES.removeSavedFailed);
    }
  };

  const label = endedNow
    ? 'Raffle Ended'
    : !hasStarted(raffle, now)
      ? 'Coming Soon'
      : isSoldOut(raffle)
        ? 'Sold Out'
        : allowed === 0
          ? 'Limit Reached'
          : free
            ? 'Enter Giveaway'
            : 'Add to Cart';
  const canEnter = label === 'Add to Cart' || label === 'Enter Giveaway';

  return (
    <Card
      component="article"
      aria-labelledby={`saved-${raffle.id}-name`}
      data-testid="saved-raffle"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardMedia
        component="img"
        image={image.src}
        alt={raffle.name}
        onError={image.onError}
        sx={{ aspectRatio: '16 / 10', objectFit: 'cover' }}
        width={800}
        height={500}
      />
      <CardContent sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Typography variant="caption" color="text.secondary">
          {RAFFLE_CATEGORY_LABELS[raffle.category]}
        </Typography>
        <Typography id={`saved-${raffle.id}-name`} variant="h6" component="h2">
          {raffle.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Draw date: {formatLongDate(raffle.endDate)}
        </Typography>
        <Typography variant="body2" data-testid="saved-allowance">
          {formatPriceOrFree(raffle.ticketPrice)} per ticket ·{' '}
          {allowed === 0 ? 'no more tickets for you' : `you can add up to ${allowed}`}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        {message && (
          <Alert severity="warning" sx={{ py: 0 }}>
            {message}
          </Alert>
        )}
        {canEnter && !free && (
          <QuantityStepper value={shown} max={allowed} onChange={setQuantity} />
        )}
        {canEnter && !free && raffle.bundles.length > 0 && (
          <BundleChoices raffle={raffle} quantity={shown} max={allowed} onChoose={setQuantity} />
        )}
        <Stack direction="row" spacing={1}>
          <Button variant="contained" onClick={enter} disabled={!canEnter} sx={{ flexGrow: 1 }}>
            {label}
          </Button>
          <Button
            color="error"
            onClick={() => void remove()}
            disabled={removing}
            aria-label={`Remove ${raffle.name} from saved raffles`}
          >
            Remove
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

/**
 * A saved raffle, read live. Raffles that have ended are removed from the saved list as soon as
 * they load; raffles the shop took down show as unavailable with Remove.
 */
export function SavedRaffleCard({
  uid,
  saved,
  onEnter,
}: {
  uid: string;
  saved: SavedRaffle;
  onEnter: (raffle: Raffle, quantity: number, allowed: number) => void;
}) {
  const { status, data: raffle } = useRaffle(saved.raffleId);
  // Whether the raffle had already ended when it first loaded (decided once).
  const endedOnLoad = useRef<boolean | null>(null);
  if (raffle && endedOnLoad.current === null) endedOnLoad.current = hasEnded(raffle, new Date());
  const ended = endedOnLoad.current === true;

  useEffect(() => {
    if (ended) removeSavedRaffle(uid, saved.raffleId).catch(() => undefined);
  }, [ended, uid, saved.raffleId]);

  if (status === 'loading') return <Skeleton variant="rounded" height={360} />;
  // A cancelled raffle can still be read (its draw page says so), but not entered.
  if (status === 'error' || !raffle?.active) return <Unavailable uid={uid} saved={saved} />;
  if (ended) return null;
  return <SavedCard uid={uid} raffle={raffle} onEnter={onEnter} />;
}
