import NotificationsIcon from '@mui/icons-material/Notifications';
import Refresh from '@mui/icons-material/Refresh';
import Search from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  SUPPORT_FILTERS,
  SUPPORT_MESSAGES,
  formatDateTime,
  formatShortDate,
  supportSearchQuery,
  supportStatusLabel,
  type SupportFilterKey,
} from '@rafflewin/domain';
import { useMemo, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { PagerButtons } from '@/components/PagerButtons';
import { VISUALLY_HIDDEN } from '@/components/visuallyHidden';
import { PageHeader } from '@/components/PageTitle';
import { useAdminTickets } from '../api/useAdminTickets';
import { ComplaintDeadlines } from './ComplaintDeadlines';

const STATUS_COLOURS: Record<string, 'warning' | 'info' | 'success' | 'default'> = {
  Open: 'warning',
  'In Progress': 'default',
  Replied: 'success',
  Active: 'default',
};

/**
 * Support Messages: search (e-mail, reference or words of the subject or
 * name), the status filter (All, Open, Active = in progress or replied), the table with a View
 * link into the shared conversation page, paged on the server.
 */
export function SupportInbox({
  conversationPath,
  notificationsPath,
}: {
  conversationPath: (ticketId: string) => string;
  notificationsPath: string;
}) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<SupportFilterKey>('all');
  const terms = useMemo(() => supportSearchQuery(search), [search]);
  const inbox = useAdminTickets(terms, filter);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch(text);
  };

  return (
    <Stack spacing={3}>
      <PageHeader
        title="Support Messages"
        subtitle={"Customers' support conversations"}
        variant="h4"
      >
        <Stack direction="row" spacing={1} alignItems="center">
          <Button
            component={RouterLink}
            to={notificationsPath}
            variant="outlined"
            startIcon={<NotificationsIcon />}
          >
            Notifications
          </Button>
          <Tooltip title="Refresh">
            <IconButton aria-label="Refresh support tickets" onClick={inbox.refresh}>
              <Refresh />
            </IconButton>
          </Tooltip>
        </Stack>
      </PageHeader>

      <Paper sx={{ p: 2 }}>
        <Stack
          component="form"
          role="search"
          onSubmit={submit}
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          alignItems={{ md: 'flex-start' }}
        >
          <TextField
            label="Search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            helperText="An e-mail address, a reference, or words from the subject or name"
            sx={{ flexGrow: 1 }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <Search aria-hidden />
                  </InputAdornment>
                ),
              },
            }}
          />
          <TextField
            select
            label="Status"
            value={filter}
            onChange={(event) => setFilter(event.target.value as SupportFilterKey)}
            sx={{ minWidth: 160 }}
          >
            {SUPPORT_FILTERS.map((option) => (
              <MenuItem key={option.key} value={option.key}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
          <Button type="submit" variant="contained" sx={{ mt: { md: 1 } }}>
            Search
          </Button>
        </Stack>
      </Paper>

      {inbox.status === 'error' && (
        <Alert severity="error">{SUPPORT_MESSAGES.loadTicketsFailed}</Alert>
      )}

      {/* Positioned, so that the hidden "Actions" heading stays inside the box that scrolls
          sideways on a phone instead of widening the page. */}
      <TableContainer component={Paper} sx={{ position: 'relative' }}>
        <Table aria-label="Support tickets" size="small">
          <TableHead>
            <TableRow>
              <TableCell>Subject</TableCell>
              <TableCell>Customer</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Last Updated</TableCell>
              <TableCell>Created</TableCell>
              <TableCell>
                <Box component="span" sx={VISUALLY_HIDDEN}>
                  Actions
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {inbox.status === 'loading' && (
              <TableRow>
                <TableCell colSpan={6} align="center">
                  <CircularProgress size={28} aria-label="Loading support tickets" />
                </TableCell>
              </TableRow>
            )}
            {inbox.status === 'success' && inbox.tickets.length === 0 && (
              <TableRow>
                <TableCell colSpan={6} align="center">
                  No support tickets found.
                </TableCell>
              </TableRow>
            )}
            {inbox.status === 'success' &&
              inbox.tickets.map((ticket) => {
                const label = supportStatusLabel(ticket.status);
                return (
                  <TableRow key={ticket.id} hover data-testid="inbox-ticket">
                    <TableCell sx={{ maxWidth: 280 }}>
                      <Stack
                        direction="row"
                        spacing={1}
                        alignItems="center"
                        flexWrap="wrap"
                        useFlexGap
                      >
                        <Typography
                          variant="body2"
                          fontWeight={600}
                          sx={{ overflowWrap: 'anywhere' }}
                        >
                          {ticket.subject}
                        </Typography>
                        {ticket.adminUnreadCount > 0 && (
                          <Chip
                            size="small"
                            color="error"
                            label={`${ticket.adminUnreadCount} new`}
                          />
                        )}
                      </Stack>
                      <Typography variant="caption" color="text.secondary">
                        {ticket.reference}
                      </Typography>
                      <ComplaintDeadlines ticket={ticket} />
                    </TableCell>
                    <TableCell>
                      <Typography variant="body2">{ticket.name}</Typography>
                      <Typography
                        variant="caption"
                        color="text.secondary"
                        sx={{ overflowWrap: 'anywhere' }}
                      >
                        {ticket.email}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      <Chip size="small" label={label} color={STATUS_COLOURS[label] ?? 'default'} />
                    </TableCell>
                    <TableCell>{formatDateTime(ticket.lastMessageAt)}</TableCell>
                    <TableCell>{formatShortDate(ticket.createdAt)}</TableCell>
                    <TableCell>
                      <Link
                        component={RouterLink}
                        to={conversationPath(ticket.id)}
                        aria-label={`View ${ticket.subject}`}
                      >
                        View
                      </Link>
                    </TableCell>
                  </TableRow>
                );
              })}
          </TableBody>
        </Table>
      </TableContainer>

      <PagerButtons label="Support tickets" pager={inbox} />
    </Stack>
  );
}
