import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SUPPORT_MESSAGES } from '@rafflewin/domain';
import { Link as RouterLink } from 'react-router';
import { PageTitle } from '@/components/PageTitle';
import { paths } from '@/config/paths';
import { MyTicketList } from '@/features/support/components/MyTicketList';
import { useSession } from '@/hooks/useSession';

/** /account/support: My Support Tickets. */
export default function MySupportTicketsPage() {
  const { user } = useSession();
  return (
    <Stack spacing={3}>
      <PageTitle title="My Support Tickets" />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        justifyContent="space-between"
        alignItems={{ xs: 'flex-start', sm: 'center' }}
      >
        <div>
          <Typography variant="h3" component="h1">
            My Support Tickets
          </Typography>
          <Typography color="text.secondary">{SUPPORT_MESSAGES.subtitle}</Typography>
        </div>
        <Button component={RouterLink} to={paths.contact} variant="outlined" startIcon={<Add />}>
          New Ticket
        </Button>
      </Stack>
      {user && (
        <MyTicketList
          uid={user.uid}
          hrefOf={paths.account.supportTicket}
          contactPath={paths.contact}
        />
      )}
    </Stack>
  );
}
