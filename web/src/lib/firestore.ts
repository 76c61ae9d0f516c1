import { collection, type CollectionReference, type DocumentData } from 'firebase/firestore';
import type { z } from 'zod';
import { converterFor } from './converters';
import { db } from './firebase';

export { converterFor } from './converters';

/** A collection whose documents are read through their domain schema (parsed, id attached). */
export function typedCollection<S extends z.ZodType<DocumentData>>(
  path: string,
  schema: S,
): CollectionReference<z.infer<S> & { id: string }, DocumentData> {
  return collection(db, path).withConverter(converterFor(schema));
}
