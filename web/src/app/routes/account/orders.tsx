import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageTitle } from '@/components/PageTitle';
import { MyOrders } from '@/features/account/components/MyOrders';
import { useSession } from '@/hooks/useSession';

/** My Orders (/account/orders). */
export default function OrdersPage() {
  const { user } = useSession();
  return (
    <Stack spacing={3}>
      <PageTitle title="My Orders" />
      <div>
        <Typography variant="h3" component="h1" gutterBottom>
          My Orders
        </Typography>
        <Typography color="text.secondary">Your orders, newest first.</Typography>
      </div>
      <MyOrders uid={user!.uid} />
    </Stack>
  );
}
