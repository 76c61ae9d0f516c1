/** Messages shown to people, in one place. */
export const CHECKOUT_MESSAGES = {
  raffleNotFound: 'Raffle not found or no longer available',
  notActive: 'This raffle is not currently active',
  ended: 'This raffle has ended',
  soldOut: 'This raffle is sold out',
  onlyLeft: (n: number) => `Only ${n} ${n === 1 ? 'ticket' : 'tickets'} left for this raffle`,
  freeOnlyOne: 'You already have a ticket for this free raffle',
  perUserMax: (max: number) => `You can only have up to ${max} tickets for this raffle`,
  answerRequired: 'Please answer the question to enter this raffle',
  incorrectAnswer: 'Incorrect answer',
  emptyCart: 'Your cart is empty',
  reservationNotFound: 'Checkout session not found',
  reservationExpired: 'Your reservation has expired. Please check out again.',
  reservationDone: 'This checkout has already been completed',
  notFree: 'This order is not free: please pay by card',
  cardDeclined: 'Your card was declined',
  cardInvalid: 'Use a test card: 4242 4242 4242 4242 (credit) or 4000 0566 5566 5556 (debit)',
  paymentFailed: 'Payment processing failed',
  /** A deployed shop without its Stripe keys takes no card payments (free entries still work). */
  paymentsUnavailable: 'Card payments are not available at the moment. Please try again later.',
  processFreeFailed: 'Failed to process free tickets',
  busy: 'This raffle is very busy right now. Nothing was reserved: please try again.',
  /** A raffle of the checkout was cancelled or drawn before the payment arrived. */
  raffleClosedRefunded:
    'A raffle in your order closed before your payment arrived, so no tickets were issued. ' +
    'It has been refunded in full.',
  latePaymentRefunded:
    'Your payment arrived after your reservation had expired, so no tickets were issued. ' +
    'It has been refunded in full.',
} as const;

export const ACCESS_MESSAGES = {
  signInRequired: 'Please sign in to continue',
  maintenance: 'Site is currently in maintenance mode. Only administrators can access the site.',
  banned: 'This account has been suspended. Please contact support.',
  adminOnly: 'Access denied. Admin privileges required.',
  emailNotVerified: 'Please verify your email address to continue. Open the link we e-mailed you.',
  twoFactorRequired: 'Two-factor verification required',
} as const;

/** The card form. */
export const CARD_MESSAGES = {
  nameRequired: 'Name on card is required',
  numberInvalid: 'Card number must be 16 digits',
  expiryInvalid: 'Expiry must be MM/YY',
  securityCodeRequired: 'Security code is required',
  securityCodeHint: 'Please enter the 3-digit security code on the back of your card',
  securityCodeInvalid: 'Security code must be 3 or 4 digits',
} as const;
