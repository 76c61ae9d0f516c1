import { CHECKOUT_MESSAGES, CHECKOUT_RELEASED_MESSAGES } from '@rafflewin/domain';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageLoading } from '@/components/layout/AppLayout';
import { paths } from '@/config/paths';
import type { CartNotice } from '@/features/cart/cartNotice';
import { call } from '@/lib/callables';
import { toUserMessage } from '@/lib/errors';

/**
 * Where Stripe's page returns when the shopper leaves it without paying: the reservation is
 * released at once (not after its 30 minutes) and the cart, untouched, is shown again with a
 * note. If the payment went through after all, the order confirmation takes over; if the shop
 * had already closed the checkout itself (a raffle taken off sale, a play break…), the note says
 * why.
 */
export default function CheckoutCancelledPage() {
  const { sessionId = '' } = useParams();
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    call('cancelCheckout', { sessionId }).then(
      ({ status, releasedFor }) => {
        if (status === 'fulfilled') {
          void navigate(paths.checkoutComplete(sessionId), { replace: true });
          return;
        }
        const state: CartNotice = {
          notice: releasedFor
            ? { severity: 'warning', message: CHECKOUT_RELEASED_MESSAGES[releasedFor] }
            : { severity: 'info', message: CHECKOUT_MESSAGES.paymentCancelled },
        };
        void navigate(paths.cart, { replace: true, state });
      },
      (error: unknown) => {
        const state: CartNotice = {
          notice: {
            severity: 'error',
            message: toUserMessage(error, CHECKOUT_MESSAGES.paymentFailed),
          },
        };
        void navigate(paths.cart, { replace: true, state });
      },
    );
  }, [sessionId, navigate]);
  return <PageLoading label={CHECKOUT_MESSAGES.cancelling} />;
}
