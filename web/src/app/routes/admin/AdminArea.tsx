import { Route, Routes } from 'react-router';
import { ComingSoon } from '@/components/ComingSoon';
import { PageTitle } from '@/components/PageTitle';
import { RequireAdmin } from '@/app/guards';

const ADMIN_PAGES: Array<{ path: string; title: string }> = [
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
      <Routes>
        {ADMIN_PAGES.map(({ path, title }) => (
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
    </RequireAdmin>
  );
}
