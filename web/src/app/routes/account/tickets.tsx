import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
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
import { PagerButtons } from '@/features/account/components/PagerButtons';
import { TicketGroups } from '@/features/account/components/TicketGroups';
import { useSession } from '@/hooks/useSession';

function TicketPages({ uid, category }: { uid: string; category: RaffleCategory | null }) {
  const { status, tickets, total, page, hasNext, next, previous } = useTicketPage(uid, category);
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
      {status === 'success' && <TicketGroups tickets={tickets} />}
      <PagerButtons
        label="Tickets"
        page={page}
        pages={total === null ? null : pageCount(total, MY_TICKETS_PAGE_SIZE)}
        hasNext={hasNext}
        onPrevious={previous}
        onNext={next}
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
        <Tabs
          value={tab}
          onChange={(_, value: number) => setTab(value)}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label="Ticket categories"
        >
          {MY_TICKETS_TABS.map((t) => (
            <Tab key={t.key} label={t.label} />
          ))}
        </Tabs>
      </Box>
      <TicketPages key={`${uid}-${category ?? 'all'}`} uid={uid} category={category} />
    </Stack>
  );
}
