/** The Functions SDK for lib/callables.ts, which loads it with the first call. */
import { FUNCTIONS_REGION } from '@rafflewin/domain';
import {
  connectFunctionsEmulator,
  getFunctions,
  httpsCallable,
  type HttpsCallableOptions,
} from 'firebase/functions';
import { emulatorHost, firebaseApp, usesEmulators } from './firebase';

const functions = getFunctions(firebaseApp, FUNCTIONS_REGION);

if (usesEmulators) connectFunctionsEmulator(functions, emulatorHost, 5001);

/** The callable `name`, to call with its input. */
export function callableOf<I, O>(name: string, options?: HttpsCallableOptions) {
  return httpsCallable<I, O>(functions, name, options);
}
