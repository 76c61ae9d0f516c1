import { raffleSecretSchema, raffleSecretsCollection, type InstantPrize } from '@rafflewin/domain';
import { doc, getDoc } from 'firebase/firestore';
import { converterFor } from '@/lib/converters';
import { db } from '@/lib/firestoreApi';

// Only the instant prizes: a raffle without a skill question may have no correct answers.
const secretConverter = converterFor(raffleSecretSchema.pick({ instantWins: true }));

/** A raffle's secret instant prizes by ticket number (administrators read raffleSecrets). */
export async function loadInstantPrizes(raffleId: string): Promise<InstantPrize[]> {
  const snapshot = await getDoc(
    doc(db, raffleSecretsCollection, raffleId).withConverter(secretConverter),
  );
  const prizes = snapshot.data()?.instantWins?.prizes ?? [];
  return [...prizes].sort((a, b) => a.ticketNumber - b.ticketNumber);
}
