import Add from '@mui/icons-material/Add';
import Download from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { TICKET_ADMIN_MESSAGES, USER_SEARCH_LIMIT } from '@rafflewin/domain';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { FlashMessage } from '@/components/FlashMessage';
import { PagerButtons } from '@/components/PagerButtons';
import { PageTitle } from '@/components/PageTitle';
import {
  DEFAULT_TICKET_FILTERS,
  useTicketList,
  type TicketFilters,
  type TicketRow,
} from '@/features/admin/tickets/api/useTicketList';
import { AddTicketsDialog } from '@/features/admin/tickets/components/AddTicketsDialog';
import { EditTicketDialog } from '@/features/admin/tickets/components/EditTicketDialog';
import { ExportTicketsDialog } from '@/features/admin/tickets/components/ExportTicketsDialog';
import { TicketFiltersBar } from '@/features/admin/tickets/components/TicketFiltersBar';
import { TicketGroups } from '@/features/admin/tickets/components/TicketGroups';
import { useFlashOrFailure } from '@/hooks/useFlashOrFailure';
import { call } from '@/lib/callables';
import { toUserMessage } from '@/lib/errors';

type Dialog =
  | { kind: 'add' }
  | { kind: 'export' }
  | { kind: 'edit'; ticket: TicketRow }
  | { kind: 'delete'; ticket: TicketRow }
  | null;

/** Manage customer tickets: search, filters, groups per customer, changes. */
export default function Page() {
  const [filters, setFilters] = useState<TicketFilters>(DEFAULT_TICKET_FILTERS);
  const list = useTicketList(filters);
  const [dialog, setDialog] = useState<Dialog>(null);
  const { flash, failure, busy, attempt, succeed, dismissFlash, dismissFailure } =
    useFlashOrFailure();

  const done = (message: string) => {
    setDialog(null);
    succeed(message);
    list.refresh();
  };

  const remove = async (ticket: TicketRow) => {
    const deleted = await attempt(() => call('deleteTicket', { ticketId: ticket.id }), {
      busy: ticket.id,
      success: TICKET_ADMIN_MESSAGES.deleted,
      failure: (caught) => toUserMessage(caught, TICKET_ADMIN_MESSAGES.deleteFailed),
    });
    setDialog(null);
    if (deleted) list.refresh();
  };

  return (
    <Stack spacing={3}>
      <PageTitle title="Manage Tickets" />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        justifyContent="space-between"
        alignItems={{ sm: 'center' }}
      >
        <Typography variant="h4" component="h1">
          Manage Tickets
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button
            variant="contained"
            startIcon={<Add />}
            onClick={() => setDialog({ kind: 'add' })}
          >
            Add Tickets
          </Button>
          <Button
            variant="outlined"
            startIcon={<Download />}
            onClick={() => setDialog({ kind: 'export' })}
          >
            Export
          </Button>
        </Stack>
      </Stack>
      <TicketFiltersBar filters={filters} onChange={setFilters} />
      {failure && (
        <Alert severity="error" onClose={dismissFailure}>
          {failure}
        </Alert>
      )}
      {list.status === 'loading' && <CircularProgress aria-label="Loading tickets" />}
      {list.status === 'error' && (
        <Alert severity="error">
          {list.searchFailed
            ? TICKET_ADMIN_MESSAGES.fetchFailed
            : `Error loading tickets: ${TICKET_ADMIN_MESSAGES.loadFailed}`}
        </Alert>
      )}
      {list.status === 'success' && list.customersCapped && (
        <Alert severity="info">{TICKET_ADMIN_MESSAGES.customersCapped(USER_SEARCH_LIMIT)}</Alert>
      )}
      {list.status === 'success' && list.groups.length === 0 && (
        <Typography>No tickets found.</Typography>
      )}
      {list.status === 'success' && (
        <TicketGroups
          groups={list.groups}
          onEdit={(ticket) => setDialog({ kind: 'edit', ticket })}
          onDelete={(ticket) => setDialog({ kind: 'delete', ticket })}
        />
      )}
      <PagerButtons label="Tickets" pager={list} />
      {dialog?.kind === 'add' && (
        <AddTicketsDialog
          onClose={() => setDialog(null)}
          onAdded={(numbers) =>
            done(
              `${TICKET_ADMIN_MESSAGES.added(numbers.length)}: ${numbers.map((n) => `#${n}`).join(', ')}`,
            )
          }
        />
      )}
      {dialog?.kind === 'export' && (
        <ExportTicketsDialog onClose={() => setDialog(null)} onExported={done} />
      )}
      {dialog?.kind === 'edit' && (
        <EditTicketDialog
          ticket={dialog.ticket}
          onClose={() => {
            setDialog(null);
            // Read the tickets again: a save refused as made on an older version reopens on the latest.
            list.refresh();
          }}
          onSaved={() => done(TICKET_ADMIN_MESSAGES.updated)}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title="Delete ticket"
          message={TICKET_ADMIN_MESSAGES.deleteConfirm}
          busy={busy === dialog.ticket.id}
          onConfirm={() => void remove(dialog.ticket)}
          onCancel={() => setDialog(null)}
        />
      )}
      <FlashMessage message={flash} onClose={dismissFlash} />
    </Stack>
  );
}
