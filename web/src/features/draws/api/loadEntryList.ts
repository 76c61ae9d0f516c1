import { drawEntryChunkId, drawEntryListPath, type DrawRecord } from '@rafflewin/domain';
import { loadFirestore } from '@/lib/live';

/**
 * The frozen entry list a draw record names (a few documents of up to 20,000 numbers each,
 * named by the list's hash).
 */
export async function loadEntryList(
  draw: Pick<DrawRecord, 'raffleId' | 'entriesHash' | 'entryListChunks'>,
): Promise<number[]> {
  const { db, doc, getDoc, shopConverters } = await loadFirestore();
  const chunks = await Promise.all(
    Array.from({ length: draw.entryListChunks }, (_, index) =>
      getDoc(
        doc(
          db,
          drawEntryListPath(draw.raffleId),
          drawEntryChunkId(draw.entriesHash, index),
        ).withConverter(shopConverters.drawEntryChunk),
      ),
    ),
  );
  return chunks.flatMap((chunk) => chunk.data()?.numbers ?? []);
}
