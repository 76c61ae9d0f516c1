import type { CallableRequest } from 'firebase-functions/v2/https';

/**
 * The caller's IP address for per-IP rate limits. Behind Google's front end the runtime
 * trusts X-Forwarded-For (as the emulator does), so this is the address the request came
 * from; the per-account and per-address limits are the primary defence.
 */
export function clientIp(request: CallableRequest): string {
  return request.rawRequest?.ip ?? 'unknown';
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Makes refusals take at least `ms` from `startedAt`, so an unknown username and a wrong
 * password cannot be told apart by how quickly the answer comes.
 */
export async function atLeast(startedAt: number, ms: number): Promise<void> {
  const left = startedAt + ms - Date.now();
  if (left > 0) await sleep(left);
}
