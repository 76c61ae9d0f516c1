import { CALLABLES } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { setRaffleActive as setActive } from '../services/raffles/save';

/** The raffle's Status toggle (administrators, audited). */
export const setRaffleActive = onCallable(
  CALLABLES.setRaffleActive,
  async ({ raffleId, active }, admin) => {
    await setActive(db, admin, raffleId, active);
    return { id: raffleId, active };
  },
);
