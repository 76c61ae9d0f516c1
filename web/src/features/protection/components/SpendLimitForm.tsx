import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { PROTECTION_MESSAGES, penceToPoundsText, spendLimitFormSchema } from '@rafflewin/domain';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { call } from '@/lib/callables';
import { toUserMessage } from '@/lib/errors';
import { useZodForm } from '@/hooks/useZodForm';

/**
 * Choose a monthly spending limit (£0 upwards) or no limit. Lowering applies at once; a raise
 * applies after 24 hours (the server decides and says which).
 */
export function SpendLimitForm({
  current,
  onSaved,
  onTry,
  submitLabel = 'Save my limit',
}: {
  current: number | null;
  onSaved: (message: string) => void;
  /** Each time the form is sent: what an earlier try said no longer stands. */
  onTry?: () => void;
  submitLabel?: string;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    control,
    watch,
    handleSubmit,
    field,
    formState: { isSubmitting },
  } = useZodForm(spendLimitFormSchema, {
    noLimit: false,
    amount: current === null ? '' : penceToPoundsText(current),
  });
  const noLimit = watch('noLimit');

  const submit = handleSubmit(async (input) => {
    setFailure(null);
    onTry?.();
    try {
      const saved = await call('setSpendLimit', input);
      // Worded here, in the zone the page shows dates in (the server words it in UK time).
      onSaved(
        saved.pendingFrom
          ? PROTECTION_MESSAGES.limitRaised(new Date(saved.pendingFrom))
          : saved.message,
      );
    } catch (error) {
      setFailure(toUserMessage(error));
    }
  });

  return (
    <Stack component="form" spacing={2} onSubmit={(event) => void submit(event)} noValidate>
      {failure && <Alert severity="error">{failure}</Alert>}
      <TextField
        label="Monthly spending limit"
        inputMode="decimal"
        disabled={noLimit}
        {...field('amount', 'The most you can spend on tickets each month.')}
        slotProps={{
          input: { startAdornment: <InputAdornment position="start">£</InputAdornment> },
        }}
      />
      <Controller
        name="noLimit"
        control={control}
        render={({ field }) => (
          <FormControlLabel
            control={
              <Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />
            }
            label="I don't want a limit"
          />
        )}
      />
      <Button type="submit" variant="contained" disabled={isSubmitting}>
        {isSubmitting ? 'Saving…' : submitLabel}
      </Button>
    </Stack>
  );
}
