import Stack from '@mui/material/Stack';
import { PageHeading } from '@/components/PageTitle';
import { ManualEntryForm } from '@/features/admin/manualEntry/components/ManualEntryForm';
import { QuickGuide } from '@/features/admin/manualEntry/components/QuickGuide';

/** Manual Raffle Entry: tickets for a customer, e.g. free postal entries. */
export default function Page() {
  return (
    <Stack spacing={3}>
      <PageHeading title="Manual Raffle Entry" variant="h4" />
      <ManualEntryForm />
      <QuickGuide />
    </Stack>
  );
}
