import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  ACCOUNT_MESSAGES,
  MY_TICKETS_PAGE_SIZE,
  MY_TICKETS_TABS,
  pageCount,
  type RaffleCategory,
} from '@rafflewin/domain';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageTitle } from '@/components/PageTitle';
import { paths } from '@/config/paths';
import { useTicketPage } from '@/features/account/api/useTicketPage';
import { useTicketRaffles } from '@/features/account/api/useTicketRaffles';
import { IndexTabs } from '@/components/IndexTabs';
import { PagerButtons } from '@/components/PagerButtons';
import { TicketGroups } from '@/features/account/components/TicketGroups';
import { useSession } from '@/hooks/useSession';

function TicketPages({ uid, category }: { uid: string; category: RaffleCategory | null }) {
  const pages = useTicketPage(uid, category);
  const { status, tickets, total } = pages;
  const raffles = useTicketRaffles(tickets.map((ticket) => ticket.raffleId));
  return (
    <Stack spacing={3}>
      {status === 'loading' && <CircularProgress aria-label="Loading your tickets" />}
      {status === 'error' && <Alert severity="error">{ACCOUNT_MESSAGES.loadTicketsFailed}</Alert>}
      {status === 'success' && tickets.length === 0 && (
        <Stack spacing={2} alignItems="flex-start">
          <Typography>
            {category
              ? 'You have no tickets in this category.'
              : "You haven't entered any raffles yet."}
          </Typography>
          <Button component={RouterLink} to={paths.competitions} variant="contained">
            Browse Competitions
          </Button>
        </Stack>
      )}
      {status === 'success' && <TicketGroups tickets={tickets} raffles={raffles} />}
      <PagerButtons
        label="Tickets"
        pager={pages}
        pages={total === null ? null : pageCount(total, MY_TICKETS_PAGE_SIZE)}
      />
    </Stack>
  );
}

/** My Tickets (/account/tickets): by category, then raffle; 10 tickets a page. */
export default function TicketsPage() {
  const { user } = useSession();
  const uid = user!.uid;
  const [tab, setTab] = useState(0);
  const { category } = MY_TICKETS_TABS[tab]!;
  return (
    <Stack spacing={3}>
      <PageTitle title="My Tickets" />
      <div>
        <Typography variant="h3" component="h1" gutterBottom>
          My Tickets
        </Typography>
        <Typography color="text.secondary">
          Every ticket you hold, by category and raffle, with its draw date.
        </Typography>
      </div>
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <IndexTabs label="Ticket categories" tabs={MY_TICKETS_TABS} value={tab} onChange={setTab} />
      </Box>
      <TicketPages key={`${uid}-${category ?? 'all'}`} uid={uid} category={category} />
    </Stack>
  );
}
