/**
 * Writes as a customer's browser makes them: through the Firestore emulator's REST API with the
 * customer's ID token, so the security rules judge each one (the Admin SDK passes them by).
 */
import { HOST, PORTS } from '../../emulators/config';
import type { Caller } from './callables';
import { TEST_PROJECT_ID } from './project';

type Plain = string | number | boolean | null | Plain[] | { [field: string]: Plain };

/** A plain value in the REST API's typed form (whole numbers only, as the shop stores). */
function encoded(value: Plain): object {
  if (value === null) return { nullValue: null };
  if (typeof value === 'string') return { stringValue: value };
  if (typeof value === 'boolean') return { booleanValue: value };
  if (typeof value === 'number') return { integerValue: String(value) };
  if (Array.isArray(value)) return { arrayValue: { values: value.map(encoded) } };
  return { mapValue: { fields: encodedFields(value) } };
}

const encodedFields = (fields: Record<string, Plain>) =>
  Object.fromEntries(Object.entries(fields).map(([field, value]) => [field, encoded(value)]));

/**
 * Sets the document at `path` as `customer`, with `fields` and `serverTime` set to the
 * request's time (as `serverTimestamp()` does). Answers whether the rules let it through.
 */
export async function setAsCustomer(
  customer: Caller,
  path: string,
  fields: Record<string, Plain>,
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
          update: { name: `${database}/documents/${path}`, fields: encodedFields(fields) },
          updateTransforms: [{ fieldPath: serverTime, setToServerValue: 'REQUEST_TIME' }],
        },
      ],
    }),
  });
  if (response.ok) return true;
  if (response.status === 403) return false;
  throw new Error(`Writing ${path} answered ${response.status}: ${await response.text()}`);
}
