import { ENTRY_LIST_RAFFLES_PER_PAGE } from '@rafflewin/domain';
import { useEffect, useState } from 'react';
import { call } from '@/lib/callables';

interface Waiting {
  raffleId: string;
  resolve(total: number | undefined): void;
  reject(error: unknown): void;
}

let waiting: Waiting[] = [];

/** Sends the totals asked for in the same moment (a page of /entries) in as few requests as may be. */
function askTogether(): void {
  const asked = waiting;
  waiting = [];
  for (let start = 0; start < asked.length; start += ENTRY_LIST_RAFFLES_PER_PAGE) {
    const part = asked.slice(start, start + ENTRY_LIST_RAFFLES_PER_PAGE);
    call('countEntries', { raffleIds: part.map((w) => w.raffleId) }).then(
      ({ totals }) => part.forEach((w) => w.resolve(totals[w.raffleId])),
      (error: unknown) => part.forEach((w) => w.reject(error)),
    );
  }
}

/** A raffle's total, counted by the server with the others asked for meanwhile. */
function countEntries(raffleId: string): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    waiting.push({ raffleId, resolve, reject });
    if (waiting.length === 1) setTimeout(askTogether, 0);
  });
}

/**
 * How many entries a raffle's public list holds, counted by the server (countEntries: the rules
 * let the browser read the list a page at a time only), not the raffle's `soldTickets`, which
 * still counts refunded tickets whose entries were deleted. Null until it answers; when it
 * cannot be counted (or the raffle's list is no longer public), `fallback`.
 */
export function useEntryTotal(raffleId: string, fallback: number): number | null {
  const [answer, setAnswer] = useState<{ raffleId: string; total: number } | null>(null);
  useEffect(() => {
    let live = true;
    countEntries(raffleId).then(
      (total) => live && setAnswer({ raffleId, total: total ?? fallback }),
      () => live && setAnswer({ raffleId, total: fallback }),
    );
    return () => {
      live = false;
    };
  }, [raffleId, fallback]);
  return answer?.raffleId === raffleId ? answer.total : null;
}
