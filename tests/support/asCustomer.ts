/**
 * Writes as a customer's browser makes them: through the Firestore emulator's REST API with the
 * customer's ID token, so the security rules judge each one (the Admin SDK passes them by).
 */
import { HOST, PORTS } from '../../emulators/config';
import { toRestFields } from '../../web/src/lib/restQuery';
import type { Caller } from './callables';
import { TEST_PROJECT_ID } from './project';

/**
 * Sets the document at `path` as `customer`, with `fields` and `serverTime` set to the
 * request's time (as `serverTimestamp()` does). Answers whether the rules let it through.
 */
export async function setAsCustomer(
  customer: Caller,
  path: string,
  fields: Record<string, unknown>,
  serverTime: string,
): Promise<boolean> {
  const database = `projects/${TEST_PROJECT_ID}/databases/(default)`;
  const host = process.env.FIRESTORE_EMULATOR_HOST ?? `${HOST}:${PORTS.firestore}`;
  const response = await fetch(`http://${host}/v1/${database}/documents:commit`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${customer.idToken}` },
    body: JSON.stringify({
      writes: [
        {
          update: { name: `${database}/documents/${path}`, fields: toRestFields(fields) },
          updateTransforms: [{ fieldPath: serverTime, setToServerValue: 'REQUEST_TIME' }],
        },
      ],
    }),
  });
  if (response.ok) return true;
  if (response.status === 403) return false;
  throw new Error(`Writing ${path} answered ${response.status}: ${await response.text()}`);
}
