import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { NotFound } from '@/components/NotFound';
import { RouteErrorBoundary } from '@/components/RouteError';
import { AppLayout } from '@/components/layout/AppLayout';
import { usePushLinks } from '@/hooks/usePushLinks';
import { lazyExport } from '@/lib/lazyExport';
import { AccessGate, RequireAuth } from './guards';
import HomePage from './routes/home';

const AuthPage = lazy(() => import('./routes/auth'));
const TwoFactorPage = lazy(() => import('./routes/twoFactor'));
const ResetPasswordPage = lazy(() => import('./routes/resetPassword'));
const NewPasswordPage = lazy(() => import('./routes/newPassword'));
/** The shop window's page chunks, which the first screen fetches as the page starts. */
export const pageChunks = {
  cart: () => import('./routes/cart'),
  draw: () => import('./routes/draw'),
  listings: () => import('./routes/listings'),
};
const CartPage = lazy(pageChunks.cart);
const ContactPage = lazy(() => import('./routes/contact'));
const staticPages = () => import('./routes/static');
const AboutPage = lazyExport(staticPages, 'AboutPage');
const TermsPage = lazyExport(staticPages, 'TermsPage');
const PrivacyPage = lazyExport(staticPages, 'PrivacyPage');
const CommitmentsPage = lazyExport(staticPages, 'CommitmentsPage');
const ResponsiblePlayPage = lazy(() => import('./routes/responsiblePlay'));
const { listings } = pageChunks;
const CompetitionsPage = lazyExport(listings, 'CompetitionsPage');
const CategoryPage = lazyExport(listings, 'CategoryPage');
const CharityPage = lazyExport(listings, 'CharityPage');
const FreePage = lazyExport(listings, 'FreePage');
const WinnersPage = lazyExport(listings, 'WinnersPage');
const EntriesPage = lazy(() => import('./routes/entries'));
const DrawPage = lazy(pageChunks.draw);
const CheckoutPage = lazy(() => import('./routes/checkout'));
const CheckoutCancelledPage = lazy(() => import('./routes/checkoutCancelled'));
const CheckoutCompletePage = lazy(() => import('./routes/checkoutComplete'));
const AccountArea = lazy(() => import('./routes/account/AccountArea'));
const AdminArea = lazy(() => import('./routes/admin/AdminArea'));

/**
 * The shop's routes (declarative: the data router's loaders and actions are unused, and
 * leaving them out halves React Router in every visitor's first load). Every page sits inside
 * the access gate (expired sessions, allow_guest_views) and an error boundary inside the
 * layout: one page that fails shows `RouteError` under the navigation, never a blank app;
 * should the layout itself fail, the message alone.
 */
export function AppRoutes() {
  usePushLinks();
  return (
    <Routes>
      <Route
        element={
          <RouteErrorBoundary>
            <AppLayout />
          </RouteErrorBoundary>
        }
      >
        <Route
          element={
            <RouteErrorBoundary>
              <AccessGate />
            </RouteErrorBoundary>
          }
        >
          <Route index element={<HomePage />} />
          <Route path="auth" element={<AuthPage />} />
          <Route path="2fa" element={<TwoFactorPage />} />
          <Route path="reset-password" element={<ResetPasswordPage />} />
          <Route path="new-password" element={<NewPasswordPage />} />
          <Route path="competitions" element={<CompetitionsPage />} />
          <Route path="competitions/cash" element={<CategoryPage listing="cash" />} />
          <Route path="competitions/tech" element={<CategoryPage listing="tech" />} />
          <Route path="competitions/cars" element={<CategoryPage listing="cars" />} />
          <Route path="charity" element={<CharityPage />} />
          <Route path="free" element={<FreePage />} />
          <Route path="winners" element={<WinnersPage />} />
          <Route path="draws/:raffleId" element={<DrawPage />} />
          <Route path="cart" element={<CartPage />} />
          <Route path="contact" element={<ContactPage />} />
          <Route path="about" element={<AboutPage />} />
          <Route path="terms" element={<TermsPage />} />
          <Route path="privacy" element={<PrivacyPage />} />
          <Route path="commitments" element={<CommitmentsPage />} />
          <Route path="responsible-play" element={<ResponsiblePlayPage />} />
          <Route
            path="entries"
            element={
              <RequireAuth>
                <EntriesPage />
              </RequireAuth>
            }
          />
          <Route
            path="checkout"
            element={
              <RequireAuth>
                <CheckoutPage />
              </RequireAuth>
            }
          />
          <Route
            path="checkout/cancelled/:sessionId"
            element={
              <RequireAuth>
                <CheckoutCancelledPage />
              </RequireAuth>
            }
          />
          <Route
            path="checkout/complete/:orderId"
            element={
              <RequireAuth>
                <CheckoutCompletePage />
              </RequireAuth>
            }
          />
          <Route path="account/*" element={<AccountArea />} />
          <Route path="admin/*" element={<AdminArea />} />
          <Route path="*" element={<NotFound />} />
        </Route>
      </Route>
    </Routes>
  );
}
