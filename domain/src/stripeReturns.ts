/**
 * Where Stripe's hosted pages send the browser back to: routes of the web app, which the
 * functions turn into the Checkout Session's `success_url` and `cancel_url`.
 */
export const STRIPE_RETURNS = {
  /** Paid: the order confirmation, which waits for the webhook's fulfilment. */
  paid: (reservationId: string) => `/checkout/complete/${reservationId}`,
  /** Left the payment page: the reservation is released and the cart shown again. */
  cancelled: (reservationId: string) => `/checkout/cancelled/${reservationId}`,
  /** A card saved on Stripe's set-up page (the settings' Security tab); Stripe fills in the id. */
  cardSaved: '/account/settings?tab=security&card_setup={CHECKOUT_SESSION_ID}',
  cardSetupLeft: '/account/settings?tab=security',
} as const;

/** The query parameter that brings a saved card's set-up session back to the settings page. */
export const CARD_SETUP_PARAM = 'card_setup';
