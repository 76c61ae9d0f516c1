import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { CARD_MESSAGES, cardFormSchema, type CardFormInput } from '@rafflewin/domain';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

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
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<CardFormInput, unknown, CardDetails>({
    resolver: zodResolver(cardFormSchema),
    defaultValues: { nameOnCard: '', cardNumber: '', expiry: '', securityCode: '' },
  });
  return (
    <Stack
      component="form"
      spacing={2}
      noValidate
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
    >
      <TextField
        label="Name on card"
        autoComplete="cc-name"
        {...register('nameOnCard')}
        error={Boolean(errors.nameOnCard)}
        helperText={errors.nameOnCard?.message}
      />
      <TextField
        label="Card number"
        autoComplete="cc-number"
        inputMode="numeric"
        placeholder="4242 4242 4242 4242"
        {...register('cardNumber')}
        error={Boolean(errors.cardNumber)}
        helperText={errors.cardNumber?.message}
      />
      <Stack direction="row" spacing={2}>
        <TextField
          label="Expiry (MM/YY)"
          autoComplete="cc-exp"
          placeholder="12/34"
          {...register('expiry')}
          error={Boolean(errors.expiry)}
          helperText={errors.expiry?.message}
          fullWidth
        />
        <TextField
          label="Security code"
          autoComplete="cc-csc"
          inputMode="numeric"
          {...register('securityCode')}
          error={Boolean(errors.securityCode)}
          helperText={errors.securityCode?.message ?? CARD_MESSAGES.securityCodeHint}
          fullWidth
        />
      </Stack>
      <Button type="submit" variant="contained" size="large" disabled={disabled || isSubmitting}>
        {isSubmitting ? 'Processing…' : submitLabel}
      </Button>
    </Stack>
  );
}
