import type { z } from 'zod';

interface TimestampLike {
  toDate(): Date;
}

function isTimestampLike(value: object): value is TimestampLike {
  return typeof (value as Partial<TimestampLike>).toDate === 'function';
}

/**
 * Replaces Firestore Timestamps (from either SDK, recognised by their `toDate`) with Dates,
 * deeply, so the domain schemas can parse stored documents.
 */
export function timestampsToDates(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (isTimestampLike(value)) return value.toDate();
  if (Array.isArray(value)) return value.map(timestampsToDates);
  if (value.constructor !== Object) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [key, timestampsToDates(inner)]),
  );
}

/** Parses a stored document with its schema and adds its id. Throws on a malformed document. */
export function parseDocument<S extends z.ZodType>(
  schema: S,
  data: unknown,
  id: string,
): z.infer<S> & { id: string } {
  const parsed: z.infer<S> = schema.parse(timestampsToDates(data));
  return Object.assign({}, parsed, { id });
}
