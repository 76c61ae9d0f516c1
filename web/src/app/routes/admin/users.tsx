import Typography from '@mui/material/Typography';
import { PageTitle } from '@/components/PageTitle';
import { UserManagement } from '@/features/admin/users/components/UserManagement';
import { useSession } from '@/hooks/useSession';

/** User Management. */
export default function Page() {
  const { user } = useSession();
  return (
    <>
      <PageTitle title="User Management" />
      <Typography variant="h4" component="h1" gutterBottom>
        User Management
      </Typography>
      <UserManagement selfUid={user?.uid ?? null} />
    </>
  );
}
