import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  fromUkDateTimeText,
  POSTAL_ADDRESS_PLACEHOLDER,
  DEFAULT_ONLINE_ENTRY_TEXT,
  DEFAULT_POSTAL_ENTRY_TEXT,
  DEFAULT_MAX_TICKETS_PER_USER,
  FREE_RAFFLE_MAX_TICKETS_PER_USER,
  NEW_RAFFLE_DEFAULTS,
  RAFFLE_MESSAGES,
  defaultRaffleDates,
  penceToPoundsText,
  raffleFormSchema,
  raffleSavedMessage,
  toUkDateTimeText,
  ticketsTaken,
  type Raffle,
  type RaffleFormValues,
} from '@rafflewin/domain';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { FormDialog } from '@/components/FormDialog';
import { call } from '@/lib/callables';
import { toUserMessage } from '@/lib/errors';
import { useZodForm } from '@/hooks/useZodForm';
import { useAdminAccess } from '../../access/components/AdminAccess';
import { CategoryControl, CheckboxControl, ImageUrlControl } from '../../forms/raffleFields';
import { RaffleBundleFields } from './RaffleBundleFields';

function initialValues(raffle: Raffle | null, now: Date): RaffleFormValues {
  if (raffle) {
    return {
      raffleId: raffle.id,
      name: raffle.name,
      description: raffle.description,
      imageUrl: raffle.imageUrl,
      category: raffle.category,
      ticketPrice: penceToPoundsText(raffle.ticketPrice),
      maxTickets: String(raffle.maxTickets),
      maxTicketsPerUser: String(raffle.maxTicketsPerUser),
      startDate: toUkDateTimeText(raffle.startDate),
      endDate: toUkDateTimeText(raffle.endDate),
      onlineEntryText: raffle.onlineEntryText,
      postalEntryText: raffle.postalEntryText,
      closeOnSellOut: raffle.closeOnSellOut,
      numberPicking: raffle.numberPicking,
      bundles: raffle.bundles.map((bundle) => ({
        tickets: String(bundle.tickets),
        price: penceToPoundsText(bundle.price),
      })),
      // The version the form shows: a save over a later change is refused, not applied.
      seenUpdatedAt: raffle.updatedAt?.getTime() ?? null,
    };
  }
  const { startDate, endDate } = defaultRaffleDates(now);
  return {
    raffleId: null,
    name: '',
    description: '',
    imageUrl: '',
    category: NEW_RAFFLE_DEFAULTS.category,
    ticketPrice: penceToPoundsText(NEW_RAFFLE_DEFAULTS.ticketPrice),
    maxTickets: String(NEW_RAFFLE_DEFAULTS.maxTickets),
    maxTicketsPerUser: String(NEW_RAFFLE_DEFAULTS.maxTicketsPerUser),
    startDate: toUkDateTimeText(startDate),
    endDate: toUkDateTimeText(endDate),
    onlineEntryText: DEFAULT_ONLINE_ENTRY_TEXT,
    postalEntryText: DEFAULT_POSTAL_ENTRY_TEXT,
    closeOnSellOut: false,
    numberPicking: false,
    bundles: [],
  };
}

/**
 * New Raffle / Edit Raffle: one form in create or edit mode, validated
 * with the same schema as the `saveRaffle` callable. Free raffles are forced to a price of 0,
 * one ticket per user and no bundles. Prices are typed in pounds and sent as pence.
 */
export function RaffleFormDialog({
  raffle,
  onClose,
  onSaved,
}: {
  raffle: Raffle | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const { reportError } = useAdminAccess();
  const [now] = useState(() => new Date());
  const defaults = useMemo(() => initialValues(raffle, now), [raffle, now]);
  // An existing raffle may keep a start in the past; only a new start must be today or later.
  // Read as UK time, as the form reads it: the computer's own zone may be another.
  const keptStart = raffle ? (fromUkDateTimeText(defaults.startDate)?.toISOString() ?? null) : null;
  const schema = useMemo(() => raffleFormSchema(now, keptStart), [now, keptStart]);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    control,
    handleSubmit,
    setValue,
    field,
    formState: { errors, isSubmitting },
  } = useZodForm(schema, defaults);
  const category = useWatch({ control, name: 'category' });
  const isFree = category === 'free';

  // Free raffles take 1 ticket per user, others 10: a switch to Free sets 1 (and no price or
  // bundles), a switch away from it puts back 10. A raffle opened as paid keeps its own limit.
  const wasFree = useRef(isFree);
  useEffect(() => {
    const leftFree = wasFree.current && !isFree;
    wasFree.current = isFree;
    if (leftFree) setValue('maxTicketsPerUser', String(DEFAULT_MAX_TICKETS_PER_USER));
    if (!isFree) return;
    setValue('ticketPrice', penceToPoundsText(0));
    setValue('maxTicketsPerUser', String(FREE_RAFFLE_MAX_TICKETS_PER_USER));
    setValue('bundles', []);
  }, [isFree, setValue]);

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      // The server says whether a new raffle went live, or why it stays off.
      onSaved(raffleSavedMessage(await call('saveRaffle', values)));
    } catch (error) {
      if (reportError(error)) return;
      setFailure(
        toUserMessage(error, raffle ? RAFFLE_MESSAGES.saveFailed : RAFFLE_MESSAGES.createFailed),
      );
    }
  });

  const taken = raffle ? ticketsTaken(raffle) : 0;

  return (
    <FormDialog
      title={raffle ? 'Edit Raffle' : 'New Raffle'}
      submitLabel={raffle ? 'Save Changes' : 'Create Raffle'}
      busy={isSubmitting}
      error={failure}
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
    >
      {taken > 0 && (
        <Alert severity="info">
          {taken} tickets are sold or reserved: the closing date can only move earlier, and the
          maximum cannot go below {taken}.
        </Alert>
      )}
      <TextField label="Name" required {...field('name')} />
      <TextField label="Description" multiline minRows={2} {...field('description')} />
      <ImageUrlControl control={control} errors={errors} />
      <CategoryControl control={control} errors={errors} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label="Ticket price (£)"
          type="number"
          required
          // Read-only rather than disabled, so the forced value is still submitted and checked.
          slotProps={{
            htmlInput: {
              step: 0.01,
              min: isFree ? 0 : 0.01,
              inputMode: 'decimal',
              readOnly: isFree,
            },
          }}
          {...field('ticketPrice')}
          helperText={
            errors.ticketPrice?.message ?? (isFree ? 'Free raffles cost nothing' : undefined)
          }
          fullWidth
        />
        <TextField
          label="Maximum tickets"
          type="number"
          required
          slotProps={{ htmlInput: { step: 1, min: 1 } }}
          {...field('maxTickets')}
          fullWidth
        />
        <TextField
          label="Maximum tickets per user"
          type="number"
          required
          slotProps={{ htmlInput: { step: 1, min: 1, readOnly: isFree } }}
          {...field('maxTicketsPerUser')}
          helperText={
            errors.maxTicketsPerUser?.message ?? (isFree ? 'One ticket per user' : undefined)
          }
          fullWidth
        />
      </Stack>
      <RaffleBundleFields control={control} field={field} isFree={isFree} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label="Start date/time (UK time)"
          type="datetime-local"
          required
          slotProps={{ inputLabel: { shrink: true } }}
          {...field('startDate')}
          fullWidth
        />
        <TextField
          label="End date/time (UK time)"
          type="datetime-local"
          required
          slotProps={{ inputLabel: { shrink: true } }}
          {...field('endDate')}
          fullWidth
        />
      </Stack>
      <TextField
        label="Online entry text"
        required
        multiline
        minRows={2}
        {...field('onlineEntryText')}
      />
      <TextField
        label="Postal entry text"
        required
        multiline
        minRows={3}
        {...field(
          'postalEntryText',
          `${POSTAL_ADDRESS_PLACEHOLDER} shows the postal entry address from Site Settings.`,
        )}
      />
      <CheckboxControl
        control={control}
        name="closeOnSellOut"
        label="Close and draw as soon as every ticket is sold"
      />
      <CheckboxControl
        control={control}
        name="numberPicking"
        label="Let shoppers pick their numbers"
        refusedBecause={
          raffle?.instantPrizes.length && !raffle.numberPicking
            ? RAFFLE_MESSAGES.pickingWithInstantPrizes
            : undefined
        }
      />
    </FormDialog>
  );
}
