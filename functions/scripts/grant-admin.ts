/**
 * Grants the administrator custom claim to an existing account:
 *   npm run admin:grant -- someone@example.com
 * or, with --staff, the staff claim (staff who are not administrators, e.g. customer service:
 * they can hold tickets but can never win a draw):
 *   npm run admin:grant -- --staff someone@example.com
 * Runs against the local Auth emulator unless GOOGLE_APPLICATION_CREDENTIALS points at a
 * service account, in which case it changes the real project. The claim takes effect on
 * the user's next token refresh (signing out and in again forces one).
 */
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { ADMIN_CLAIM, STAFF_CLAIM } from '@rafflewin/domain';

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
    process.env.GCLOUD_PROJECT ??= 'demo-rafflewin';
  }
  const auth = getAuth(initializeApp({ projectId: process.env.GCLOUD_PROJECT }));
  const user = await auth.getUserByEmail(email).catch(() => null);
  if (!user) {
    console.error(`No account with the e-mail ${email}. Sign up first, then grant.`);
    process.exit(1);
  }
  const claim = staff ? STAFF_CLAIM : ADMIN_CLAIM;
  await auth.setCustomUserClaims(user.uid, { ...user.customClaims, [claim]: true });
  console.log(
    `${email} is now ${staff ? 'staff' : 'an administrator'}${production ? '' : ' (local emulator)'}. ` +
      'It applies from their next sign-in or token refresh.',
  );
}

void main();
