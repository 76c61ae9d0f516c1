import { parseDocument } from '@rafflewin/domain';
import type {
  BulkWriter,
  DocumentData,
  DocumentReference,
  FirestoreDataConverter,
  QueryDocumentSnapshot,
} from 'firebase-admin/firestore';
import type { z } from 'zod';

/**
 * A converter that validates every read against the domain schema and adds the id.
 * Writes go through as they are: Dates become Timestamps in the SDK.
 */
export function converterFor<S extends z.ZodType<DocumentData>>(
  schema: S,
): FirestoreDataConverter<z.infer<S> & { id: string }, DocumentData> {
  return {
    toFirestore: (data: object) => {
      const { id: _id, ...stored } = data as DocumentData;
      return stored;
    },
    fromFirestore: (snapshot: QueryDocumentSnapshot) =>
      parseDocument(schema, snapshot.data(), snapshot.id),
  };
}

/** Whether a Firestore create failed because the document was already there (gRPC 6). */
export function isAlreadyExists(error: unknown): boolean {
  return (error as { code?: number } | null)?.code === 6;
}

/**
 * Creates a document with a bulk writer unless it exists: true when this call created it, so a
 * retried run (fixed ids) writes nothing twice.
 */
export function createOnce(
  writer: BulkWriter,
  ref: DocumentReference,
  data: object,
): Promise<boolean> {
  return writer.create(ref, data).then(
    () => true,
    (error: unknown) => {
      if (isAlreadyExists(error)) return false;
      throw error;
    },
  );
}
