import { RequireAuth } from '@/app/guards';
import { PlannedPages } from '@/components/PlannedPages';

const ACCOUNT_PAGES = [
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
      <PlannedPages pages={ACCOUNT_PAGES} />
    </RequireAuth>
  );
}
