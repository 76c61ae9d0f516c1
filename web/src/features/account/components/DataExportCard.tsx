import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { ACCOUNT_MESSAGES } from '@rafflewin/domain';
import { useState } from 'react';
import {
  collectAccountData,
  downloadFile,
  exportFileName,
  toCsv,
  toJson,
  type ExportFormat,
} from '../api/exportAccountData';
import { AccountCard } from './AccountCard';

/**
 * Data export: what the shop keeps about the customer (exportAccountData), built in the
 * browser as CSV or JSON, named with today's ISO date.
 */
export function DataExportCard({ uid }: { uid: string }) {
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const exportAs = async (format: ExportFormat) => {
    setBusy(format);
    setFailure(null);
    try {
      const data = await collectAccountData(uid);
      const content = format === 'csv' ? await toCsv(data) : toJson(data);
      downloadFile(
        exportFileName(format, data.exportedAt),
        content,
        format === 'csv' ? 'text/csv;charset=utf-8' : 'application/json',
      );
    } catch {
      setFailure(ACCOUNT_MESSAGES.exportFailed);
    } finally {
      setBusy(null);
    }
  };

  return (
    <AccountCard
      title="Export Your Data"
      description="Download a copy of your profile, settings, play controls, tickets, orders, saved raffles, saved cards (brand and last four digits only), notifications and support conversations."
    >
      {failure && <Alert severity="error">{failure}</Alert>}
      <Stack direction="row" spacing={1.5} useFlexGap flexWrap="wrap">
        <Button variant="outlined" onClick={() => void exportAs('csv')} disabled={busy !== null}>
          {busy === 'csv' ? 'Preparing…' : 'Export as CSV'}
        </Button>
        <Button variant="outlined" onClick={() => void exportAs('json')} disabled={busy !== null}>
          {busy === 'json' ? 'Preparing…' : 'Export as JSON'}
        </Button>
      </Stack>
    </AccountCard>
  );
}
