import { applyActionCode } from 'firebase/auth';
import { auth } from '@/lib/authInstance';

/** Applies an e-mail confirmation link's code; false when the link is used or invalid. */
export async function verifyEmail(oobCode: string): Promise<boolean> {
  try {
    await applyActionCode(auth, oobCode);
    // Auth may have loaded with this page: let it read the stored sign-in first.
    await auth.authStateReady();
    await auth.currentUser?.reload().catch(() => undefined);
    return true;
  } catch {
    return false;
  }
}
