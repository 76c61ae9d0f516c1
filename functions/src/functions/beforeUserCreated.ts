import { AUTH_MESSAGES } from '@rafflewin/domain';
import { HttpsError, beforeUserCreated as beforeCreate } from 'firebase-functions/v2/identity';
import { REGION } from '../lib/firebase';

/**
 * Blocking function: Firebase Auth asks it before creating any account a client asked for
 * (e-mail and password through the Auth API, a sign-in link for a new address, any other
 * provider). Every one is refused: accounts are made only by the `signUp` callable, which
 * checks age, names, username, terms and whether registration is open, and creates the account
 * with the Admin SDK, which blocking functions do not see. (Deployed, this needs Firebase
 * Authentication with Identity Platform; the Auth emulator runs it as it is.)
 */
export const beforeUserCreated = beforeCreate({ region: REGION }, () => {
  throw new HttpsError('permission-denied', AUTH_MESSAGES.signUpThroughShop);
});
