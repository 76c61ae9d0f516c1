import {
  charityDonationSchema,
  charityDonationsCollection,
  winnerSchema,
  winnersCollection,
} from '@rafflewin/domain';
import { limit, orderBy, query } from 'firebase/firestore';
import { typedCollection } from '@/lib/firestore';
import { useQueryData } from '@/lib/realtime';

/** The most recent of each the public pages show; never the whole collection. */
export const CONTENT_PAGE_SIZE = 24;

const donationsQuery = query(
  typedCollection(charityDonationsCollection, charityDonationSchema),
  orderBy('date', 'desc'),
  limit(CONTENT_PAGE_SIZE),
);

const winnersQuery = query(
  typedCollection(winnersCollection, winnerSchema),
  orderBy('announcementDate', 'desc'),
  limit(CONTENT_PAGE_SIZE),
);

/** Charity donations, newest first. */
export function useDonations() {
  return useQueryData(donationsQuery);
}

/** Winners, most recently announced first. */
export function useWinners() {
  return useQueryData(winnersQuery);
}
