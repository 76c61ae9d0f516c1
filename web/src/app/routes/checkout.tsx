import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  CART_MESSAGES,
  CHECKOUT_MESSAGES,
  FREE_ENTRY_REDIRECT_MS,
  INSTANT_WIN_MESSAGES,
  creditToApply,
  formatPence,
  type CheckPromoCodeOutput,
  type FulfilmentOutput,
  offersNumberPicking,
} from '@rafflewin/domain';
import { useCallback, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { PageHeading } from '@/components/PageTitle';
import { PageLoading } from '@/components/layout/AppLayout';
import { paths } from '@/config/paths';
import { useProfile } from '@/features/account/api/useProfile';
import { useCartRaffles } from '@/features/cart/api/useCartRaffles';
import type { CartNotice } from '@/features/cart/cartNotice';
import { CartLines, cartSummary, useCartClock } from '@/features/cart/components/CartLines';
import { useCreditHeldByOpenCheckouts } from '@/features/checkout/api/useCheckoutDocuments';
import { useFreshClaims } from '@/features/checkout/api/useFreshClaims';
import { PromoCodeField } from '@/features/checkout/components/PromoCodeField';
import { dropTakenNumbers, takenNumbersOf } from '@/features/checkout/takenNumbers';
import { SpendLimitDialog } from '@/features/protection/components/SpendLimitDialog';
import { AnswerDialog } from '@/features/raffles/components/AnswerDialog';
import { shownByCart, useCart } from '@/hooks/useCart';
import { useOnline } from '@/hooks/useOnline';
import { useShownAgain } from '@/hooks/useShownAgain';
import { useSession } from '@/hooks/useSession';
import { answerFor, forgetAnswers } from '@/lib/answers';
import { call } from '@/lib/callables';
import { refusalDetails, refusalReason, toUserMessage } from '@/lib/errors';
import { forgetPicks, picksFor } from '@/lib/picks';

/**
 * Checkout: reserves the cart's tickets on the server, then pays by card on Stripe's hosted
 * page (the local Stripe double's under the emulators) or, for a zero total, claims the free
 * entries. Fulfilment on the server takes the paid lines out of the cart.
 */
export default function CheckoutPage() {
  const cart = useCart();
  const online = useOnline();
  const navigate = useNavigate();
  const { status, raffles } = useCartRaffles(cart.items);
  const { user, isStaff } = useSession();
  useFreshClaims(user);
  // The route is for signed-in customers only; the profile says how much account credit is kept.
  const { profile } = useProfile(user?.uid ?? '');
  const heldCredit = useCreditHeldByOpenCheckouts(user?.uid);
  const [busy, setBusy] = useState(false);
  useShownAgain(useCallback(() => setBusy(false), []));
  const [error, setError] = useState<string | null>(null);
  // What was claimed, and whether account credit paid it (the cart empties once it is done).
  const [claimed, setClaimed] = useState<(FulfilmentOutput & { byCredit: boolean }) | null>(null);
  const [asking, setAsking] = useState<string | null>(null);
  // Why the question is asked again, shown in its dialog.
  const [askWhy, setAskWhy] = useState<string | null>(null);
  const [askingLimit, setAskingLimit] = useState(false);
  const [, setAnswered] = useState(0);
  // Raffles whose dialog found no question ("Continue Anyway"): the server has the last word.
  const [withoutQuestion, setWithoutQuestion] = useState<ReadonlySet<string>>(new Set());
  const [limitNotice, setLimitNotice] = useState<string | null>(null);
  // Raffles whose wrong answer the site refused, for good: not asked again, only taken out.
  const [refusedFinally, setRefusedFinally] = useState<ReadonlySet<string>>(new Set());
  const [checked, setChecked] = useState<{ cart: string; promo: CheckPromoCodeOutput } | null>(
    null,
  );
  // What a code takes off depends on the cart: a changed cart asks for the code again.
  const cartKey = JSON.stringify(cart.items);
  const promo = checked?.cart === cartKey ? checked.promo : null;
  const setPromo = (applied: CheckPromoCodeOutput | null) =>
    setChecked(applied && { cart: cartKey, promo: applied });

  const now = useCartClock(raffles);

  if (cart.status === 'loading' || status === 'loading') return <PageLoading />;
  // Not while a claim is under way: its fulfilment empties the cart before the answer arrives.
  if (cart.items.length === 0 && !claimed && !busy) {
    // Emptied by a refusal (its last numbers taken): the cart page says why.
    const state: CartNotice | null = error
      ? { notice: { severity: 'error', message: error } }
      : null;
    return <Navigate to={paths.cart} replace state={state} />;
  }

  const summary = cartSummary(cart.items, raffles, false, now);
  const total = promo ? promo.total : (summary?.total ?? 0);
  const lines = cart.items.map((item) => ({ raffleId: item.raffleId, quantity: item.quantity }));
  // A line whose raffle is no longer on sale would count as free: nothing is taken until it goes.
  const unavailable = (summary?.unavailable ?? 0) > 0;
  // Account credit pays first, as the server takes it (leaving nothing or Stripe's minimum).
  const credit = creditToApply(total, (profile?.accountCredit ?? 0) + heldCredit);
  const toPay = total - credit;
  // The Code: a basket with an instant-win raffle is paid by debit card (the server refunds a
  // credit card), so the shopper is told before Stripe's page.
  const debitOnly =
    toPay > 0 &&
    cart.items.some((item) => (raffles.get(item.raffleId)?.instantPrizes.length ?? 0) > 0);
  const unanswered = cart.items.find(
    (item) =>
      (raffles.get(item.raffleId)?.ticketPrice ?? 0) > 0 &&
      !answerFor(item.raffleId) &&
      !withoutQuestion.has(item.raffleId) &&
      !refusedFinally.has(item.raffleId),
  );
  const refusedLine = cart.items.find((item) => refusedFinally.has(item.raffleId));

  const checkout = async () => {
    if (unanswered) {
      setAsking(unanswered.raffleId);
      return;
    }
    setBusy(true);
    setError(null);
    // Leaving for Stripe's page: the button stays "Processing…" until the page goes (a second
    // press would start a second checkout, which closes the first).
    let leaving = false;
    try {
      const reservation = await call('startCheckout', {
        items: cart.items.map((item) => {
          // The line's picked numbers (while its raffle offers picking); any tickets beyond
          // them are lucky-dipped.
          const raffle = raffles.get(item.raffleId);
          const numbers =
            raffle && offersNumberPicking(raffle)
              ? picksFor(item.raffleId).slice(0, item.quantity)
              : [];
          return {
            ...item,
            answer: answerFor(item.raffleId),
            ...(numbers.length > 0 ? { numbers } : {}),
          };
        }),
        ...(promo ? { promoCode: promo.code } : {}),
      });
      // The answers and picks are kept until the order is confirmed (a shopper may come back from
      // Stripe's page and pay again); the paid lines leave the cart on the server.
      if (reservation.checkoutUrl) {
        leaving = true;
        window.location.assign(reservation.checkoutUrl);
        return;
      }
      const order = await call('claimFreeEntries', { sessionId: reservation.sessionId });
      forgetAnswers(cart.items.map((item) => item.raffleId));
      forgetPicks(cart.items.map((item) => item.raffleId));
      setClaimed({ ...order, byCredit: total > 0 });
      setTimeout(() => void navigate(paths.account.tickets), FREE_ENTRY_REDIRECT_MS);
    } catch (caught) {
      const reason = refusalReason(caught);
      // The first paid purchase: ask for a monthly spending limit, then carry on.
      if (reason === 'spend-limit-required') {
        setAskingLimit(true);
        return;
      }
      // The answer kept in this browser no longer counts (the question was replaced): the
      // question is asked again. A wrong answer the site refuses is final: it is said, not asked.
      const raffleId = refusalDetails(caught)?.raffleId;
      if ((reason === 'answer-required' || reason === 'answer-incorrect') && raffleId) {
        forgetAnswers([String(raffleId)]);
      }
      if (reason === 'answer-incorrect' && raffleId) {
        setRefusedFinally((ids) => new Set(ids).add(String(raffleId)));
      }
      if (reason === 'answer-required' && raffleId) {
        setAskWhy(toUserMessage(caught, CHECKOUT_MESSAGES.answerRequired));
        setAsking(String(raffleId));
        return;
      }
      // A code the checkout refused (switched off, used up meanwhile) is no longer applied.
      if (reason === 'promo-code') setPromo(null);
      setError(
        toUserMessage(
          caught,
          total === 0 ? CHECKOUT_MESSAGES.processFreeFailed : CHECKOUT_MESSAGES.paymentFailed,
        ),
      );
      // Numbers someone else got first leave the picks and the line; the rest stand.
      const taken = takenNumbersOf(caught);
      if (taken) await dropTakenNumbers(cart, taken).catch(shownByCart);
    } finally {
      if (!leaving) setBusy(false);
    }
  };

  return (
    <Paper sx={{ p: { xs: 2, md: 4 }, maxWidth: 880, mx: 'auto' }}>
      <PageHeading title="Checkout" variant="h4" gutterBottom />
      <Stack spacing={3}>
        {!online && (
          <Alert severity="warning">
            You appear to be offline. Please check your internet connection and try again.
          </Alert>
        )}
        {limitNotice && (
          <Alert severity="info" onClose={() => setLimitNotice(null)}>
            {limitNotice}
          </Alert>
        )}
        {error && (
          <Alert
            severity="error"
            action={
              refusedLine && (
                <Button
                  color="inherit"
                  size="small"
                  onClick={() => {
                    setError(null);
                    void cart.remove(refusedLine.raffleId).catch(shownByCart);
                  }}
                >
                  Remove from cart
                </Button>
              )
            }
          >
            {error}
          </Alert>
        )}
        {cart.error && !claimed && <Alert severity="error">{cart.error}</Alert>}
        {cart.notice && (
          <Alert severity="info" onClose={cart.dismissNotice}>
            {cart.notice}
          </Alert>
        )}
        {unavailable && !claimed && (
          <Alert severity="warning">{CART_MESSAGES.removeUnavailable}</Alert>
        )}
        {debitOnly && !claimed && <Alert severity="info">{INSTANT_WIN_MESSAGES.debitOnly}</Alert>}
        {isStaff && !claimed && (
          <Alert severity="warning">{CHECKOUT_MESSAGES.staffNeverDrawn}</Alert>
        )}
        {claimed ? (
          <Alert severity="success">
            {claimed.byCredit
              ? 'Paid with account credit: your order is confirmed'
              : 'Your free entries are confirmed'}{' '}
            (order {claimed.orderNumber}, ticket{' '}
            {Object.values(claimed.ticketNumbers).flat().join(', ')}). Taking you to your tickets…
          </Alert>
        ) : (
          <>
            <CartLines items={cart.items} raffles={raffles} loading={false} now={now} />
            <PromoCodeField
              items={lines}
              applied={promo}
              onApplied={setPromo}
              disabled={busy || !online}
            />
            {promo && (
              <Typography variant="h6" component="p" data-testid="total-with-promo">
                Total to pay: {formatPence(promo.total)}
              </Typography>
            )}
            {credit > 0 && !unavailable && (
              <Typography component="p" data-testid="credit-applied">
                Account credit: −{formatPence(credit)} · To pay by card: {formatPence(toPay)}
              </Typography>
            )}
            <Button
              variant="contained"
              size="large"
              onClick={() => void checkout()}
              disabled={!online || busy || unavailable || refusedLine !== undefined}
            >
              {busy
                ? 'Processing…'
                : unavailable || toPay > 0
                  ? 'Pay by Card'
                  : total === 0
                    ? 'Claim Free Entries'
                    : 'Pay with Account Credit'}
            </Button>
            <Typography variant="body2" color="text.secondary">
              Your tickets are held for 30 minutes while you pay. Entrants must be 18 or over and
              resident in the UK.
            </Typography>
          </>
        )}
      </Stack>
      {askingLimit && (
        <SpendLimitDialog
          onClose={() => setAskingLimit(false)}
          onSaved={(message) => {
            setAskingLimit(false);
            // Said, not dropped: a limit kept from an earlier account at this address makes
            // this choice a raise, which waits 24 hours, and the checkout may then be refused.
            setLimitNotice(message);
            void checkout();
          }}
        />
      )}
      {asking && (
        <AnswerDialog
          raffleId={asking}
          raffleName={raffles.get(asking)?.name ?? ''}
          notice={askWhy}
          onClose={() => {
            setAsking(null);
            setAskWhy(null);
          }}
          onAnswered={() => {
            if (!answerFor(asking)) setWithoutQuestion((ids) => new Set(ids).add(asking));
            setAsking(null);
            setAskWhy(null);
            setAnswered((n) => n + 1);
          }}
        />
      )}
    </Paper>
  );
}
