import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CART_MESSAGES } from '@rafflewin/domain';
import { Link as RouterLink, useLocation } from 'react-router';
import { PageHeading } from '@/components/PageTitle';
import { paths } from '@/config/paths';
import { useCartRaffles } from '@/features/cart/api/useCartRaffles';
import { cartNoticeOf } from '@/features/cart/cartNotice';
import { CartLines, cartSummary, useCartClock } from '@/features/cart/components/CartLines';
import { shownByCart, useCart } from '@/hooks/useCart';
import { useSession } from '@/hooks/useSession';
import { forgetPicks } from '@/lib/picks';

export default function CartPage() {
  const cart = useCart();
  const { user } = useSession();
  const { status, raffles } = useCartRaffles(cart.items);
  const notice = cartNoticeOf(useLocation().state);
  // Until the cart itself is read, its (empty) lines add up to nothing that can be claimed.
  const loading = cart.status === 'loading' || status === 'loading';
  const now = useCartClock(raffles);
  const summary = cartSummary(cart.items, raffles, loading, now);
  // Checkout opens once every line is known to be on sale.
  const ready = summary !== null && summary.unavailable === 0;
  return (
    <Paper sx={{ p: { xs: 2, md: 4 }, maxWidth: 880, mx: 'auto' }}>
      <PageHeading title="Shopping Cart" variant="h4" gutterBottom />
      {notice && (
        <Alert severity={notice.severity} sx={{ mb: 2 }}>
          {notice.message}
        </Alert>
      )}
      {cart.error && <Alert severity="error">{cart.error}</Alert>}
      {cart.notice && (
        <Alert severity="info" onClose={cart.dismissNotice} sx={{ mb: 2 }}>
          {cart.notice}
        </Alert>
      )}
      {cart.status === 'ready' && cart.items.length === 0 ? (
        <Stack spacing={2} alignItems="flex-start">
          <Typography>Your cart is empty.</Typography>
          <Button component={RouterLink} to={paths.competitions} variant="contained">
            Browse competitions
          </Button>
        </Stack>
      ) : (
        <Stack spacing={3}>
          {summary && summary.unavailable > 0 && (
            <Alert severity="warning">{CART_MESSAGES.removeUnavailable}</Alert>
          )}
          <CartLines
            items={cart.items}
            raffles={raffles}
            loading={loading}
            now={now}
            uid={user?.uid ?? null}
            // A failed save shows as the cart's error above.
            onQuantity={(id, quantity) => void cart.setQuantity(id, quantity).catch(shownByCart)}
            onRemove={(id) => {
              forgetPicks([id]);
              void cart.remove(id).catch(shownByCart);
            }}
          />
          {user ? (
            <Button
              component={RouterLink}
              to={paths.checkout}
              variant="contained"
              size="large"
              disabled={!ready}
            >
              Proceed to Checkout
            </Button>
          ) : (
            <Button
              component={RouterLink}
              to={`${paths.auth}?redirect=checkout`}
              variant="contained"
              size="large"
            >
              Log in to Checkout
            </Button>
          )}
        </Stack>
      )}
    </Paper>
  );
}
