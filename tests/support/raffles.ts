/** Test raffles written straight into the emulator (functions create the pool lazily). */
import {
  questionsPath,
  rafflePath,
  raffleSecretsCollection,
  type RaffleData,
} from '@rafflewin/domain';
import { adminDb } from './admin';
import { callOk, type Customer } from './customers';
import { payByCard } from './stripeDouble';

const HOUR = 3_600_000;

export const QUESTION_ID = 'main';
export const CORRECT = 'B';

export async function createRaffle(
  overrides: Partial<RaffleData> = {},
  { question = true } = {},
): Promise<string> {
  const id = `test-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const now = Date.now();
  const data: RaffleData = {
    name: `Test raffle ${id}`,
    description: 'A test prize',
    imageUrl: '/images/placeholder.svg',
    category: 'cash',
    ticketPrice: 150,
    maxTickets: 100,
    maxTicketsPerUser: 10,
    soldTickets: 0,
    reservedTickets: 0,
    active: true,
    startDate: new Date(now - HOUR),
    // Far off, so these never crowd the shop's first page or Ending Soon in browser tests that
    // share the emulators.
    endDate: new Date(now + 300 * 24 * HOUR),
    createdAt: new Date(now - 2 * HOUR),
    onlineEntryText: '',
    postalEntryText: '',
    closeOnSellOut: false,
    drawCommitment: null,
    drawStatus: 'pending',
    ...overrides,
  };
  await adminDb.doc(rafflePath(id)).set(data);
  if (question && data.ticketPrice > 0) {
    await adminDb.doc(`${questionsPath(id)}/${QUESTION_ID}`).set({
      text: 'Capital of the UK?',
      optionA: 'Leeds',
      optionB: 'London',
      optionC: 'Hull',
      isActive: true,
      createdAt: new Date(now),
    });
    await adminDb
      .collection(raffleSecretsCollection)
      .doc(id)
      .set({ correctAnswers: { [QUESTION_ID]: CORRECT } });
  }
  return id;
}

/** A checkout line answering the raffle's question correctly. */
export const line = (raffleId: string, quantity: number, option: 'A' | 'B' | 'C' = CORRECT) => ({
  raffleId,
  quantity,
  answer: { questionId: QUESTION_ID, option },
});

/**
 * Buys tickets the way a customer does: startCheckout, then a test card on Stripe's page (the
 * local double's), or the free claim for a zero total. Returns the ticket numbers issued.
 */
export async function buyTickets(
  customer: Customer,
  raffleId: string,
  quantity: number,
  option: 'A' | 'B' | 'C' = CORRECT,
): Promise<number[]> {
  const started = await callOk(
    'startCheckout',
    { items: [line(raffleId, quantity, option)] },
    customer,
  );
  const paid =
    started.amount === 0
      ? await callOk('claimFreeEntries', { sessionId: started.sessionId }, customer)
      : await payByCard(started);
  return paid.ticketNumbers[raffleId] ?? [];
}
