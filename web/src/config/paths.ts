import { STRIPE_RETURNS, type RaffleCategory } from '@rafflewin/domain';

/** Every route of the site, in one place. */
export const paths = {
  home: '/',
  competitions: '/competitions',
  cash: '/competitions/cash',
  tech: '/competitions/tech',
  cars: '/competitions/cars',
  charity: '/charity',
  free: '/free',
  winners: '/winners',
  entries: '/entries',
  draw: (raffleId: string) => `/draws/${raffleId}`,
  cart: '/cart',
  checkout: '/checkout',
  /** Stripe's return routes (the functions build Stripe's URLs from the same paths). */
  checkoutComplete: STRIPE_RETURNS.paid,
  checkoutCancelled: STRIPE_RETURNS.cancelled,
  about: '/about',
  contact: '/contact',
  terms: '/terms',
  privacy: '/privacy',
  commitments: '/commitments',
  responsiblePlay: '/responsible-play',
  auth: '/auth',
  twoFactor: '/2fa',
  resetPassword: '/reset-password',
  newPassword: '/new-password',
  account: {
    root: '/account',
    saved: '/account/saved',
    settings: '/account/settings',
    update: '/account/update',
    password: '/account/password',
    tickets: '/account/tickets',
    ticket: (ticketId: string) => `/account/tickets/${ticketId}`,
    orders: '/account/orders',
    order: (orderId: string) => `/account/orders/${orderId}`,
    support: '/account/support',
    supportTicket: (ticketId: string) => `/account/support/${ticketId}`,
    notifications: '/account/notifications',
  },
  admin: {
    root: '/admin',
    raffles: '/admin/raffles',
    users: '/admin/users',
    tickets: '/admin/tickets',
    support: '/admin/support',
    notifications: '/admin/notifications',
    orders: '/admin/orders',
    promoCodes: '/admin/promo-codes',
    carousel: '/admin/carousel',
    manualEntry: '/admin/manual-entry',
    postalEntries: '/admin/postal-entries',
    settings: '/admin/settings',
  },
} as const;

/** /auth with a redirect back to where the visitor was. */
export function authPath(redirect?: string): string {
  return redirect ? `${paths.auth}?redirect=${encodeURIComponent(redirect)}` : paths.auth;
}

/** /2fa with a redirect on to where the person was going. */
export function twoFactorPath(redirect: string): string {
  return `${paths.twoFactor}?redirect=${encodeURIComponent(redirect)}`;
}

/** The listing page where a raffle of each category is shown. */
export const categoryPaths: Record<RaffleCategory, string> = {
  cash: paths.cash,
  tech: paths.tech,
  charity: paths.charity,
  free: paths.free,
  competition: paths.competitions,
};
