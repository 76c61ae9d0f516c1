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

/**
 * Whether a Firestore call failed for a moment rather than for good: ABORTED (contention past
 * the SDK's own retries), DEADLINE_EXCEEDED, UNAVAILABLE, or the emulator's INVALID_ARGUMENT
 * "Transaction is invalid or closed" (what it answers, instead of ABORTED, to a transaction it
 * gave up on while many others waited for the same documents).
 */
export function isTransient(error: unknown): boolean {
  const { code, details } = (error ?? {}) as { code?: unknown; details?: unknown };
  if (code === 10 || code === 4 || code === 14) return true;
  return (
    code === 3 && typeof details === 'string' && /transaction is invalid or closed/i.test(details)
  );
}

/**
 * Runs idempotent work again (a few times, after a short random pause) while it fails for a
 * moment (see isTransient); any other failure, or the last attempt's, is thrown.
 */
export async function retryTransient<T>(work: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (!isTransient(error) || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt + Math.random() * 400));
    }
  }
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
