import { drawsCollection, rafflePath, type DrawRecord, type Raffle } from '@rafflewin/domain';
import { useWithFirestore } from '@/lib/live';
import { useDocumentData, type LoadStatus } from '@/lib/realtime';

/** A raffle and its published draw, live: the page updates the moment the draw happens. */
export function useDraw(raffleId: string): {
  status: LoadStatus;
  raffle: Raffle | undefined;
  draw: DrawRecord | undefined;
} {
  const drawRef = useWithFirestore(
    ({ db, doc, shopConverters }) =>
      doc(db, drawsCollection, raffleId).withConverter(shopConverters.drawRecord),
    [raffleId],
  );
  const raffleRef = useWithFirestore(
    ({ db, doc, shopConverters }) =>
      doc(db, rafflePath(raffleId)).withConverter(shopConverters.raffle),
    [raffleId],
  );
  const draw = useDocumentData(drawRef);
  const raffle = useDocumentData(raffleRef);
  // A cancelled raffle is no longer public; its draw record (if any) still is.
  const status: LoadStatus =
    draw.status === 'loading' || raffle.status === 'loading'
      ? 'loading'
      : draw.status === 'error'
        ? 'error'
        : 'success';
  return { status, raffle: raffle.data, draw: draw.data };
}
