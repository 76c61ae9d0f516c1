import { setRaffleActiveInput } from '@rafflewin/domain';
import { adminOnCall } from '../lib/callable';
import { db } from '../lib/firebase';
import { setRaffleActive as setActive } from '../services/raffles/save';

/** The raffle's Status toggle (administrators, audited). */
export const setRaffleActive = adminOnCall(
  setRaffleActiveInput,
  async ({ raffleId, active }, admin) => {
    await setActive(db, admin, raffleId, active);
    return { id: raffleId, active };
  },
);
