/**
 * `npm run seed`: writes the demo data into the running emulators. Demo raffles that sold or
 * hold tickets since they were seeded are left as they are (see seedDemoData).
 */
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { PROJECT_ID, useEmulatorsInThisProcess } from '../config';
import { seedDemoData } from './seed';

useEmulatorsInThisProcess();
const app = initializeApp({ projectId: PROJECT_ID });
seedDemoData(getFirestore(app), getAuth(app), new Date(), { keepRafflesInUse: true })
  .then(({ kept }) => {
    console.log('Demo data seeded.');
    if (kept.length > 0) {
      console.log(`Left as they are, having sold or held tickets since: ${kept.join(', ')}.`);
    }
  })
  .catch((error: unknown) => {
    console.error('Seeding failed:', error);
    process.exitCode = 1;
  });
