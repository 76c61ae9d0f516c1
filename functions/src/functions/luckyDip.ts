import { CALLABLES, RATE_LIMITS } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { clientIp } from '../services/auth/requestInfo';
import { luckyDip as drawLuckyDip } from '../services/pool/picking';
import { enforceRateLimit } from '../services/rateLimit';

/**
 * Lucky dip: free numbers of a raffle with number picking, drawn on the server. Guests may dip
 * (they fill a basket before signing in); each network address has an hourly allowance.
 */
export const luckyDip = onCallable(
  CALLABLES.luckyDip,
  async ({ raffleId, quantity, keep }, _caller, request) => {
    await enforceRateLimit(db, `lucky-dip-ip:${clientIp(request)}`, RATE_LIMITS.luckyDip);
    return { numbers: await drawLuckyDip(db, raffleId, quantity, keep, new Date()) };
  },
);
