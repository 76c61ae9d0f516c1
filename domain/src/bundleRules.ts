/**
 * The rules a raffle's bundles must keep, and what the raffle form and `saveRaffle` say when one
 * is broken: apart from bundles.ts, which every shop page's cards load to price their lines.
 */
import { MAX_BUNDLES, type Bundle } from './bundles';
import type { Pence } from './money';

/** The raffle form's and the callable's messages about bundles. */
export const BUNDLE_MESSAGES = {
  tooMany: `A raffle has at most ${MAX_BUNDLES} bundles`,
  ticketsMin: 'A bundle has at least 2 tickets',
  priceInvalid: 'Enter the bundle price such as 8.00',
  notCheaper: 'A bundle must cost less than its tickets bought one by one',
  overPerUser: 'A bundle cannot hold more tickets than one person may buy',
  duplicate: 'Each bundle needs a different number of tickets',
  freeNone: 'Free raffles have no bundles',
} as const;

/** The bundle rules against the raffle's price and limit; the first broken rule's message. */
export function bundleProblem(
  bundles: Bundle[],
  raffle: { ticketPrice: Pence; maxTicketsPerUser: number },
): BundleProblem | null {
  if (bundles.length > MAX_BUNDLES) {
    return { index: MAX_BUNDLES, field: 'tickets', message: BUNDLE_MESSAGES.tooMany };
  }
  const seen = new Set<number>();
  for (const [index, bundle] of bundles.entries()) {
    const fail = (field: BundleProblem['field'], message: string) => ({ index, field, message });
    if (raffle.ticketPrice === 0) return fail('tickets', BUNDLE_MESSAGES.freeNone);
    if (bundle.tickets < 2) return fail('tickets', BUNDLE_MESSAGES.ticketsMin);
    if (bundle.tickets > raffle.maxTicketsPerUser)
      return fail('tickets', BUNDLE_MESSAGES.overPerUser);
    if (seen.has(bundle.tickets)) return fail('tickets', BUNDLE_MESSAGES.duplicate);
    seen.add(bundle.tickets);
    if (bundle.price <= 0) return fail('price', BUNDLE_MESSAGES.priceInvalid);
    if (bundle.price >= bundle.tickets * raffle.ticketPrice) {
      return fail('price', BUNDLE_MESSAGES.notCheaper);
    }
  }
  return null;
}

/** Which bundle breaks which rule. */
export interface BundleProblem {
  index: number;
  field: 'tickets' | 'price';
  message: string;
}
