import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  PROMO_KINDS,
  PROMO_KIND_LABELS,
  PROMO_MESSAGES,
  PROMO_VALUE_LABELS,
  penceToPoundsText,
  promoCodeFormSchema,
  promoValueText,
  toUkDateTimeText,
  type PromoCode,
  type PromoCodeFormValues,
  type PromoKind,
} from '@rafflewin/domain';
import type { ChangeEvent } from 'react';
import { Controller } from 'react-hook-form';
import { FormDialog } from '@/components/FormDialog';
import { useZodForm } from '@/hooks/useZodForm';
import { call } from '@/lib/callables';
import { useAdminAccess } from '../../access/components/AdminAccess';
import { PromoRafflesField } from './PromoRafflesField';

/** A new code: 10% off, once per customer, no minimum spend, every raffle, switched on. */
function initialValues(code: PromoCode | null): PromoCodeFormValues {
  return {
    create: code === null,
    code: code?.id ?? '',
    kind: code?.kind ?? 'percent',
    value: code ? promoValueText(code.kind, code.value) : '',
    startsAt: code?.startsAt ? toUkDateTimeText(code.startsAt) : '',
    endsAt: code?.endsAt ? toUkDateTimeText(code.endsAt) : '',
    maxUses: code?.maxUses == null ? '' : String(code.maxUses),
    maxUsesPerCustomer: String(code?.maxUsesPerCustomer ?? 1),
    minSpend: penceToPoundsText(code?.minSpend ?? 0),
    raffleIds: code?.raffleIds ?? [],
    active: code?.active ?? true,
  };
}

/** What is typed in the code field, put in capitals where the caret is. */
function inCapitals(event: ChangeEvent<HTMLInputElement>) {
  const input = event.target;
  const { selectionStart, selectionEnd } = input;
  input.value = input.value.toUpperCase();
  input.setSelectionRange(selectionStart, selectionEnd);
}

/** New Promo Code / Edit Promo Code: one form in create mode (`code` null) or edit mode. */
export function PromoCodeFormDialog({
  code,
  onClose,
  onSaved,
}: {
  code: PromoCode | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const { reportError } = useAdminAccess();
  const { control, field, watch, busy, failure, submitWith } = useZodForm(
    promoCodeFormSchema,
    initialValues(code),
  );
  const kind = watch('kind');
  const codeField = field(
    'code',
    code ? 'A code cannot be renamed' : 'Letters, digits and hyphens',
  );

  const submit = submitWith(
    async (values) => {
      // An edit says which version it was made on: one saved meanwhile is not undone.
      await call('savePromoCode', {
        ...values,
        ...(code ? { seenUpdatedAt: code.updatedAt.getTime() } : {}),
      });
      onSaved(code ? PROMO_MESSAGES.updated : PROMO_MESSAGES.created);
    },
    PROMO_MESSAGES.saveFailed,
    (error) => reportError(error),
  );

  return (
    <FormDialog
      title={code ? 'Edit Promo Code' : 'New Promo Code'}
      submitLabel={code ? 'Save Changes' : 'Create Promo Code'}
      busy={busy}
      error={failure}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        label="Code"
        required
        autoComplete="off"
        {...codeField}
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          inCapitals(event);
          void codeField.onChange(event);
        }}
        slotProps={{ htmlInput: { readOnly: code !== null } }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Controller
          name="kind"
          control={control}
          render={({ field: { value, onChange } }) => (
            <TextField
              select
              label="Type"
              required
              fullWidth
              value={value}
              onChange={(event) => onChange(event.target.value as PromoKind)}
            >
              {PROMO_KINDS.map((option) => (
                <MenuItem key={option} value={option}>
                  {PROMO_KIND_LABELS[option]}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <TextField
          label={PROMO_VALUE_LABELS[kind]}
          required
          fullWidth
          inputMode={kind === 'amount' ? 'decimal' : 'numeric'}
          placeholder={kind === 'amount' ? '0.00' : undefined}
          {...field('value')}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label="Starts (UK time)"
          type="datetime-local"
          fullWidth
          slotProps={{ inputLabel: { shrink: true } }}
          {...field('startsAt', 'Optional: blank starts now')}
        />
        <TextField
          label="Ends (UK time)"
          type="datetime-local"
          fullWidth
          slotProps={{ inputLabel: { shrink: true } }}
          {...field('endsAt', 'Optional: blank never ends')}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label="Total uses"
          fullWidth
          inputMode="numeric"
          {...field('maxUses', 'Blank: unlimited')}
        />
        <TextField
          label="Uses per customer"
          required
          fullWidth
          inputMode="numeric"
          {...field('maxUsesPerCustomer')}
        />
      </Stack>
      <TextField
        label="Minimum spend (£)"
        inputMode="decimal"
        placeholder="0.00"
        {...field('minSpend', 'On the raffles it applies to; 0 for none')}
      />
      <Controller
        name="raffleIds"
        control={control}
        render={({ field: { value, onChange }, fieldState: { error } }) => (
          <PromoRafflesField value={value} onChange={onChange} error={error?.message} />
        )}
      />
      <Controller
        name="active"
        control={control}
        render={({ field: { value, onChange } }) => (
          <FormControlLabel
            control={
              <Checkbox checked={value} onChange={(event) => onChange(event.target.checked)} />
            }
            label="Active"
          />
        )}
      />
    </FormDialog>
  );
}
