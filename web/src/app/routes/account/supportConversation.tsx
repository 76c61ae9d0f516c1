import { useParams } from 'react-router';
import { PageTitle } from '@/components/PageTitle';
import { paths } from '@/config/paths';
import { SupportConversation } from '@/features/support/components/SupportConversation';
import { useSession } from '@/hooks/useSession';

/**
 * /account/support/{ticketId}: the conversation, for its customer and for administrators
 * (who come from the admin inbox and go back to it).
 */
export default function SupportConversationPage() {
  const { ticketId = '' } = useParams();
  const { user, isAdmin } = useSession();
  const back = isAdmin
    ? { to: paths.admin.support, label: 'Back to Support Tickets' }
    : { to: paths.account.support, label: 'Back to My Tickets' };
  return (
    <>
      <PageTitle title="Support Conversation" />
      {user && (
        <SupportConversation
          key={ticketId}
          ticketId={ticketId}
          uid={user.uid}
          isAdmin={isAdmin}
          back={back}
        />
      )}
    </>
  );
}
