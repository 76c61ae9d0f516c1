import type { CallableRequest } from 'firebase-functions/v2/https';

/**
 * The caller's IP address for per-IP rate limits: the address the platform observed. Google's
 * front end appends the address it received the request from to X-Forwarded-For, after
 * whatever the client wrote there, so the right-most entry is the one a client cannot choose
 * (Express's `req.ip` is the left-most, which it can). Without the header, the connection's
 * own address.
 */
export function clientIp(request: CallableRequest): string {
  const raw = request.rawRequest;
  const forwarded = raw?.headers?.['x-forwarded-for'];
  const chain = (Array.isArray(forwarded) ? forwarded.join(',') : (forwarded ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return chain.at(-1) ?? raw?.socket?.remoteAddress ?? raw?.ip ?? 'unknown';
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
