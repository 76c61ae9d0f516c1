import { FieldValue } from 'firebase-admin/firestore';

/**
 * An order's count of refunds under way in each of `raffleIds`, moved by `by`: while one is
 * above 0 that raffle's draw waits (draw.ts, refundsUnderWay), as the tickets it counts are yet
 * to be voided.
 */
export function refundingMoved(raffleIds: string[], by: 1 | -1): Record<string, FieldValue> {
  return Object.fromEntries(
    raffleIds.map((raffleId) => [`refunding.${raffleId}`, FieldValue.increment(by)]),
  );
}
