import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  MAX_CART_LINE_QUANTITY,
  MAX_LUCKY_DIP,
  PICK_MESSAGES,
  boardPageCount,
  boardPageOf,
  formatCount,
  pickedNumbersText,
  type Raffle,
} from '@rafflewin/domain';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { PagerButtons } from '@/components/PagerButtons';
import { QuantityStepper } from '@/components/QuantityStepper';
import { useAction } from '@/hooks/useAction';
import { useCart } from '@/hooks/useCart';
import { call } from '@/lib/callables';
import { picksFor, savePicks } from '@/lib/picks';
import { useBoardPage } from '../api/useBoardPage';
import { NumberBoard } from './NumberBoard';

/** The space the board takes while a page loads (ten rows of numbers). */
const BOARD_HEIGHT = 360;

/** Tickets to add, and what to do once they are in the cart (RaffleActions adds them). */
export interface Adding {
  wanted: number;
  then?: () => void;
}

/**
 * Pick Your Numbers: the raffle's number board a page of numbers at a time (live: numbers
 * others hold or own cannot be chosen), a search for one number, and lucky dips drawn by the
 * server from the free numbers, leaving out those already chosen; Re-roll draws the last dip
 * again. At most `allowed` numbers (fewer if the cart line would overflow). "Add n to Cart"
 * hands the tickets to the card, which asks the skill question first, and keeps the numbers on
 * this device for checkout.
 */
export function NumberPickerDialog({
  raffle,
  allowed,
  onAdd,
  onClose,
}: {
  raffle: Raffle;
  allowed: number;
  onAdd: (adding: Adding) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const cart = useCart();
  const inCartQuantity = cart.items.find((item) => item.raffleId === raffle.id)?.quantity ?? 0;
  // Numbers already in the cart's line are not chosen again, nor dipped.
  const inCart = useMemo(
    () => picksFor(raffle.id).slice(0, inCartQuantity),
    [raffle.id, inCartQuantity],
  );
  const most = Math.max(0, Math.min(allowed, MAX_CART_LINE_QUANTITY - inCartQuantity));
  const [page, setPage] = useState(0);
  const board = useBoardPage(raffle.id, raffle.maxTickets, page);
  const [picked, setPicked] = useState<number[]>([]);
  const [dip, setDip] = useState<{ numbers: number[]; quantity: number } | null>(null);
  const [dipQuantity, setDipQuantity] = useState(1);
  const [search, setSearch] = useState('');
  const [searchError, setSearchError] = useState<string | null>(null);
  const [found, setFound] = useState<{ number: number } | null>(null);
  const dipping = useAction();

  const chosen = [...picked, ...(dip?.numbers ?? [])];
  const room = most - chosen.length;
  const dipMax = Math.max(1, Math.min(room, MAX_LUCKY_DIP));
  const dipCount = Math.min(dipQuantity, dipMax);
  const rerollCount = dip ? Math.min(dip.quantity, most - picked.length) : 0;
  const pages = boardPageCount(raffle.maxTickets);

  const toggle = (n: number) => {
    if (dipping.busy) return;
    if (picked.includes(n)) setPicked(picked.filter((p) => p !== n));
    else if (dip?.numbers.includes(n))
      setDip({ ...dip, numbers: dip.numbers.filter((p) => p !== n) });
    else if (room > 0) setPicked([...picked, n]);
  };

  const draw = async (quantity: number, kept: number[]) =>
    (
      await dipping.run(() =>
        call('luckyDip', { raffleId: raffle.id, quantity, keep: [...inCart, ...kept] }),
      )
    )?.numbers;

  // A new dip keeps the last one; a re-roll replaces it.
  const dipMore = async () => {
    const numbers = await draw(dipCount, chosen);
    if (!numbers) return;
    setPicked(chosen);
    setDip({ numbers, quantity: dipCount });
  };
  const reroll = async () => {
    const numbers = await draw(rerollCount, picked);
    if (numbers) setDip({ numbers, quantity: rerollCount });
  };

  const find = (event: FormEvent) => {
    event.preventDefault();
    const n = Number(search.trim());
    if (!/^\d+$/.test(search.trim()) || n < 1 || n > raffle.maxTickets) {
      setSearchError(PICK_MESSAGES.searchInvalid(raffle.maxTickets));
      return;
    }
    setSearchError(null);
    setPage(boardPageOf(n));
    setFound({ number: n });
  };

  const pager = {
    page,
    hasNext: page < pages - 1,
    next: () => setPage(page + 1),
    previous: () => setPage(page - 1),
    status: board.status,
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>Pick your numbers – {raffle.name}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {room > 0 ? (
            <Typography variant="body2">{PICK_MESSAGES.chooseUpTo(most)}</Typography>
          ) : (
            <Alert severity="info">{PICK_MESSAGES.mostChosen(most)}</Alert>
          )}
          <Stack
            component="form"
            onSubmit={find}
            noValidate
            direction="row"
            spacing={1}
            alignItems="flex-start"
          >
            <TextField
              label="Find a number"
              size="small"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              error={searchError !== null}
              helperText={searchError}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
            <Button type="submit" variant="outlined">
              Find
            </Button>
          </Stack>
          <Typography fontWeight={600} aria-live="polite" data-testid="board-range">
            Numbers {formatCount(board.from)}–{formatCount(board.to)} of{' '}
            {formatCount(raffle.maxTickets)}
          </Typography>
          {board.status === 'error' && (
            <Alert severity="error">Failed to load the numbers. Please try again.</Alert>
          )}
          {board.status === 'success' ? (
            <NumberBoard
              from={board.from}
              states={board.states}
              chosen={new Set(chosen)}
              inCart={new Set(inCart)}
              found={found}
              onToggle={toggle}
            />
          ) : (
            board.status === 'loading' && (
              <Stack alignItems="center" justifyContent="center" sx={{ minHeight: BOARD_HEIGHT }}>
                <CircularProgress aria-label="Loading the numbers" />
              </Stack>
            )
          )}
          <PagerButtons label="Number board" pager={pager} pages={pages} />
          <Stack direction="row" spacing={2} alignItems="center" useFlexGap flexWrap="wrap">
            <QuantityStepper value={dipCount} max={dipMax} onChange={setDipQuantity} />
            <Button
              variant="outlined"
              onClick={() => void dipMore()}
              disabled={dipping.busy || room === 0}
            >
              Lucky dip
            </Button>
            {dip && (
              <Button onClick={() => void reroll()} disabled={dipping.busy || rerollCount === 0}>
                Re-roll
              </Button>
            )}
          </Stack>
          {dipping.error && <Alert severity="error">{dipping.error}</Alert>}
          <Typography aria-live="polite" data-testid="chosen-numbers">
            {chosen.length > 0 ? pickedNumbersText(chosen) : 'No numbers chosen yet'}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={chosen.length === 0}
          onClick={() =>
            onAdd({
              wanted: chosen.length,
              then: () => savePicks(raffle.id, [...inCart, ...chosen]),
            })
          }
        >
          Add {chosen.length} to Cart
        </Button>
      </DialogActions>
    </Dialog>
  );
}
