import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { SUPPORT_MESSAGES } from '@rafflewin/domain';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '@/components/PageTitle';
import { paths } from '@/config/paths';
import { MyTicketList } from '@/features/support/components/MyTicketList';
import { useSession } from '@/hooks/useSession';

/** /account/support: My Support Tickets. */
export default function MySupportTicketsPage() {
  const { user } = useSession();
  return (
    <Stack spacing={3}>
      <PageHeader title="My Support Tickets" subtitle={SUPPORT_MESSAGES.subtitle}>
        <Button component={RouterLink} to={paths.contact} variant="outlined" startIcon={<Add />}>
          New Ticket
        </Button>
      </PageHeader>
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
