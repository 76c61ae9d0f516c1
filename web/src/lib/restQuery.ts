/**
 * A query over Firestore's REST API (`runQuery`), for a first answer that cannot wait for the
 * realtime SDK: the same filters, order and limit the SDK listens to (lib/shopReads.ts), sent
 * as one POST and answered in Firestore's typed JSON. Security rules apply as to any client
 * that has not signed in. Loaded only by the lazy chunk that sends the early reads (restShop.ts).
 */
import { fromRestFields, type RestValue } from './firestoreRest';

/** The comparisons the shop's public queries use. */
export type QueryOp = '==' | '<' | '<=' | '>' | '>=' | 'in';

/** A query as data: what the SDK listens to and what the REST read asks for. */
export interface QueryShape {
  /** A collection's path (a subcollection's includes its parent document). */
  collection: string;
  where: ReadonlyArray<readonly [field: string, op: QueryOp, value: unknown]>;
  orderBy: readonly [field: string, direction: 'asc' | 'desc'];
  limit: number;
}

const OPERATORS: Record<QueryOp, string> = {
  '==': 'EQUAL',
  '<': 'LESS_THAN',
  '<=': 'LESS_THAN_OR_EQUAL',
  '>': 'GREATER_THAN',
  '>=': 'GREATER_THAN_OR_EQUAL',
  in: 'IN',
};

/** A value (a filter's, or a field's) in the REST API's typed JSON. */
export function toRestValue(value: unknown): RestValue {
  if (value === null || value === undefined) return { nullValue: null };
  if (value instanceof Date) return { timestampValue: value.toISOString() };
  if (Array.isArray(value)) return { arrayValue: { values: value.map(toRestValue) } };
  switch (typeof value) {
    case 'boolean':
      return { booleanValue: value };
    case 'number':
      return Number.isInteger(value) ? { integerValue: String(value) } : { doubleValue: value };
    case 'string':
      return { stringValue: value };
    case 'object':
      return { mapValue: { fields: toRestFields(value as Record<string, unknown>) } };
    default:
      throw new Error(`No REST value for ${typeof value}`);
  }
}

/** A document's fields in the REST API's typed JSON. */
export const toRestFields = (fields: Record<string, unknown>): Record<string, RestValue> =>
  Object.fromEntries(Object.entries(fields).map(([field, value]) => [field, toRestValue(value)]));

/** The `runQuery` request body for a shape. */
export function structuredQuery(shape: QueryShape): object {
  const collectionId = shape.collection.split('/').at(-1);
  const filters = shape.where.map(([field, op, value]) => ({
    fieldFilter: { field: { fieldPath: field }, op: OPERATORS[op], value: toRestValue(value) },
  }));
  return {
    structuredQuery: {
      from: [{ collectionId }],
      ...(filters.length > 0 && {
        where: filters.length === 1 ? filters[0] : { compositeFilter: { op: 'AND', filters } },
      }),
      orderBy: [
        {
          field: { fieldPath: shape.orderBy[0] },
          direction: shape.orderBy[1] === 'asc' ? 'ASCENDING' : 'DESCENDING',
        },
      ],
      limit: shape.limit,
    },
  };
}

/** The `runQuery` address for a shape: on its collection's parent (the database's root). */
export function runQueryUrl(origin: string, projectId: string, shape: QueryShape): string {
  const parent = shape.collection.split('/').slice(0, -1).join('/');
  const root = `${origin}/v1/projects/${projectId}/databases/(default)/documents`;
  return `${parent ? `${root}/${parent}` : root}:runQuery`;
}

interface RunQueryAnswer {
  document?: { name: string; fields?: Record<string, RestValue> };
}

/**
 * Runs a query once: each document's id and plain data, in the query's order. Throws when the
 * read fails (a refusal, no connection): the caller then waits for the SDK.
 */
export async function runQueryOnce(
  origin: string,
  projectId: string,
  shape: QueryShape,
): Promise<Array<{ id: string; data: Record<string, unknown> }>> {
  const response = await fetch(runQueryUrl(origin, projectId, shape), {
    method: 'POST',
    credentials: 'omit',
    mode: 'cors',
    // A JSON body labelled text/plain, as the Firebase SDK's own REST connection sends it: a
    // CORS "simple" request, with no preflight round trip before the query.
    headers: { 'Content-Type': 'text/plain' },
    body: JSON.stringify(structuredQuery(shape)),
  });
  if (!response.ok) throw new Error(`Firestore answered ${response.status} to a query`);
  const answers = (await response.json()) as RunQueryAnswer[];
  return answers.flatMap(({ document }) =>
    document
      ? [{ id: document.name.split('/').at(-1) ?? '', data: fromRestFields(document.fields ?? {}) }]
      : [],
  );
}
