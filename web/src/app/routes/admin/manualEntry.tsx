import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageTitle } from '@/components/PageTitle';
import { ManualEntryForm } from '@/features/admin/manualEntry/components/ManualEntryForm';
import { QuickGuide } from '@/features/admin/manualEntry/components/QuickGuide';

/** Manual Raffle Entry: tickets for a customer, e.g. free postal entries. */
export default function Page() {
  return (
    <Stack spacing={3}>
      <PageTitle title="Manual Raffle Entry" />
      <Typography variant="h4" component="h1">
        Manual Raffle Entry
      </Typography>
      <ManualEntryForm />
      <QuickGuide />
    </Stack>
  );
}
