/** Custom claim names; the security rules use exactly these. */
export const ADMIN_CLAIM = 'admin';
/**
 * Staff who are not administrators (customer service, the operator's family and suppliers'
 * people, as the prize-draw codes require): they may hold tickets but can never win.
 */
export const STAFF_CLAIM = 'staff';
