import type { Auth, UserRecord } from 'firebase-admin/auth';

/** The account with this e-mail address, or null. */
export async function userByEmail(auth: Auth, email: string): Promise<UserRecord | null> {
  try {
    return await auth.getUserByEmail(email);
  } catch (error) {
    if ((error as { code?: string }).code === 'auth/user-not-found') return null;
    throw error;
  }
}

/** The account with this uid, or null. */
export async function userByUid(auth: Auth, uid: string): Promise<UserRecord | null> {
  try {
    return await auth.getUser(uid);
  } catch (error) {
    if ((error as { code?: string }).code === 'auth/user-not-found') return null;
    throw error;
  }
}

export function hasCode(error: unknown, code: string): boolean {
  return (error as { code?: string } | null)?.code === code;
}
