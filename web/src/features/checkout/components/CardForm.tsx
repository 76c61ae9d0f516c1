import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { CARD_MESSAGES, cardFormSchema } from '@rafflewin/domain';
import type { z } from 'zod';
import { useZodForm } from '@/hooks/useZodForm';

export type CardDetails = z.output<typeof cardFormSchema>;

/** Name, 16-digit number, MM/YY expiry and security code, validated with the domain schema. */
export function CardForm({
  submitLabel,
  disabled,
  onSubmit,
}: {
  submitLabel: string;
  disabled: boolean;
  onSubmit: (card: CardDetails) => Promise<void>;
}) {
  const {
    handleSubmit,
    field,
    formState: { isSubmitting },
  } = useZodForm(cardFormSchema, { nameOnCard: '', cardNumber: '', expiry: '', securityCode: '' });
  return (
    <Stack
      component="form"
      spacing={2}
      noValidate
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
    >
      <TextField label="Name on card" autoComplete="cc-name" {...field('nameOnCard')} />
      <TextField
        label="Card number"
        autoComplete="cc-number"
        inputMode="numeric"
        placeholder="4242 4242 4242 4242"
        {...field('cardNumber')}
      />
      <Stack direction="row" spacing={2}>
        <TextField
          label="Expiry (MM/YY)"
          autoComplete="cc-exp"
          placeholder="12/34"
          {...field('expiry')}
          fullWidth
        />
        <TextField
          label="Security code"
          autoComplete="cc-csc"
          inputMode="numeric"
          {...field('securityCode', CARD_MESSAGES.securityCodeHint)}
          fullWidth
        />
      </Stack>
      <Button type="submit" variant="contained" size="large" disabled={disabled || isSubmitting}>
        {isSubmitting ? 'Processing…' : submitLabel}
      </Button>
    </Stack>
  );
}
