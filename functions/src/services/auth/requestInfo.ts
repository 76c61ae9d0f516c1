import type { CallableRequest } from 'firebase-functions/v2/https';

/** Providers whose mailboxes ignore dots in the name (and the second domain is the first's). */
const DOTLESS_MAILBOXES: Record<string, string> = {
  'gmail.com': 'gmail.com',
  'googlemail.com': 'gmail.com',
};

/**
 * Who a per-address rate limit counts a request against: the mailbox an address reaches, so
 * that writing it another way (case, a `+tag`, a Gmail address's dots) opens no fresh window
 * for the e-mails the limit keeps from one inbox.
 */
export function rateLimitMailbox(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return email.toLowerCase();
  const domain = email.slice(at + 1).toLowerCase();
  const [name = ''] = email.slice(0, at).toLowerCase().split('+');
  const dotless = DOTLESS_MAILBOXES[domain];
  return dotless ? `${name.replaceAll('.', '')}@${dotless}` : `${name}@${domain}`;
}

/**
 * Who a per-IP rate limit counts a request against: the caller's address as the platform
 * observed it (see clientIp), by network. An IPv4 address is one network; an IPv6 one is its
 * /64, since every home or server line is given a /64 at least and may use any of its 2^64
 * addresses, each a fresh window if counted alone. An IPv4 address written as IPv6
 * (`::ffff:192.0.2.1`) is the IPv4 address; anything unrecognised is taken as written.
 */
export function rateLimitNetwork(address: string): string {
  const bare = address
    .trim()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '')
    .toLowerCase();
  const mapped = /^(?:0{0,4}:){0,5}(?:0{0,4}:)?ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(bare);
  if (mapped) return mapped[1]!;
  if (!bare.includes(':') || !/^[0-9a-f:.]+$/.test(bare)) return bare;
  const [head = '', tail, ...more] = bare.split('::');
  if (more.length > 0) return bare;
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const before = groups(head);
  const after = tail === undefined ? [] : groups(tail);
  // An embedded IPv4 tail (`64:ff9b::192.0.2.1`) is two groups; only the first four matter.
  const width = after.some((group) => group.includes('.')) ? 7 : 8;
  const full =
    tail === undefined
      ? before
      : [
          ...before,
          ...Array<string>(Math.max(0, width - before.length - after.length)).fill('0'),
          ...after,
        ];
  if (full.length < 4 || full.slice(0, 4).some((group) => !/^[0-9a-f]{1,4}$/.test(group))) {
    return bare;
  }
  const prefix = full.slice(0, 4).map((group) => group.replace(/^0+(?=.)/, ''));
  return `${prefix.join(':')}::/64`;
}

/**
 * The caller's network for per-IP rate limits (rateLimitNetwork): of the address the platform
 * observed. Google's front end appends the address it received the request from to
 * X-Forwarded-For, after whatever the client wrote there, so the right-most entry is the one a
 * client cannot choose (Express's `req.ip` is the left-most, which it can). Without the header,
 * the connection's own address.
 */
export function clientIp(request: CallableRequest): string {
  const raw = request.rawRequest;
  const forwarded = raw?.headers?.['x-forwarded-for'];
  const chain = (Array.isArray(forwarded) ? forwarded.join(',') : (forwarded ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return rateLimitNetwork(chain.at(-1) ?? raw?.socket?.remoteAddress ?? raw?.ip ?? 'unknown');
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
