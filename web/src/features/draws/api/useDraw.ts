import { drawsCollection, rafflePath, type DrawRecord, type Raffle } from '@rafflewin/domain';
import type { LoadStatus } from '@/lib/realtime';
import { useShopDocument } from '@/lib/shopReads';

/** A raffle and its published draw, live: the page updates the moment the draw happens. */
export function useDraw(raffleId: string): {
  status: LoadStatus;
  raffle: Raffle | undefined;
  draw: DrawRecord | undefined;
} {
  const raffle = useShopDocument('raffle', rafflePath(raffleId));
  // One transaction records the draw and sets the raffle's drawStatus: a raffle still pending
  // has no record yet, so the early read waits for the raffle and skips a certain miss.
  const drawn = raffle.data ? raffle.data.drawStatus !== 'pending' : null;
  const draw = useShopDocument('drawRecord', `${drawsCollection}/${raffleId}`, drawn);
  // A switched-off raffle is not public (a cancelled one is); its draw record (if any) is.
  const status: LoadStatus =
    draw.status === 'loading' || raffle.status === 'loading'
      ? 'loading'
      : draw.status === 'error'
        ? 'error'
        : 'success';
  return { status, raffle: raffle.data, draw: draw.data };
}
