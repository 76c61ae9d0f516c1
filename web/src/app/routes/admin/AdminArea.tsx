import { RequireAdmin } from '@/app/guards';
import { PlannedPages } from '@/components/PlannedPages';

const ADMIN_PAGES = [
  { path: '', title: 'Admin Dashboard' },
  { path: 'raffles', title: 'Manage Raffles' },
  { path: 'users', title: 'Users' },
  { path: 'tickets', title: 'Tickets' },
  { path: 'support', title: 'Support Tickets' },
  { path: 'notifications', title: 'Notifications' },
  { path: 'orders', title: 'Orders' },
  { path: 'carousel', title: 'Carousel' },
  { path: 'manual-entry', title: 'Manual Entry' },
  { path: 'settings', title: 'Site Settings' },
];

/** The administrator console, loaded only for administrators. */
export default function AdminArea() {
  return (
    <RequireAdmin>
      <PlannedPages pages={ADMIN_PAGES} />
    </RequireAdmin>
  );
}
