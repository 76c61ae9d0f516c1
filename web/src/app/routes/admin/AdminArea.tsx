import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { RequireAdmin } from '@/app/guards';
import { NotFound } from '@/components/NotFound';
import { PageLoading } from '@/components/layout/AppLayout';
import { AdminAccessProvider } from '@/features/admin/access/components/AdminAccess';
import { AdminLayout } from './AdminLayout';

// One chunk per screen, all behind the admin chunk that shoppers never download.
const DashboardPage = lazy(() => import('./dashboard'));
const RafflesPage = lazy(() => import('./raffles'));
const UsersPage = lazy(() => import('./users'));
const TicketsPage = lazy(() => import('./tickets'));
const SupportPage = lazy(() => import('./support'));
const NotificationsPage = lazy(() => import('./notifications'));
const OrdersPage = lazy(() => import('./orders'));
const CarouselPage = lazy(() => import('./carousel'));
const ManualEntryPage = lazy(() => import('./manualEntry'));
const SettingsPage = lazy(() => import('./settings'));
const PostalEntriesPage = lazy(() => import('./postalEntries'));
const PromoCodesPage = lazy(() => import('./promoCodes'));

/**
 * The administrator console. The guard keeps others out of the screens;
 * every privileged action is a callable that checks the admin claim on the server, and a
 * refusal there shows the Access Denied panel in place of the screen.
 */
export default function AdminArea() {
  return (
    <RequireAdmin>
      <AdminLayout>
        <AdminAccessProvider>
          <Suspense fallback={<PageLoading />}>
            <Routes>
              <Route index element={<DashboardPage />} />
              <Route path="raffles" element={<RafflesPage />} />
              <Route path="users" element={<UsersPage />} />
              <Route path="tickets" element={<TicketsPage />} />
              <Route path="support" element={<SupportPage />} />
              <Route path="notifications" element={<NotificationsPage />} />
              <Route path="orders" element={<OrdersPage />} />
              <Route path="promo-codes" element={<PromoCodesPage />} />
              <Route path="carousel" element={<CarouselPage />} />
              <Route path="manual-entry" element={<ManualEntryPage />} />
              <Route path="settings" element={<SettingsPage />} />
              <Route path="postal-entries" element={<PostalEntriesPage />} />
              <Route path="*" element={<NotFound />} />
            </Routes>
          </Suspense>
        </AdminAccessProvider>
      </AdminLayout>
    </RequireAdmin>
  );
}
