import { PageTitle } from '@/components/PageTitle';
import { paths } from '@/config/paths';
import { SupportInbox } from '@/features/support/components/SupportInbox';

/** /admin/support: Support Messages, the administrators' inbox. */
export default function SupportMessagesPage() {
  return (
    <>
      <PageTitle title="Support Messages" />
      <SupportInbox
        conversationPath={paths.account.supportTicket}
        notificationsPath={paths.account.notifications}
      />
    </>
  );
}
