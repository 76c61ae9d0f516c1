/**
 * Whether an SDK's error carries `code`: Auth's (`auth/user-not-found`) or Stripe's
 * (`charge_already_refunded`, `charge_disputed`).
 */
export function hasCode(error: unknown, code: string): boolean {
  return (error as { code?: unknown } | null)?.code === code;
}
