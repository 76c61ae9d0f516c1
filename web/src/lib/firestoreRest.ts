/**
 * Firestore's REST API, for a first read that cannot wait for the realtime SDK (about 100 KB
 * and a channel's round trips): one GET of one document, answered in Firestore's typed JSON and
 * turned back into plain values here. The security rules apply as to any unsigned-in client.
 * Pure functions: vite.config.ts builds the same address for the page's preload.
 */

/** The emulator's Firestore port (firebase.json). */
export const EMULATOR_FIRESTORE_PORT = 8080;

/**
 * The project the app talks to and where its local emulators listen, from the build's
 * environment (`import.meta.env` in the app, Vite's loaded env in vite.config.ts).
 */
export function firebaseTarget(env: Record<string, unknown>): {
  projectId: string;
  emulatorHost: string;
} {
  return {
    projectId: (env.VITE_FIREBASE_PROJECT_ID as string | undefined) ?? 'demo-rafflewin',
    emulatorHost: (env.VITE_EMULATOR_HOST as string | undefined) ?? '127.0.0.1',
  };
}

/** Where Firestore answers: the local emulator for a `demo-` project, else Google's. */
export function firestoreRestOrigin(projectId: string, emulatorHost: string): string {
  return projectId.startsWith('demo-')
    ? `http://${emulatorHost}:${EMULATOR_FIRESTORE_PORT}`
    : 'https://firestore.googleapis.com';
}

/** The REST address of one document of the project's default database. */
export function restDocumentUrl(origin: string, projectId: string, path: string): string {
  return `${origin}/v1/projects/${projectId}/databases/(default)/documents/${path}`;
}

/** One value as the REST API writes it: an object with a single typed key. */
export interface RestValue {
  nullValue?: null;
  booleanValue?: boolean;
  integerValue?: string;
  doubleValue?: number | string;
  timestampValue?: string;
  stringValue?: string;
  bytesValue?: string;
  referenceValue?: string;
  geoPointValue?: { latitude?: number; longitude?: number };
  arrayValue?: { values?: RestValue[] };
  mapValue?: { fields?: Record<string, RestValue> };
}

/**
 * A REST value as plain data, with timestamps as Dates (what the domain schemas read after
 * `timestampsToDates`) and integers as numbers (the shop stores pence and counts, far inside
 * the safe range); the shop stores no references, but one reads as its document path.
 */
export function fromRestValue(value: RestValue): unknown {
  if ('mapValue' in value) return fromRestFields(value.mapValue?.fields ?? {});
  if ('arrayValue' in value) return (value.arrayValue?.values ?? []).map(fromRestValue);
  if ('timestampValue' in value) return new Date(value.timestampValue ?? '');
  if ('integerValue' in value) return Number(value.integerValue);
  if ('doubleValue' in value) return Number(value.doubleValue);
  if ('geoPointValue' in value) {
    return {
      latitude: value.geoPointValue?.latitude ?? 0,
      longitude: value.geoPointValue?.longitude ?? 0,
    };
  }
  if ('referenceValue' in value) return value.referenceValue?.split('/documents/')[1] ?? '';
  if ('booleanValue' in value) return value.booleanValue;
  if ('stringValue' in value) return value.stringValue;
  if ('bytesValue' in value) return value.bytesValue;
  return null;
}

/** A document's `fields` as plain data. */
export function fromRestFields(fields: Record<string, RestValue>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).map(([key, v]) => [key, fromRestValue(v)]));
}

/**
 * Reads one document: its data, or null when it does not exist. Throws when the read fails (a
 * refusal, no connection): the caller then waits for the SDK as before. The request matches
 * the page's `<link rel="preload" as="fetch" crossorigin>` (credentials for the page's own
 * origin only, so none go to Firestore), so the preloaded answer is used, not fetched again.
 */
export async function readDocumentOnce(url: string): Promise<Record<string, unknown> | null> {
  const response = await fetch(url, { credentials: 'same-origin', mode: 'cors' });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`Firestore answered ${response.status} for ${url}`);
  const body = (await response.json()) as { fields?: Record<string, RestValue> };
  return fromRestFields(body.fields ?? {});
}
