import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageTitle } from '@/components/PageTitle';
import { BroadcastProgress } from '@/features/notifications/components/BroadcastProgress';
import { CreateNotificationForm } from '@/features/notifications/components/CreateNotificationForm';

/** /admin/notifications: Create Notification. */
export default function CreateNotificationPage() {
  return (
    <Stack spacing={3}>
      <PageTitle title="Create Notification" />
      <div>
        <Typography variant="h4" component="h1">
          Create Notification
        </Typography>
        <Typography color="text.secondary">
          Send an in-app notification to one customer or to every user.
        </Typography>
      </div>
      <CreateNotificationForm />
      <BroadcastProgress />
    </Stack>
  );
}
