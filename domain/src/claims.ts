/** Custom claim names; the security rules use exactly these. */
export const ADMIN_CLAIM = 'admin';
/**
 * Staff who are not administrators (customer service, the operator's family and suppliers'
 * people, as the prize-draw codes require): they may hold tickets, but a ticket issued to them
 * never wins (tickets.ts `issuedToStaff`: the draw judges what the ticket was when issued).
 */
export const STAFF_CLAIM = 'staff';

/**
 * Whether an account's custom claims make it one that never wins (an administrator or staff):
 * the draw, instant prizes and the checkout's notice all ask this.
 */
export function holdsStaffClaim(
  claims: Readonly<Record<string, unknown>> | null | undefined,
): boolean {
  return claims?.[ADMIN_CLAIM] === true || claims?.[STAFF_CLAIM] === true;
}
