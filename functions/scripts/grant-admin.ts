/**
 * Grants the administrator custom claim to an existing account:
 *   npm run admin:grant -- someone@example.com
 * Runs against the local Auth emulator unless GOOGLE_APPLICATION_CREDENTIALS points at a
 * service account, in which case it changes the real project. The claim takes effect on
 * the user's next token refresh (signing out and in again forces one).
 */
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { ADMIN_CLAIM } from '@rafflewin/domain';

async function main(): Promise<void> {
  const email = process.argv[2]?.trim().toLowerCase();
  if (!email || !email.includes('@')) {
    console.error('Usage: npm run admin:grant -- <email>');
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
  await auth.setCustomUserClaims(user.uid, { ...user.customClaims, [ADMIN_CLAIM]: true });
  console.log(
    `${email} is now an administrator${production ? '' : ' (local emulator)'}. ` +
      'It applies from their next sign-in or token refresh.',
  );
}

void main();
