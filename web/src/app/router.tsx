import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { ComingSoon } from '@/components/ComingSoon';
import { AppLayout } from '@/components/layout/AppLayout';
import { PageTitle } from '@/components/PageTitle';
import { RequireAuth } from './guards';
import HomePage from './routes/home';

const AuthPage = lazy(() => import('./routes/auth'));
const CartPage = lazy(() => import('./routes/cart'));
const CheckoutPage = lazy(() => import('./routes/checkout'));
const CheckoutPayPage = lazy(() => import('./routes/checkoutPay'));
const CheckoutCompletePage = lazy(() => import('./routes/checkoutComplete'));
const AccountArea = lazy(() => import('./routes/account/AccountArea'));
const AdminArea = lazy(() => import('./routes/admin/AdminArea'));

function Planned({ title, signedIn = false }: { title: string; signedIn?: boolean }) {
  const page = (
    <>
      <PageTitle title={title} />
      <ComingSoon title={title} />
    </>
  );
  return signedIn ? <RequireAuth>{page}</RequireAuth> : page;
}

/** Public routes whose screens have not landed yet (storefront §2, accounts §2). */
const PLANNED_PUBLIC: Array<{ path: string; title: string; signedIn?: boolean }> = [
  { path: 'competitions', title: 'Active Competitions' },
  { path: 'competitions/cash', title: 'Cash Prizes' },
  { path: 'competitions/tech', title: 'Tech Prizes' },
  { path: 'competitions/cars', title: 'Cars & Vehicles' },
  { path: 'charity', title: 'Charity Raffles' },
  { path: 'free', title: 'Free Giveaways' },
  { path: 'winners', title: 'Recent Winners' },
  { path: 'entries', title: 'Entry Lists', signedIn: true },
  { path: 'about', title: 'About Us' },
  { path: 'contact', title: 'Contact Us' },
  { path: 'terms', title: 'Terms of Service' },
  { path: 'privacy', title: 'Privacy Policy' },
  { path: '2fa', title: 'Two-Factor Verification' },
  { path: 'reset-password', title: 'Reset Password' },
  { path: 'new-password', title: 'Set a New Password' },
];

const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'auth', element: <AuthPage /> },
      { path: 'cart', element: <CartPage /> },
      {
        path: 'checkout',
        element: (
          <RequireAuth>
            <CheckoutPage />
          </RequireAuth>
        ),
      },
      {
        path: 'checkout/pay/:sessionId',
        element: (
          <RequireAuth>
            <CheckoutPayPage />
          </RequireAuth>
        ),
      },
      {
        path: 'checkout/complete/:orderId',
        element: (
          <RequireAuth>
            <CheckoutCompletePage />
          </RequireAuth>
        ),
      },
      ...PLANNED_PUBLIC.map(({ path, title, signedIn }) => ({
        path,
        element: <Planned title={title} signedIn={signedIn} />,
      })),
      { path: 'account/*', element: <AccountArea /> },
      { path: 'admin/*', element: <AdminArea /> },
      { path: '*', element: <ComingSoon title="Page not found" /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
