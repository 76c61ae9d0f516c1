import {
  drawRecordSchema,
  drawsCollection,
  raffleSchema,
  rafflePath,
  type DrawRecord,
  type Raffle,
} from '@rafflewin/domain';
import { converterFor } from '@/lib/converters';
import { useWithFirestore } from '@/lib/live';
import { useDocumentData, type LoadStatus } from '@/lib/realtime';

const drawConverter = converterFor(drawRecordSchema);
const raffleConverter = converterFor(raffleSchema);

/** A raffle and its published draw, live: the page updates the moment the draw happens. */
export function useDraw(raffleId: string): {
  status: LoadStatus;
  raffle: Raffle | undefined;
  draw: DrawRecord | undefined;
} {
  const drawRef = useWithFirestore(
    ({ db, doc }) => doc(db, drawsCollection, raffleId).withConverter(drawConverter),
    [raffleId],
  );
  const raffleRef = useWithFirestore(
    ({ db, doc }) => doc(db, rafflePath(raffleId)).withConverter(raffleConverter),
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
