import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { FUNCTIONS_REGION } from '@rafflewin/domain';

/** The Admin SDK app, initialised once per function instance. */
export const app = getApps()[0] ?? initializeApp();
export const db = getFirestore(app);
export const auth = getAuth(app);

/** The region every function runs in: London, close to UK customers. */
export const REGION = FUNCTIONS_REGION;
