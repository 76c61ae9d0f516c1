import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { RequireAuth } from '@/app/guards';
import { NotFound } from '@/components/NotFound';
import { PageLoading } from '@/components/layout/AppLayout';

// One chunk per page: the account area is loaded only by signed-in customers who open it.
const ProfilePage = lazy(() => import('./profile'));
const UpdateProfilePage = lazy(() => import('./update'));
const ChangePasswordPage = lazy(() => import('./password'));
const SettingsPage = lazy(() => import('./settings'));
const TicketsPage = lazy(() => import('./tickets'));
const OrdersPage = lazy(() => import('./orders'));
const OrderDetailsPage = lazy(() => import('./orderDetails'));
const SavedPage = lazy(() => import('./saved'));
const NotificationsPage = lazy(() => import('./notifications'));
const SupportPage = lazy(() => import('./support'));
const SupportConversationPage = lazy(() => import('./supportConversation'));

/** The customer area, behind the sign-in guard. */
export default function AccountArea() {
  return (
    <RequireAuth>
      <Suspense fallback={<PageLoading />}>
        <Routes>
          <Route index element={<ProfilePage />} />
          <Route path="update" element={<UpdateProfilePage />} />
          <Route path="password" element={<ChangePasswordPage />} />
          <Route path="settings" element={<SettingsPage />} />
          <Route path="tickets" element={<TicketsPage />} />
          <Route path="tickets/:ticketId" element={<OrderDetailsPage />} />
          <Route path="orders" element={<OrdersPage />} />
          <Route path="orders/:orderId" element={<OrderDetailsPage />} />
          <Route path="saved" element={<SavedPage />} />
          <Route path="notifications" element={<NotificationsPage />} />
          <Route path="support" element={<SupportPage />} />
          <Route path="support/:ticketId" element={<SupportConversationPage />} />
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Suspense>
    </RequireAuth>
  );
}
