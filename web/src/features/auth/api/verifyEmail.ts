import { applyActionCode } from 'firebase/auth';
import { auth } from '@/lib/firebase';

/** Applies an e-mail confirmation link's code; false when the link is used or invalid. */
export async function verifyEmail(oobCode: string): Promise<boolean> {
  try {
    await applyActionCode(auth, oobCode);
    await auth.currentUser?.reload().catch(() => undefined);
    return true;
  } catch {
    return false;
  }
}
