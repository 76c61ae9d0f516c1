import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { NumberState } from '@rafflewin/domain';
import { useEffect, useRef } from 'react';

/** What a number's button says beyond the number (its title, read as its description). */
const STATE_WORDS: Record<NumberState | 'yours', string> = {
  free: 'free',
  held: 'held',
  taken: 'taken',
  yours: 'in your cart',
};

/** How numbers that cannot be chosen look, besides being disabled. */
const UNAVAILABLE_LOOK = {
  held: { borderStyle: 'dashed' },
  taken: { textDecoration: 'line-through' },
  yours: { bgcolor: 'action.selected' },
} as const;

/**
 * One page of the number board: a button per number, numbered from `from`. Free numbers toggle
 * (`aria-pressed` when chosen); held, taken and those already in the cart cannot be chosen. A
 * chosen number stays toggleable if it is taken meanwhile, so it can be let go. The `found`
 * number is outlined and, once the page has loaded, focused.
 */
export function NumberBoard({
  from,
  states,
  chosen,
  inCart,
  found,
  onToggle,
}: {
  from: number;
  states: NumberState[];
  chosen: ReadonlySet<number>;
  inCart: ReadonlySet<number>;
  found: { number: number } | null;
  onToggle: (ticketNumber: number) => void;
}) {
  const foundButton = useRef<HTMLButtonElement>(null);
  const loaded = states.length > 0;
  useEffect(() => {
    if (found && loaded) foundButton.current?.focus();
  }, [found, loaded]);

  return (
    <Box
      role="group"
      aria-label="Numbers"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(52px, 1fr))',
        gap: 0.5,
      }}
    >
      {states.map((state, index) => {
        const n = from + index;
        const isChosen = chosen.has(n);
        const shown = inCart.has(n) ? 'yours' : state;
        return (
          <Button
            key={n}
            ref={n === found?.number ? foundButton : undefined}
            size="small"
            variant={isChosen ? 'contained' : 'outlined'}
            // Chosen, but someone else's now: checkout will say so.
            color={isChosen && shown !== 'free' ? 'warning' : 'primary'}
            aria-pressed={isChosen}
            title={
              isChosen
                ? `chosen${shown === 'free' ? '' : `, but now ${STATE_WORDS[shown]}`}`
                : STATE_WORDS[shown]
            }
            disabled={!isChosen && shown !== 'free'}
            onClick={() => onToggle(n)}
            sx={{
              minWidth: 0,
              px: 0,
              ...(shown === 'free' ? {} : UNAVAILABLE_LOOK[shown]),
              ...(n === found?.number && {
                outline: '3px solid',
                outlineColor: 'secondary.main',
                outlineOffset: 1,
              }),
            }}
          >
            {n}
          </Button>
        );
      })}
    </Box>
  );
}
