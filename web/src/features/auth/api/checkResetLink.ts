import { verifyPasswordResetCode } from 'firebase/auth';
import { auth } from '@/lib/authInstance';

/** The address a reset link is for, or null when the link is used, expired or invalid. */
export async function checkResetLink(oobCode: string): Promise<string | null> {
  try {
    return await verifyPasswordResetCode(auth, oobCode);
  } catch {
    return null;
  }
}
