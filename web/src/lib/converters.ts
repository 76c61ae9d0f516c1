import { parseDocument } from '@rafflewin/domain';
import type {
  DocumentData,
  FirestoreDataConverter,
  QueryDocumentSnapshot,
  SnapshotOptions,
} from 'firebase/firestore';
import type { z } from 'zod';

/**
 * A converter that validates every read against the domain schema and adds the id.
 * Create converters once at module scope: reactfire's cache compares them by identity.
 * `estimateServerTimestamps` is for documents this browser writes with `serverTimestamp()`:
 * until the server answers, the local copy reads the time as an estimate instead of null
 * (which the schema would refuse).
 */
export function converterFor<S extends z.ZodType<DocumentData>>(
  schema: S,
  { estimateServerTimestamps = false } = {},
): FirestoreDataConverter<z.infer<S> & { id: string }, DocumentData> {
  return {
    toFirestore: (data: object) => {
      const { id: _id, ...stored } = data as DocumentData;
      return stored;
    },
    fromFirestore: (snapshot: QueryDocumentSnapshot, options?: SnapshotOptions) =>
      parseDocument(
        schema,
        snapshot.data(
          estimateServerTimestamps ? { ...options, serverTimestamps: 'estimate' } : options,
        ),
        snapshot.id,
      ),
  };
}
