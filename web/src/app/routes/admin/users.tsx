import { PageHeading } from '@/components/PageTitle';
import { UserManagement } from '@/features/admin/users/components/UserManagement';
import { useSession } from '@/hooks/useSession';

/** User Management. */
export default function Page() {
  const { user } = useSession();
  return (
    <>
      <PageHeading title="User Management" variant="h4" gutterBottom />
      <UserManagement selfUid={user?.uid ?? null} />
    </>
  );
}
