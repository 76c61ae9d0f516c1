import { signOut as firebaseSignOut } from 'firebase/auth';
import { auth } from '@/lib/firebase';

/** Signs out; the caller navigates home afterwards (the spec waits 100 ms). */
export function signOut(): Promise<void> {
  return firebaseSignOut(auth);
}
