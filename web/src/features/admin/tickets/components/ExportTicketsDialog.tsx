import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { TICKET_ADMIN_MESSAGES } from '@rafflewin/domain';
import { useId, useState } from 'react';
import { FormDialog } from '@/components/FormDialog';
import {
  exportFileName,
  exportText,
  readRaffleTickets,
  type ExportFormat,
} from '../api/exportTickets';
import { useRaffleChoices } from '../api/useRaffleChoices';

function download(text: string, fileName: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Export one raffle's tickets, with customers' names and e-mails, as CSV or JSON. */
export function ExportTicketsDialog({
  onClose,
  onExported,
}: {
  onClose: () => void;
  onExported: (message: string) => void;
}) {
  const raffles = useRaffleChoices();
  const formatLabel = useId();
  const [raffleId, setRaffleId] = useState('');
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const run = async () => {
    setFailure(null);
    const raffle = raffles.find((r) => r.id === raffleId);
    if (!raffle) {
      setFailure(TICKET_ADMIN_MESSAGES.exportSelectRaffle);
      return;
    }
    setBusy(true);
    try {
      const rows = await readRaffleTickets(raffle.id);
      if (rows.length === 0) {
        setFailure(TICKET_ADMIN_MESSAGES.exportNone);
        return;
      }
      const text = await exportText(rows, format);
      download(
        text,
        exportFileName(raffle, format, new Date()),
        format === 'csv' ? 'text/csv;charset=utf-8' : 'application/json',
      );
      onExported(`Exported ${rows.length} ${rows.length === 1 ? 'ticket' : 'tickets'}`);
    } catch {
      setFailure(TICKET_ADMIN_MESSAGES.exportFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      title="Export Tickets"
      submitLabel="Export"
      busy={busy}
      error={null}
      onSubmit={(event) => {
        event.preventDefault();
        void run();
      }}
      onClose={onClose}
    >
      {failure && <Alert severity="warning">{failure}</Alert>}
      <TextField
        select
        label="Raffle"
        value={raffleId}
        onChange={(event) => setRaffleId(event.target.value)}
      >
        <MenuItem value="" disabled>
          Select a raffle
        </MenuItem>
        {raffles.map((raffle) => (
          <MenuItem key={raffle.id} value={raffle.id}>
            {raffle.name}
          </MenuItem>
        ))}
      </TextField>
      <div>
        <FormLabel id={formatLabel}>Format</FormLabel>
        <RadioGroup
          row
          aria-labelledby={formatLabel}
          value={format}
          onChange={(event) => setFormat(event.target.value as ExportFormat)}
        >
          <FormControlLabel value="csv" control={<Radio />} label="CSV" />
          <FormControlLabel value="json" control={<Radio />} label="JSON" />
        </RadioGroup>
      </div>
    </FormDialog>
  );
}
