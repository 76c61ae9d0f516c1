import { CHECKOUT_MESSAGES, ShopError, STRIPE_RETURNS, creditCardRefused } from '@rafflewin/domain';
import type { Firestore } from 'firebase-admin/firestore';
import type { Caller } from '../../lib/access';
import { lineTotal, type PricedLine } from '../checkout/loadCheckoutRaffles';
import type { Reservation } from '../checkout/reserve';
import { readSession, sessionRef } from '../checkout/sessions';
import { stripeCustomerOf } from '../account/stripeCards';
import { closeReleasedPage } from './refundPayment';
import { siteUrl } from '../auth/links';
import { SHOP_CURRENCY, stripe } from './stripe';

/**
 * A Stripe Checkout Session for a reservation: line items priced by the server, expiring
 * with the reservation, linked to it in metadata, created once per reservation. A customer
 * with saved cards pays as their Stripe customer, so Stripe's page offers those cards.
 */
export async function createStripeCheckout(
  db: Firestore,
  reservation: Reservation,
  lines: PricedLine[],
  caller: Caller,
): Promise<string> {
  // Cards only: another way to pay (Link, Klarna, PayPal…) has no card funding to check. A
  // credit card may not pay a basket over what the month's credit-card cap leaves (0 for one
  // with an instant-win raffle: debit cards only), so Stripe's page refuses credit cards for
  // it; the webhook refunds any payment that gets past the page with a credit card or one
  // whose funding is unknown.
  const creditRefused = creditCardRefused(reservation);
  const metadata = {
    reservationId: reservation.sessionId,
    userId: caller.uid,
    creditCardAllowance: String(reservation.creditCardAllowance ?? ''),
  };
  const [client, customer] = await Promise.all([stripe(), stripeCustomerOf(db, caller.uid)]);
  // Bundle savings and account credit come off as one one-off coupon (Stripe has no negative
  // line items and takes one discount per session): the lines show each ticket's own price.
  const savings = lines.reduce(
    (sum, line) => sum + line.raffle.ticketPrice * line.quantity - lineTotal(line),
    0,
  );
  const promoDiscount = reservation.promo?.discount ?? 0;
  const off = savings + promoDiscount + reservation.creditApplied;
  const discounts =
    off > 0
      ? [
          {
            coupon: (
              await client.coupons.create(
                {
                  amount_off: off,
                  currency: SHOP_CURRENCY,
                  duration: 'once',
                  max_redemptions: 1,
                  name: discountName(savings, reservation),
                },
                { idempotencyKey: `discount-${reservation.sessionId}` },
              )
            ).id,
          },
        ]
      : undefined;
  const session = await client.checkout.sessions.create(
    {
      mode: 'payment',
      client_reference_id: reservation.sessionId,
      ...(customer ? { customer } : { customer_email: caller.email ?? undefined }),
      line_items: lines.map(({ raffle, quantity }) => ({
        quantity,
        price_data: {
          currency: SHOP_CURRENCY,
          unit_amount: raffle.ticketPrice,
          product_data: { name: raffle.name },
        },
      })),
      expires_at: Math.floor(reservation.expiresAt.getTime() / 1000),
      allowed_payment_method_types: ['card'],
      ...(creditRefused
        ? {
            payment_method_options: {
              card: { restrictions: { funding_types_blocked: ['credit'] } },
            },
          }
        : {}),
      discounts,
      metadata,
      payment_intent_data: { metadata },
      success_url: `${siteUrl()}${STRIPE_RETURNS.paid(reservation.sessionId)}`,
      cancel_url: `${siteUrl()}${STRIPE_RETURNS.cancelled(reservation.sessionId)}`,
    },
    { idempotencyKey: `checkout-${reservation.sessionId}` },
  );
  // Recorded only while the reservation is still pending: a checkout the shopper started in
  // another tab may have released it meanwhile (its release closed no page, none was recorded
  // yet), and the page made for it must not be paid.
  const reservationRef = sessionRef(db, reservation.sessionId);
  const recorded = await db.runTransaction(async (tx) => {
    if (readSession(await tx.get(reservationRef))?.status !== 'pending') return false;
    tx.update(reservationRef, { stripeSessionId: session.id });
    return true;
  });
  if (!recorded) {
    await closeReleasedPage(session.id);
    throw new ShopError('failed-precondition', CHECKOUT_MESSAGES.closedWhileOpening, 'replaced');
  }
  if (!session.url) throw new Error('Stripe returned no checkout URL');
  return session.url;
}

/** The longest name Stripe takes for a coupon. */
const COUPON_NAME_MAX = 40;

/**
 * What Stripe's page calls the discount: "Code SPRING-10 and account credit", or more shortly
 * when that is longer than Stripe takes ("Bundle savings, code SPRING-10 and account credit").
 */
function discountName(savings: number, reservation: Reservation): string {
  const promo = reservation.promo && reservation.promo.discount > 0 ? reservation.promo : null;
  const named = (code: string | null) => {
    const parts = [
      savings > 0 ? 'bundle savings' : null,
      code,
      reservation.creditApplied > 0 ? 'account credit' : null,
    ].filter((part): part is string => part !== null);
    const text =
      parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)!}` : parts[0]!;
    return text.charAt(0).toUpperCase() + text.slice(1);
  };
  const full = named(promo ? `code ${promo.code}` : null);
  if (full.length <= COUPON_NAME_MAX) return full;
  const shorter = named(promo ? 'promo code' : null);
  return shorter.length <= COUPON_NAME_MAX ? shorter : 'Your discounts';
}
