import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDateTime, formatPence, type PostalOutcome } from '@rafflewin/domain';
import { DataTable } from '@/components/DataTable';
import { useRecentPostalEntries } from '../api/usePostalEntries';

const OUTCOME_COLOURS: Record<PostalOutcome, 'success' | 'info' | 'warning'> = {
  ticket: 'success',
  credit: 'info',
  refused: 'warning',
};

/** The latest recorded postcards and what became of each. */
export function RecentPostalEntries() {
  const { status, data } = useRecentPostalEntries();
  if (status === 'success' && data.length === 0) {
    return <Typography color="text.secondary">No postal entries recorded yet.</Typography>;
  }
  return (
    <DataTable
      label="Recent postal entries"
      paper={false}
      columns={['Received', 'Entrant', 'Raffle', 'Outcome']}
    >
      {data.map((entry) => (
        <TableRow key={entry.id}>
          <TableCell>{formatDateTime(entry.receivedAt)}</TableCell>
          <TableCell>
            {entry.fullName}
            <Typography variant="body2" color="text.secondary">
              {entry.email}
            </Typography>
          </TableCell>
          <TableCell>{entry.raffleName}</TableCell>
          <TableCell>
            <Chip size="small" color={OUTCOME_COLOURS[entry.outcome]} label={entry.outcome} />{' '}
            {entry.outcome === 'ticket' && `#${entry.ticketNumber}`}
            {entry.outcome === 'credit' && formatPence(entry.creditPence ?? 0)}
            {entry.outcome === 'refused' && entry.reason}
          </TableCell>
        </TableRow>
      ))}
    </DataTable>
  );
}
