/** `npm run seed`: writes the demo data into the running emulators. */
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { PROJECT_ID, useEmulatorsInThisProcess } from '../config';
import { seedDemoData } from './seed';

useEmulatorsInThisProcess();
const app = initializeApp({ projectId: PROJECT_ID });
seedDemoData(getFirestore(app), getAuth(app))
  .then(() => console.log('Demo data seeded.'))
  .catch((error: unknown) => {
    console.error('Seeding failed:', error);
    process.exitCode = 1;
  });
