import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  INSTANT_WIN_LIMITS,
  INSTANT_WIN_MESSAGES,
  instantPrizeSchema,
  penceToPoundsText,
  poundsText,
  saveInstantPrizesInput,
  type InstantPrize,
  type Raffle,
} from '@rafflewin/domain';
import { useEffect, useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { z } from 'zod';
import { FormDialog } from '@/components/FormDialog';
import { useLoaded } from '@/hooks/useLoaded';
import { useZodForm } from '@/hooks/useZodForm';
import { call } from '@/lib/callables';
import { useAdminAccess } from '../../access/components/AdminAccess';
import { RemovableRow } from '../../forms/RemovableRow';
import { loadInstantPrizes } from '../api/loadInstantPrizes';

/**
 * The form: each prize's ticket number and cash alternative as typed (pounds, blank for none),
 * then the callable's own schema, so the form refuses what `saveInstantPrizes` refuses (a
 * number twice among them) in the same words.
 */
const instantPrizesFormSchema = z
  .object({
    raffleId: z.string(),
    prizes: z.array(
      z.object({
        ticketNumber: z
          .string()
          .trim()
          .transform((text) => (/^\d+$/.test(text) ? Number(text) : Number.NaN))
          .pipe(instantPrizeSchema.shape.ticketNumber),
        name: instantPrizeSchema.shape.name,
        cashAlternative: poundsText(INSTANT_WIN_MESSAGES.cashInvalid)
          .transform((pence) => pence ?? 0)
          .pipe(instantPrizeSchema.shape.cashAlternative),
      }),
    ),
  })
  .pipe(saveInstantPrizesInput);
const rowOf = (prize: InstantPrize) => ({
  ticketNumber: String(prize.ticketNumber),
  name: prize.name,
  cashAlternative: penceToPoundsText(prize.cashAlternative),
});
const EMPTY_ROW = { ticketNumber: '', name: '', cashAlternative: '' };

/**
 * Manage Raffles → Instant Prizes: the raffle's secret list (ticket number, prize, cash
 * alternative) loaded from `raffleSecrets`, edited and saved whole; the server refuses it once
 * a ticket is sold or held, and answers the fingerprint it published.
 */
export function InstantPrizesDialog({ raffle, onClose }: { raffle: Raffle; onClose: () => void }) {
  const { reportError } = useAdminAccess();
  const saved = useLoaded(() => loadInstantPrizes(raffle.id), [raffle.id]);
  const [commitment, setCommitment] = useState<string | null | undefined>(undefined);
  // The raffle's version the list was opened on, then each save's: a save over a change made
  // since (another administrator's list, an edit) is refused, not applied.
  const [seenUpdatedAt, setSeenUpdatedAt] = useState(raffle.updatedAt?.getTime() ?? null);
  const { control, field, reset, busy, failure, submitWith } = useZodForm(instantPrizesFormSchema, {
    raffleId: raffle.id,
    prizes: [],
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'prizes' });

  useEffect(() => {
    if (saved.value) reset({ raffleId: raffle.id, prizes: saved.value.map(rowOf) });
  }, [saved.value, raffle.id, reset]);

  const submit = submitWith(
    async (values) => {
      setCommitment(undefined);
      const saved = await call('saveInstantPrizes', { ...values, seenUpdatedAt });
      setSeenUpdatedAt(saved.updatedAt);
      setCommitment(saved.commitment);
    },
    INSTANT_WIN_MESSAGES.saveFailed,
    (error) => reportError(error),
  );
  const loading = saved.value === undefined && !saved.error;
  const taken = raffle.soldTickets + raffle.reservedTickets > 0;

  return (
    <FormDialog
      title={`Instant Prizes – ${raffle.name}`}
      submitLabel="Save Instant Prizes"
      busy={busy}
      ready={saved.value !== undefined}
      error={failure ?? (saved.error ? INSTANT_WIN_MESSAGES.loadFailed : null)}
      onSubmit={submit}
      onClose={onClose}
    >
      <Typography>{INSTANT_WIN_MESSAGES.explain}</Typography>
      {taken && <Alert severity="warning">{INSTANT_WIN_MESSAGES.fixedOnceSold}</Alert>}
      {raffle.numberPicking && (
        <Alert severity="warning">{INSTANT_WIN_MESSAGES.notWithPicking}</Alert>
      )}
      {commitment !== undefined && (
        <Alert severity="success" data-testid="instant-prizes-saved">
          {INSTANT_WIN_MESSAGES.saved}.{' '}
          {commitment ? (
            <>
              Fingerprint published:{' '}
              <Box component="code" sx={{ wordBreak: 'break-all' }} data-testid="commitment">
                {commitment}
              </Box>
            </>
          ) : (
            'This raffle has no instant prizes now.'
          )}
        </Alert>
      )}
      {loading && <CircularProgress size={24} aria-label="Loading the instant prizes" />}
      {fields.map((row, index) => {
        const number = index + 1;
        return (
          <RemovableRow
            key={row.id}
            label={`Prize ${number}`}
            removeLabel={`Remove prize ${number}`}
            onRemove={() => remove(index)}
          >
            <Stack spacing={2} sx={{ flex: 1 }}>
              <Typography variant="subtitle2" component="h3">
                Prize {number}
              </Typography>
              <TextField
                label="Prize"
                required
                fullWidth
                slotProps={{ htmlInput: { maxLength: INSTANT_WIN_LIMITS.nameMax } }}
                {...field(`prizes.${index}.name`)}
              />
              <Stack direction="row" spacing={2}>
                <TextField
                  label="Ticket number"
                  required
                  fullWidth
                  inputMode="numeric"
                  {...field(`prizes.${index}.ticketNumber`)}
                />
                <TextField
                  label="Cash alternative (£)"
                  fullWidth
                  inputMode="decimal"
                  placeholder="0.00"
                  {...field(`prizes.${index}.cashAlternative`, 'Blank: none')}
                />
              </Stack>
            </Stack>
          </RemovableRow>
        );
      })}
      {!loading && fields.length === 0 && (
        <Typography color="text.secondary">No instant prizes.</Typography>
      )}
      <Button
        startIcon={<Add />}
        onClick={() => append(EMPTY_ROW)}
        disabled={loading || raffle.numberPicking || fields.length >= INSTANT_WIN_LIMITS.maxPrizes}
        sx={{ alignSelf: 'flex-start' }}
      >
        Add prize
      </Button>
    </FormDialog>
  );
}
