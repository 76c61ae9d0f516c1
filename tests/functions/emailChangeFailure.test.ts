/**
 * An e-mail change whose link was applied but whose later steps failed (Firestore unavailable
 * for a moment): the account must not be left with Auth's address and the profile's apart,
 * which refuses every sign-in as an address changed past the shop, with the link already used.
 */
import { emailChangesCollection } from '@rafflewin/domain';
import type { Firestore } from 'firebase-admin/firestore';
import { sha256Hex } from '../../functions/src/lib/hash';
import { addressIsTheShops } from '../../functions/src/services/auth/accounts';
import { confirmEmailChange } from '../../functions/src/services/auth/credentials';
import * as identityToolkit from '../../functions/src/services/auth/identityToolkit';
import { adminAuth, adminDb, uniqueEmail } from '../support/admin';
import { newCustomer } from '../support/customers';

// Auth's REST API answers for the served project only; this suite's project has its own
// accounts. The code is checked and applied as Auth does it: the address changes, once.
jest.mock('../../functions/src/services/auth/identityToolkit', () => ({
  ...jest.requireActual<typeof identityToolkit>(
    '../../functions/src/services/auth/identityToolkit',
  ),
  checkActionCode: jest.fn(),
  applyActionCode: jest.fn(),
}));

jest.setTimeout(60_000);

/** Firestore whose transactions fail, as during an outage. */
const withoutTransactions = new Proxy(adminDb, {
  get(target, property) {
    if (property === 'runTransaction') {
      return () => Promise.reject(new Error('Firestore is unavailable'));
    }
    const value: unknown = Reflect.get(target, property, target);
    return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
  },
}) as Firestore;

it('keeps the profile’s address with Auth’s when a step after the link fails', async () => {
  const mover = await newCustomer('Mo', 'Mover');
  const newEmail = uniqueEmail('moved');
  const oobCode = 'change-code';
  let used = false;
  jest
    .mocked(identityToolkit.checkActionCode)
    .mockImplementation(async () =>
      used ? null : { requestType: 'VERIFY_AND_CHANGE_EMAIL', email: mover.email, newEmail },
    );
  jest.mocked(identityToolkit.applyActionCode).mockImplementation(async () => {
    if (used) return false;
    used = true;
    await adminAuth.updateUser(mover.uid, { email: newEmail, emailVerified: true });
    return true;
  });
  // As requestEmailChange leaves it once the password is checked: the one change to apply.
  await adminDb
    .collection(emailChangesCollection)
    .doc(mover.uid)
    .set({ codeHash: sha256Hex(oobCode), newEmail });

  await expect(confirmEmailChange(withoutTransactions, adminAuth, oobCode)).rejects.toThrow(
    'Firestore is unavailable',
  );
  expect((await adminAuth.getUser(mover.uid)).email).toBe(newEmail);
  // Before, the profile kept the old address: every sign-in was refused from then on.
  expect(await addressIsTheShops(adminDb, mover.uid, newEmail)).toBe(true);
});
