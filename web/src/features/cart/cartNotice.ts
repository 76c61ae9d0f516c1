/** A note the cart page shows once, handed over in the router's state (e.g. back from Stripe). */
export interface CartNotice {
  notice: { severity: 'info' | 'warning' | 'error'; message: string };
}

export function cartNoticeOf(state: unknown): CartNotice['notice'] | null {
  const notice = (state as Partial<CartNotice> | null)?.notice;
  return notice && typeof notice.message === 'string' ? notice : null;
}
