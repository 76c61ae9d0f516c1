/**
 * The shop window's REST reads as sent, before their answers are checked: a few hundred bytes
 * apart from lib/earlyReads.ts, whose schemas bring zod (about 30 KB), so that a first screen's
 * queries and documents leave while zod is still on its way (lib/shopReads.ts).
 */
import { emulatorHost, projectId } from './firebaseConfig';
import { firestoreRestOrigin, readDocumentOnce, restDocumentUrl } from './firestoreRest';
import { runQueryOnce, type QueryShape } from './restQuery';

/** Where this build's Firestore answers over REST. */
const restOrigin = firestoreRestOrigin(projectId, emulatorHost);

/** A query's documents as Firestore sent them (ids and plain data, not yet checked). */
export function sendShopQuery(shape: QueryShape) {
  return runQueryOnce(restOrigin, projectId, shape);
}

/** A document's data as Firestore sent it (null when there is none), not yet checked. */
export function sendShopDocumentRead(path: string) {
  return readDocumentOnce(restDocumentUrl(restOrigin, projectId, path));
}
