import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { POSTAL_GRACE_HOURS } from '@rafflewin/domain';
import { PageHeading } from '@/components/PageTitle';
import { PostalEntryForm } from '@/features/admin/postal/components/PostalEntryForm';
import { RecentPostalEntries } from '@/features/admin/postal/components/RecentPostalEntries';

/**
 * Free postal entries: record each postcard as it arrives. Before the close it is one
 * ticket with the same chance as a paid one; within 72 hours after, a credit; later, refused.
 */
export default function PostalEntriesPage() {
  return (
    <Stack spacing={3}>
      <PageHeading title="Postal Entries" variant="h4" />
      <Typography color="text.secondary">
        Record every postcard on the day it arrives, with its details as written. Cards received
        before the close become one ticket in the draw; within {POSTAL_GRACE_HOURS} hours after the
        close, a credit worth one online ticket; later ones are refused. The customer is e-mailed
        each time.
      </Typography>
      <Paper sx={{ p: { xs: 2, md: 3 } }}>
        <PostalEntryForm />
      </Paper>
      <Paper sx={{ p: { xs: 2, md: 3 } }} component="section" aria-labelledby="recent-postal">
        <Typography id="recent-postal" variant="h6" component="h2" gutterBottom>
          Recently recorded
        </Typography>
        <RecentPostalEntries />
      </Paper>
    </Stack>
  );
}
