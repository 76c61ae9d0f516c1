/** Security-rules test environment on its own project id, so clearing it touches no other suite. */
import { initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { setLogLevel } from 'firebase/firestore';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ADMIN_CLAIM } from '@rafflewin/domain';
import { ROOT } from '../../emulators/config';

// Denied operations are the point of these tests; the SDK's warnings about them are noise.
setLogLevel('error');

export async function createRulesEnvironment(suite: string): Promise<RulesTestEnvironment> {
  const [host, port] = (process.env.FIRESTORE_EMULATOR_HOST ?? '').split(':');
  return initializeTestEnvironment({
    projectId: `demo-rules-${suite}`,
    firestore: {
      host,
      port: Number(port),
      rules: readFileSync(join(ROOT, 'firestore.rules'), 'utf8'),
    },
  });
}

/** Claims of an administrator token. */
export const adminClaims = { [ADMIN_CLAIM]: true };
