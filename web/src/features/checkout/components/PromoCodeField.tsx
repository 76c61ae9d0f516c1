import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  PROMO_MESSAGES,
  formatPence,
  type CheckPromoCodeOutput,
  type CheckoutLine,
} from '@rafflewin/domain';
import { useState } from 'react';
import { useAction } from '@/hooks/useAction';
import { call } from '@/lib/callables';
import { toUserMessage } from '@/lib/errors';

/**
 * "Promo code" at checkout: Apply asks the server what the code takes off this cart and shows
 * it; the checkout then sends the code with the cart, and the server applies it again when
 * it reserves the tickets (what is shown here is never trusted).
 */
export function PromoCodeField({
  items,
  applied,
  onApplied,
  disabled,
}: {
  items: CheckoutLine[];
  applied: CheckPromoCodeOutput | null;
  onApplied: (promo: CheckPromoCodeOutput | null) => void;
  disabled: boolean;
}) {
  const [code, setCode] = useState(applied?.code ?? '');
  const { busy, error, run } = useAction((caught) =>
    toUserMessage(caught, PROMO_MESSAGES.notValid),
  );

  const apply = async () =>
    onApplied((await run(() => call('checkPromoCode', { code, items }))) ?? null);

  if (applied) {
    const off =
      applied.bonusTickets > 0
        ? applied.benefit
        : `${applied.benefit}: −${formatPence(applied.discount)}`;
    return (
      <Alert
        severity="success"
        action={
          <Button color="inherit" size="small" onClick={() => onApplied(null)} disabled={disabled}>
            Remove
          </Button>
        }
      >
        {PROMO_MESSAGES.applied(applied.code)} ({off})
      </Alert>
    );
  }
  return (
    <Stack
      component="form"
      direction="row"
      spacing={1}
      alignItems="flex-start"
      onSubmit={(event) => {
        event.preventDefault();
        void apply();
      }}
    >
      <TextField
        label="Promo code"
        size="small"
        value={code}
        onChange={(event) => setCode(event.target.value.toUpperCase())}
        error={error !== null}
        helperText={error ?? ' '}
        slotProps={{ htmlInput: { maxLength: 20, autoCapitalize: 'characters' } }}
      />
      <Button type="submit" variant="outlined" disabled={disabled || busy || code.trim() === ''}>
        {busy ? 'Checking…' : 'Apply'}
      </Button>
    </Stack>
  );
}
