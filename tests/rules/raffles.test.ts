import {
  assertFails,
  assertSucceeds,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { doc, getDoc, setDoc, updateDoc } from 'firebase/firestore';
import { adminClaims, createRulesEnvironment } from '../support/rules';

let env: RulesTestEnvironment;

const raffle = (active: boolean) => ({
  name: 'Test raffle',
  active,
  soldTickets: 3,
  maxTickets: 10,
  ticketPrice: 100,
});

beforeAll(async () => {
  env = await createRulesEnvironment('raffles');
});

afterAll(async () => {
  await env.cleanup();
});

beforeEach(async () => {
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (context) => {
    await setDoc(doc(context.firestore(), 'raffles/live'), raffle(true));
    await setDoc(doc(context.firestore(), 'raffles/draft'), raffle(false));
  });
});

describe('raffles/{raffleId}', () => {
  it('lets a guest read an active raffle', async () => {
    await assertSucceeds(getDoc(doc(env.unauthenticatedContext().firestore(), 'raffles/live')));
  });

  it('hides an inactive raffle from guests and customers', async () => {
    await assertFails(getDoc(doc(env.unauthenticatedContext().firestore(), 'raffles/draft')));
    await assertFails(getDoc(doc(env.authenticatedContext('alice').firestore(), 'raffles/draft')));
  });

  it('lets an administrator read an inactive raffle', async () => {
    const db = env.authenticatedContext('admin', adminClaims).firestore();
    await assertSucceeds(getDoc(doc(db, 'raffles/draft')));
  });

  it('refuses a customer raising soldTickets', async () => {
    const db = env.authenticatedContext('alice').firestore();
    await assertFails(updateDoc(doc(db, 'raffles/live'), { soldTickets: 0 }));
  });
});
