/** Custom claim names; the security rules use exactly these. */
export const ADMIN_CLAIM = 'admin';
