import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { NotFound } from '@/components/NotFound';
import { RouteError } from '@/components/RouteError';
import { AppLayout } from '@/components/layout/AppLayout';
import { AccessGate, RequireAuth } from './guards';
import HomePage from './routes/home';

const AuthPage = lazy(() => import('./routes/auth'));
const TwoFactorPage = lazy(() => import('./routes/twoFactor'));
const ResetPasswordPage = lazy(() => import('./routes/resetPassword'));
const NewPasswordPage = lazy(() => import('./routes/newPassword'));
const CartPage = lazy(() => import('./routes/cart'));
const ContactPage = lazy(() => import('./routes/contact'));
const staticPages = () => import('./routes/static');
const AboutPage = lazy(() => staticPages().then((m) => ({ default: m.AboutPage })));
const TermsPage = lazy(() => staticPages().then((m) => ({ default: m.TermsPage })));
const PrivacyPage = lazy(() => staticPages().then((m) => ({ default: m.PrivacyPage })));
const CommitmentsPage = lazy(() => staticPages().then((m) => ({ default: m.CommitmentsPage })));
const ResponsiblePlayPage = lazy(() => import('./routes/responsiblePlay'));
const listings = () => import('./routes/listings');
const CompetitionsPage = lazy(() => listings().then((m) => ({ default: m.CompetitionsPage })));
const CategoryPage = lazy(() => listings().then((m) => ({ default: m.CategoryPage })));
const CharityPage = lazy(() => listings().then((m) => ({ default: m.CharityPage })));
const FreePage = lazy(() => listings().then((m) => ({ default: m.FreePage })));
const WinnersPage = lazy(() => listings().then((m) => ({ default: m.WinnersPage })));
const EntriesPage = lazy(() => import('./routes/entries'));
const DrawPage = lazy(() => import('./routes/draw'));
const CheckoutPage = lazy(() => import('./routes/checkout'));
const CheckoutCancelledPage = lazy(() => import('./routes/checkoutCancelled'));
const CheckoutCompletePage = lazy(() => import('./routes/checkoutComplete'));
const AccountArea = lazy(() => import('./routes/account/AccountArea'));
const AdminArea = lazy(() => import('./routes/admin/AdminArea'));

const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    // Should the layout itself fail: the message alone.
    errorElement: <RouteError />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'auth', element: <AuthPage /> },
      { path: '2fa', element: <TwoFactorPage /> },
      { path: 'reset-password', element: <ResetPasswordPage /> },
      { path: 'new-password', element: <NewPasswordPage /> },
      { path: 'competitions', element: <CompetitionsPage /> },
      { path: 'competitions/cash', element: <CategoryPage listing="cash" /> },
      { path: 'competitions/tech', element: <CategoryPage listing="tech" /> },
      { path: 'competitions/cars', element: <CategoryPage listing="cars" /> },
      { path: 'charity', element: <CharityPage /> },
      { path: 'free', element: <FreePage /> },
      { path: 'winners', element: <WinnersPage /> },
      { path: 'draws/:raffleId', element: <DrawPage /> },
      { path: 'cart', element: <CartPage /> },
      { path: 'contact', element: <ContactPage /> },
      { path: 'about', element: <AboutPage /> },
      { path: 'terms', element: <TermsPage /> },
      { path: 'privacy', element: <PrivacyPage /> },
      { path: 'commitments', element: <CommitmentsPage /> },
      { path: 'responsible-play', element: <ResponsiblePlayPage /> },
      {
        path: 'entries',
        element: (
          <RequireAuth>
            <EntriesPage />
          </RequireAuth>
        ),
      },
      {
        path: 'checkout',
        element: (
          <RequireAuth>
            <CheckoutPage />
          </RequireAuth>
        ),
      },
      {
        path: 'checkout/cancelled/:sessionId',
        element: (
          <RequireAuth>
            <CheckoutCancelledPage />
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
      { path: 'account/*', element: <AccountArea /> },
      { path: 'admin/*', element: <AdminArea /> },
      { path: '*', element: <NotFound /> },
    ],
  },
];

/**
 * Every page also sits inside the access gate (expired sessions, allow_guest_views) and an
 * error boundary inside the layout: one page that fails shows `RouteError` under the
 * navigation, never a blank app.
 */
const gated: RouteObject[] = routes.map((layout): RouteObject =>
  layout.index
    ? layout
    : {
        ...layout,
        children: [
          { element: <AccessGate />, errorElement: <RouteError />, children: layout.children },
        ],
      },
);

export const router = createBrowserRouter(gated);
