import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  BUNDLE_MESSAGES,
  MAX_BUNDLES,
  type RaffleFormOutput,
  type RaffleFormValues,
} from '@rafflewin/domain';
import { useFieldArray, type Control } from 'react-hook-form';
import type { ZodForm } from '@/hooks/useZodForm';
import { RemovableRow } from '../../forms/RemovableRow';

/**
 * The raffle form's bundles ("5 for £8.00"): up to MAX_BUNDLES rows of tickets and price in
 * pounds, each with its own errors. Free raffles have none.
 */
export function RaffleBundleFields({
  control,
  field,
  isFree,
}: {
  control: Control<RaffleFormValues, unknown, RaffleFormOutput>;
  field: ZodForm<RaffleFormValues, RaffleFormOutput>['field'];
  isFree: boolean;
}) {
  const { fields, append, remove } = useFieldArray({ control, name: 'bundles' });
  return (
    <Stack spacing={1.5}>
      <div>
        <Typography variant="subtitle1" component="h3">
          Bundles
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {isFree
            ? BUNDLE_MESSAGES.freeNone
            : `Tickets sold together for less, such as 5 for £8.00 (at most ${MAX_BUNDLES}).`}
        </Typography>
      </div>
      {!isFree &&
        fields.map((bundle, index) => {
          const number = index + 1;
          return (
            <RemovableRow
              key={bundle.id}
              removeLabel={`Remove bundle ${number}`}
              onRemove={() => remove(index)}
            >
              <TextField
                label={`Bundle ${number} tickets`}
                type="number"
                required
                slotProps={{ htmlInput: { step: 1, min: 2 } }}
                {...field(`bundles.${index}.tickets`)}
                fullWidth
              />
              <TextField
                label={`Bundle ${number} price (£)`}
                type="number"
                required
                slotProps={{ htmlInput: { step: 0.01, min: 0.01, inputMode: 'decimal' } }}
                {...field(`bundles.${index}.price`)}
                fullWidth
              />
            </RemovableRow>
          );
        })}
      {!isFree && (
        <Button
          startIcon={<Add />}
          onClick={() => append({ tickets: '', price: '' })}
          disabled={fields.length >= MAX_BUNDLES}
          sx={{ alignSelf: 'flex-start' }}
        >
          Add bundle
        </Button>
      )}
    </Stack>
  );
}
