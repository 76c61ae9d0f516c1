/**
 * Verifiable draws. The server commits to a secret random seed when a raffle goes
 * live by publishing SHA-256(seed). At close it freezes the eligible ticket numbers, publishes
 * their hash, derives the winner from the seed and that hash, and reveals the seed. Anyone can
 * then check that the seed matches the commitment, that the entry list matches its hash, and
 * that the winner follows from both: this module is that derivation, used by the server to
 * draw and by the browser to verify.
 *
 * It uses only the Web Crypto API, which Node 20 and every current browser provide.
 */

/** Published with every draw, so a future change of method cannot rewrite past results. */
export const DRAW_ALGORITHM = 'rafflewin-draw-v1';

/** The method in words, shown on each draw's public page. */
export const DRAW_ALGORITHM_STEPS = [
  'When the competition went live, our server generated a secret random seed of 32 bytes (shown as 64 lowercase hexadecimal digits) and published the SHA-256 hash of those 32 bytes: the commitment. Decode the hex to bytes before hashing; the hash of the hex text itself is not the commitment. The seed stayed secret until the draw.',
  'At the close, the eligible tickets were frozen: every valid ticket whose entry question was answered correctly (free postal entries included), excluding tickets issued to our staff or administrators (who may not win). Their numbers, sorted from lowest to highest, form the entry list.',
  'The entry list is written as UTF-8 text, its lines joined by a single line feed with none at the end: the line "rafflewin-entries-v1", the competition id, then one ticket number per line in decimal. The SHA-256 hash of that text is published.',
  'For attempt k = 0, 1, 2, …: take SHA-256 of the text "<seed in hex>:<entry-list hash in hex>:<k>" (lowercase hex, k in decimal) and read its first 6 bytes as a big-endian number r between 0 and 2^48 − 1. If r is below the largest multiple of the number of entries that fits under 2^48, the winning position is r modulo the number of entries; otherwise try the next k. (This avoids the small bias a plain modulo would have.)',
  'The winner is the ticket at that position in the sorted entry list. The seed is then revealed, so anyone can repeat every step.',
] as const;

interface WebCrypto {
  subtle: { digest(algorithm: 'SHA-256', data: Uint8Array): Promise<ArrayBuffer> };
}
interface TextEncoding {
  encode(text: string): Uint8Array;
}

function webCrypto(): WebCrypto {
  const crypto = (globalThis as unknown as { crypto?: WebCrypto }).crypto;
  if (!crypto?.subtle) throw new Error('The Web Crypto API is not available');
  return crypto;
}

const utf8 = new (globalThis as unknown as { TextEncoder: new () => TextEncoding }).TextEncoder();

export function bytesToHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Null when the text is not an even-length hexadecimal string. */
export function hexToBytes(hex: string): Uint8Array | null {
  if (!/^(?:[0-9a-f]{2})*$/i.test(hex)) return null;
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i += 1)
    bytes[i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

export async function sha256Hex(data: Uint8Array | string): Promise<string> {
  const bytes = typeof data === 'string' ? utf8.encode(data) : data;
  return bytesToHex(new Uint8Array(await webCrypto().subtle.digest('SHA-256', bytes)));
}

/** A seed is 32 random bytes, written as 64 hex digits. */
export const SEED_BYTES = 32;
export const isSeedHex = (seed: string) => /^[0-9a-f]{64}$/.test(seed);

/** The commitment published when a raffle goes live: SHA-256 of the seed's 32 bytes, in hex. */
export async function seedCommitment(seedHex: string): Promise<string> {
  const bytes = hexToBytes(seedHex);
  if (!bytes || bytes.length !== SEED_BYTES) throw new Error('A seed is 64 hex digits');
  return sha256Hex(bytes);
}

/** The entry list as hashed: a header, the raffle id and the sorted numbers, one per line. */
export function canonicalEntryList(raffleId: string, ticketNumbers: readonly number[]): string {
  const sorted = [...ticketNumbers].sort((a, b) => a - b);
  return ['rafflewin-entries-v1', raffleId, ...sorted.map(String)].join('\n');
}

export function entryListHash(raffleId: string, ticketNumbers: readonly number[]): Promise<string> {
  return sha256Hex(canonicalEntryList(raffleId, ticketNumbers));
}

const RANGE = 2 ** 48;

/** The winning position in 0…count-1, without modulo bias (rejection sampling). */
export async function winningIndex(
  seedHex: string,
  entriesHash: string,
  count: number,
): Promise<number> {
  if (!Number.isInteger(count) || count < 1) throw new Error('A draw needs at least one entry');
  const limit = RANGE - (RANGE % count);
  for (let attempt = 0; ; attempt += 1) {
    const digest = hexToBytes(await sha256Hex(`${seedHex}:${entriesHash}:${attempt}`))!;
    const r = digest.slice(0, 6).reduce((value, byte) => value * 256 + byte, 0);
    if (r < limit) return r % count;
  }
}

export interface DrawOutcome {
  entriesHash: string;
  eligibleCount: number;
  /** Null when nobody was eligible. */
  winningIndex: number | null;
  winningTicketNumber: number | null;
}

/** The whole derivation: the entry list's hash and, if anyone entered, the winning ticket. */
export async function computeDraw(
  raffleId: string,
  seedHex: string,
  ticketNumbers: readonly number[],
): Promise<DrawOutcome> {
  const sorted = [...ticketNumbers].sort((a, b) => a - b);
  const entriesHash = await entryListHash(raffleId, sorted);
  if (sorted.length === 0) {
    return { entriesHash, eligibleCount: 0, winningIndex: null, winningTicketNumber: null };
  }
  const index = await winningIndex(seedHex, entriesHash, sorted.length);
  return {
    entriesHash,
    eligibleCount: sorted.length,
    winningIndex: index,
    winningTicketNumber: sorted[index]!,
  };
}

/** What a draw published, as the verification reads it. */
export interface PublishedDraw {
  raffleId: string;
  commitment: string;
  seed: string;
  entriesHash: string;
  eligibleCount: number;
  winningTicketNumber: number | null;
  /**
   * The commitment the raffle showed before its first entry, where the verifier read it: the
   * draw's own must be the same.
   */
  publishedCommitment?: string | null;
}

export interface DrawCheck {
  /**
   * The revealed seed hashes to the commitment published before any entry (the raffle's, where
   * known, which the draw's must equal).
   */
  seedMatchesCommitment: boolean;
  /**
   * Whether the seed was checked against the raffle's own commitment; false when the raffle
   * could not be read (switched off since), and only the draw record's copy was there.
   */
  comparedWithRaffle: boolean;
  /** The published entry list hashes to the published hash and has the published size. */
  entriesMatchHash: boolean;
  /** Recomputing from the seed and the entry list gives the published winner. */
  winnerMatches: boolean;
  recomputedWinningTicketNumber: number | null;
}

/** Repeats every step of a published draw from its seed and entry list. */
export async function verifyDraw(
  published: PublishedDraw,
  ticketNumbers: readonly number[],
): Promise<DrawCheck> {
  const asPublished =
    !published.publishedCommitment || published.publishedCommitment === published.commitment;
  const seedMatchesCommitment =
    asPublished &&
    isSeedHex(published.seed) &&
    (await seedCommitment(published.seed)) === published.commitment;
  const outcome = isSeedHex(published.seed)
    ? await computeDraw(published.raffleId, published.seed, ticketNumbers)
    : null;
  const entriesMatchHash =
    outcome !== null &&
    outcome.entriesHash === published.entriesHash &&
    outcome.eligibleCount === published.eligibleCount;
  const recomputed = outcome?.winningTicketNumber ?? null;
  return {
    seedMatchesCommitment,
    comparedWithRaffle: Boolean(published.publishedCommitment),
    entriesMatchHash,
    winnerMatches:
      seedMatchesCommitment && entriesMatchHash && recomputed === published.winningTicketNumber,
    recomputedWinningTicketNumber: recomputed,
  };
}

/** Where anyone checks a draw: the raffle's verify page. */
export const drawPagePath = (raffleId: string) => `/draws/${raffleId}`;

/** A notification's title and text, and the e-mail that goes with it. */
export interface DrawNotice {
  title: string;
  message: string;
  subject: string;
}

/** What the public draw page says of a raffle that has no winner. */
export const DRAW_PAGE_TEXTS = {
  noEligibleEntries: 'This raffle closed with no eligible entries: nobody won.',
  /**
   * A cancelled raffle is off the shop's listings, but anyone with its draw page's link reads
   * it; its refunds may still be under way, so it says what happens, not that it has.
   */
  cancelled:
    'This raffle was cancelled, so it will not be drawn. What was paid for its entries is ' +
    'given back: card payments to the card, account credit to the account.',
  /** One cancelled before it took any entry: nothing was paid, so nothing is given back. */
  cancelledUnsold: 'This raffle was cancelled before it took any entries, so it will not be drawn.',
} as const;

/** What a drawn raffle tells its winner and every other entrant, in the app and by e-mail. */
export const DRAW_NOTICES = {
  winner: (raffleName: string, ticketNumber: number): DrawNotice => ({
    title: `You won: ${raffleName}`,
    message:
      `Congratulations! Your ticket #${ticketNumber} won the draw for ${raffleName}. ` +
      'We will contact you to arrange your prize; please claim it within 30 days.',
    subject: `You won ${raffleName}!`,
  }),
  entrant: (raffleName: string, ticketNumber: number, winnerName: string): DrawNotice => ({
    title: `Draw result: ${raffleName}`,
    message:
      `The draw for ${raffleName} has taken place: ticket #${ticketNumber} (${winnerName}) won. ` +
      'Your tickets were not drawn this time. Thank you for taking part; you can check the ' +
      'draw yourself on its verification page.',
    subject: `The draw for ${raffleName}: the result`,
  }),
  /** To everyone holding a ticket when no entry could win (a wrong answer, staff's own). */
  noEligibleEntries: (raffleName: string): DrawNotice => ({
    title: `Draw result: ${raffleName}`,
    message:
      `The draw for ${raffleName} has taken place: no entry was eligible to win, so there is ` +
      'no winner. Entries with a wrong answer to the skill question cannot win. You can check ' +
      'the draw yourself on its verification page.',
    subject: `The draw for ${raffleName}: the result`,
  }),
} as const;
