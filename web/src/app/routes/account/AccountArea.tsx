import { Route, Routes } from 'react-router';
import { ComingSoon } from '@/components/ComingSoon';
import { PageTitle } from '@/components/PageTitle';
import { RequireAuth } from '@/app/guards';

const ACCOUNT_PAGES: Array<{ path: string; title: string }> = [
  { path: '', title: 'Profile Settings' },
  { path: 'saved', title: 'Saved Raffles' },
  { path: 'settings', title: 'Account Settings' },
  { path: 'update', title: 'Update Profile' },
  { path: 'password', title: 'Change Password' },
  { path: 'tickets', title: 'My Tickets' },
  { path: 'tickets/:ticketId', title: 'Order Details' },
  { path: 'orders', title: 'My Orders' },
  { path: 'orders/:orderId', title: 'Order Details' },
  { path: 'support', title: 'My Support Tickets' },
  { path: 'support/:ticketId', title: 'Support Conversation' },
  { path: 'notifications', title: 'Notifications' },
];

/** The customer area, loaded only when a signed-in customer opens it. */
export default function AccountArea() {
  return (
    <RequireAuth>
      <Routes>
        {ACCOUNT_PAGES.map(({ path, title }) => (
          <Route
            key={path}
            path={path}
            element={
              <>
                <PageTitle title={title} />
                <ComingSoon title={title} />
              </>
            }
          />
        ))}
        <Route path="*" element={<ComingSoon title="Page not found" />} />
      </Routes>
    </RequireAuth>
  );
}
