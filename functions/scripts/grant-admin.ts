/**
 * Grants the administrator custom claim to an existing account:
 *   npm run admin:grant -- someone@example.com
 * or, with --staff, the staff claim (staff who are not administrators, e.g. customer service:
 * they can hold tickets but can never win a draw):
 *   npm run admin:grant -- --staff someone@example.com
 * Runs against the local Auth emulator unless GOOGLE_APPLICATION_CREDENTIALS points at a
 * service account, in which case it changes the real project. The claim takes effect on
 * the user's next token refresh (signing out and in again forces one).
 *
 * As the console's Make admin, it grants only to an account whose address is confirmed and is
 * the one the shop keeps: Firebase Auth's own API lets a session put any address on its
 * account, so an address held past the shop (or not yet proved) need not be its owner's.
 */
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { ADMIN_CLAIM, STAFF_CLAIM } from '@rafflewin/domain';
import { addressIsTheShops } from '../src/services/auth/accounts';

/** Why the account with this address may not be given a right; null when it may. */
export function grantRefusal(
  email: string,
  user: { emailVerified: boolean; disabled: boolean },
  theShops: boolean,
): string | null {
  if (user.disabled) return `The account with the e-mail ${email} is suspended: not granted.`;
  if (!user.emailVerified) {
    return `${email} is not confirmed yet: its owner must open the link we e-mailed first, then grant.`;
  }
  if (!theShops) {
    return `${email} was put on this account outside RaffleWin (Firebase Auth's own API), so it may not be its owner's: not granted. Look at the account in User Management first.`;
  }
  return null;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const staff = args.includes('--staff');
  const email = args
    .find((arg) => arg !== '--staff')
    ?.trim()
    .toLowerCase();
  if (!email || !email.includes('@')) {
    console.error('Usage: npm run admin:grant -- [--staff] <email>');
    process.exit(2);
  }
  const production = Boolean(process.env.GOOGLE_APPLICATION_CREDENTIALS);
  if (!production) {
    process.env.FIREBASE_AUTH_EMULATOR_HOST ??= '127.0.0.1:9099';
    process.env.FIRESTORE_EMULATOR_HOST ??= '127.0.0.1:8080';
    process.env.GCLOUD_PROJECT ??= 'demo-rafflewin';
  }
  const app = initializeApp({ projectId: process.env.GCLOUD_PROJECT });
  const auth = getAuth(app);
  const user = await auth.getUserByEmail(email).catch(() => null);
  if (!user) {
    console.error(`No account with the e-mail ${email}. Sign up first, then grant.`);
    process.exit(1);
  }
  const refusal = grantRefusal(
    email,
    user,
    await addressIsTheShops(getFirestore(app), user.uid, user.email),
  );
  if (refusal) {
    console.error(refusal);
    process.exit(1);
  }
  const claim = staff ? STAFF_CLAIM : ADMIN_CLAIM;
  await auth.setCustomUserClaims(user.uid, { ...user.customClaims, [claim]: true });
  console.log(
    `${email} is now ${staff ? 'staff' : 'an administrator'}${production ? '' : ' (local emulator)'}. ` +
      'It applies from their next sign-in or token refresh.',
  );
}

if (require.main === module) void main();
