import Add from '@mui/icons-material/Add';
import Edit from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  PROMO_LIMITS,
  PROMO_MESSAGES,
  formatNumericDateTime,
  normalisePromoCode,
  formatPence,
  promoBenefit,
  type PromoCode,
} from '@rafflewin/domain';
import { useEffect, useState } from 'react';
import { DataTable } from '@/components/DataTable';
import { FlashMessage } from '@/components/FlashMessage';
import { PageHeading } from '@/components/PageTitle';
import { useFlashOrFailure } from '@/hooks/useFlashOrFailure';
import { call } from '@/lib/callables';
import { useAdminAccess } from '../../access/components/AdminAccess';
import { PROMO_CODES_LIMIT, usePromoCodes } from '../api/usePromoCodes';
import { PromoCodeFormDialog } from './PromoCodeFormDialog';

/** "3 / 10", or "3 / unlimited". */
const usesText = (code: PromoCode) => `${code.uses} / ${code.maxUses ?? 'unlimited'}`;

const rafflesText = (code: PromoCode) => {
  const count = code.raffleIds.length;
  if (count === 0) return 'All raffles';
  return `${count} ${count === 1 ? 'raffle' : 'raffles'}`;
};

/** When it may be used, in UK time: "Always", "From …", "Until …" or "… – …". */
const validText = ({ startsAt, endsAt }: PromoCode) => {
  if (startsAt && endsAt) {
    return `${formatNumericDateTime(startsAt)} – ${formatNumericDateTime(endsAt)}`;
  }
  if (startsAt) return `From ${formatNumericDateTime(startsAt)}`;
  if (endsAt) return `Until ${formatNumericDateTime(endsAt)}`;
  return 'Always';
};

/** The dialog's state: closed, a new code, or an existing one. */
type Editing = { code: PromoCode | null } | null;

/**
 * Promo Codes: every code with what it gives, how often it was used, its limits and when it is
 * valid; switched on and off in the list; New Promo Code and Edit open the same form.
 */
export function PromoCodesAdmin() {
  const { reportError, describeFailure } = useAdminAccess();
  const [search, setSearch] = useState('');
  const { status, data: codes, error } = usePromoCodes(search);
  const searched = normalisePromoCode(search);
  const [editing, setEditing] = useState<Editing>(null);
  const { flash, failure, busy, attempt, succeed, dismissFlash } = useFlashOrFailure();

  useEffect(() => {
    if (error) reportError(error);
  }, [error, reportError]);

  const toggle = (code: PromoCode) =>
    attempt(() => call('setPromoCodeActive', { code: code.id, active: !code.active }), {
      busy: code.id,
      success: code.active ? PROMO_MESSAGES.deactivated : PROMO_MESSAGES.activated,
      failure: describeFailure(PROMO_MESSAGES.saveFailed),
    });

  return (
    <Stack spacing={3}>
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
        <Stack sx={{ flexGrow: 1 }}>
          <PageHeading title="Promo Codes" variant="h4" />
        </Stack>
        <Button variant="contained" startIcon={<Add />} onClick={() => setEditing({ code: null })}>
          New Promo Code
        </Button>
      </Stack>
      <Typography color="text.secondary">
        Customers enter a code at checkout. A code takes a percentage or an amount off the raffles
        it applies to, or adds bonus tickets; a switched-off code reads as not valid.
      </Typography>
      <TextField
        label="Find a code"
        value={search}
        onChange={(event) => setSearch(event.target.value.toUpperCase())}
        helperText="The codes beginning with what you type, older ones too"
        sx={{ maxWidth: 360 }}
        slotProps={{ htmlInput: { maxLength: PROMO_LIMITS.codeMax } }}
      />
      {failure && <Alert severity="error">{failure}</Alert>}
      {status === 'error' && <Alert severity="error">{PROMO_MESSAGES.loadFailed}</Alert>}
      {status === 'loading' && codes.length === 0 && (
        <CircularProgress aria-label="Loading promo codes" sx={{ alignSelf: 'center' }} />
      )}
      {status === 'success' && codes.length === 0 && (
        <Typography color="text.secondary">
          {searched ? `No promo code begins with ${searched}.` : 'No promo codes yet.'}
        </Typography>
      )}
      {codes.length > 0 && (
        <DataTable
          label="Promo codes"
          columns={[
            'Code',
            'Offer',
            'Uses',
            'Per customer',
            'Minimum spend',
            'Raffles',
            'Valid',
            'Active',
            { label: 'Actions', align: 'right' },
          ]}
        >
          {codes.map((code) => (
            <TableRow key={code.id} data-testid="promo-code-row">
              <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                {code.id}
              </TableCell>
              <TableCell>{promoBenefit(code.kind, code.value)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{usesText(code)}</TableCell>
              <TableCell>{code.maxUsesPerCustomer}</TableCell>
              <TableCell>{code.minSpend === 0 ? 'None' : formatPence(code.minSpend)}</TableCell>
              <TableCell>{rafflesText(code)}</TableCell>
              <TableCell>{validText(code)}</TableCell>
              <TableCell>
                <FormControlLabel
                  control={
                    <Switch
                      checked={code.active}
                      disabled={busy === code.id}
                      onChange={() => void toggle(code)}
                      slotProps={{ input: { 'aria-label': `Active ${code.id}` } }}
                    />
                  }
                  label={code.active ? 'On' : 'Off'}
                />
              </TableCell>
              <TableCell align="right">
                <IconButton aria-label={`Edit ${code.id}`} onClick={() => setEditing({ code })}>
                  <Edit />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
        </DataTable>
      )}
      {codes.length >= PROMO_CODES_LIMIT && (
        <Typography variant="body2" color="text.secondary">
          {searched
            ? `Showing the first ${PROMO_CODES_LIMIT} codes beginning with ${searched}: type more of the code.`
            : `Showing the newest ${PROMO_CODES_LIMIT} codes: find an older one by its code.`}
        </Typography>
      )}
      {editing && (
        <PromoCodeFormDialog
          code={editing.code}
          onClose={() => setEditing(null)}
          onSaved={(message) => {
            setEditing(null);
            succeed(message);
          }}
        />
      )}
      <FlashMessage message={flash} onClose={dismissFlash} />
    </Stack>
  );
}
