import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { TICKET_ADMIN_MESSAGES, type RaffleSearchEntry } from '@rafflewin/domain';
import { useId, useState } from 'react';
import { FormDialog } from '@/components/FormDialog';
import { useAction } from '@/hooks/useAction';
import {
  exportFileName,
  exportText,
  readRaffleTickets,
  type ExportFormat,
} from '../api/exportTickets';
import { RaffleSearchField } from '../../forms/RaffleSearchField';

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
  const formatLabel = useId();
  const [raffle, setRaffle] = useState<RaffleSearchEntry | null>(null);
  const [format, setFormat] = useState<ExportFormat>('csv');
  const {
    busy,
    error: failure,
    setError: setFailure,
    run: attempt,
  } = useAction(() => TICKET_ADMIN_MESSAGES.exportFailed);

  const run = async () => {
    if (!raffle) {
      setFailure(TICKET_ADMIN_MESSAGES.exportSelectRaffle);
      return;
    }
    await attempt(async () => {
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
    });
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
      <RaffleSearchField value={raffle} onChange={setRaffle} />
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
