import { PageTitle } from '@/components/PageTitle';
import { NotificationsPanel } from '@/features/notifications/components/NotificationsPanel';
import { useSession } from '@/hooks/useSession';

/** /account/notifications (behind the sign-in guard of the account area). */
export default function NotificationsPage() {
  const { user } = useSession();
  return (
    <>
      <PageTitle title="Notifications" />
      {user && <NotificationsPanel uid={user.uid} />}
    </>
  );
}
