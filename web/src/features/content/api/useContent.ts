import {
  charityDonationSchema,
  charityDonationsCollection,
  winnerSchema,
  winnersCollection,
} from '@rafflewin/domain';
import { collection, limit, orderBy, query } from 'firebase/firestore';
import { db } from '@/lib/firebase';
import { converterFor } from '@/lib/firestore';
import { useQueryData } from '@/lib/realtime';

/** The most recent of each the public pages show; never the whole collection. */
export const CONTENT_PAGE_SIZE = 24;

const donationsQuery = query(
  collection(db, charityDonationsCollection).withConverter(converterFor(charityDonationSchema)),
  orderBy('date', 'desc'),
  limit(CONTENT_PAGE_SIZE),
);

const winnersQuery = query(
  collection(db, winnersCollection).withConverter(converterFor(winnerSchema)),
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
