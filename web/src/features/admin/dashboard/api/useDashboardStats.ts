import { rafflesCollection, usersCollection } from '@rafflewin/domain';
import { collection, query, where } from 'firebase/firestore';
import { useLoaded } from '@/hooks/useLoaded';
import { db } from '@/lib/firestoreApi';
import { activeTickets, countOf, paidOrders, revenueOf } from './aggregates';

export interface DashboardStats {
  users: number;
  raffles: number;
  ticketsSold: number;
  activeRaffles: number;
  /** Pence. */
  revenue: number;
}

/**
 * The five stat cards, each from a count() or sum() aggregation on the server: no collection
 * is ever downloaded. "Active raffles" are those switched on and not yet ended; "Tickets" are
 * tickets issued and not voided by a cancellation.
 */
async function loadStats(now: Date): Promise<DashboardStats> {
  const raffles = collection(db, rafflesCollection);
  const live = query(raffles, where('active', '==', true), where('endDate', '>', now));
  const [users, raffleCount, activeRaffles, ticketsSold, revenue] = await Promise.all([
    countOf(collection(db, usersCollection)),
    countOf(raffles),
    countOf(live),
    countOf(activeTickets),
    revenueOf(paidOrders),
  ]);
  return { users, raffles: raffleCount, activeRaffles, ticketsSold, revenue };
}

/** The dashboard's stat cards, read once. */
export function useDashboardStats() {
  const { value, error } = useLoaded(() => loadStats(new Date()), []);
  return { stats: value ?? null, error };
}
