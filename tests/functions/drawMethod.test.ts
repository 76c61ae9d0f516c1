import { createHash } from 'node:crypto';
import { DRAW_ALGORITHM_STEPS, computeDraw, seedCommitment } from '@rafflewin/domain';

/**
 * The method as each draw's public page words it (DRAW_ALGORITHM_STEPS), followed literally
 * with Node's own SHA-256 and none of the shop's draw code: what a sceptical entrant would
 * write. If the words and the draw ever part, this fails.
 */
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();

function drawAsWorded(raffleId: string, seedHex: string, numbers: number[]) {
  // Step 1: the commitment is SHA-256 of the seed's 32 bytes, not of its hex text.
  const commitment = sha256(Buffer.from(seedHex, 'hex')).toString('hex');
  // Step 3: UTF-8 lines joined by one line feed, none at the end.
  const sorted = [...numbers].sort((a, b) => a - b);
  const list = ['rafflewin-entries-v1', raffleId, ...sorted.map((n) => n.toString(10))].join('\n');
  const listHash = sha256(list).toString('hex');
  // Step 4: the first 6 bytes, big-endian, below the largest multiple of the count under 2^48.
  const limit = Math.floor(2 ** 48 / sorted.length) * sorted.length;
  for (let k = 0; ; k += 1) {
    const r = sha256(`${seedHex}:${listHash}:${k}`).readUIntBE(0, 6);
    // Step 5: the ticket at that position of the sorted list.
    if (r < limit) return { commitment, listHash, winner: sorted[r % sorted.length] };
  }
}

describe("the draw method in the public page's words", () => {
  it('names the steps the page shows', () => {
    expect(DRAW_ALGORITHM_STEPS.join(' ')).toContain('SHA-256 hash of those 32 bytes');
    expect(DRAW_ALGORITHM_STEPS.join(' ')).toContain('big-endian');
  });

  it('gives the same commitment, entry-list hash and winner as the draw', async () => {
    for (const [raffleId, seed, numbers] of [
      ['cash-10000', 'a'.repeat(64), [3, 1, 2]],
      ['r-2', '0123456789abcdef'.repeat(4), Array.from({ length: 997 }, (_, i) => i * 7 + 1)],
      ['r-3', 'f0'.repeat(32), [42]],
    ] as const) {
      const worded = drawAsWorded(raffleId, seed, [...numbers]);
      const drawn = await computeDraw(raffleId, seed, numbers);
      expect(await seedCommitment(seed)).toBe(worded.commitment);
      expect(drawn.entriesHash).toBe(worded.listHash);
      expect(drawn.winningTicketNumber).toBe(worded.winner);
      // The hash of the hex text is not the commitment (the page says so).
      expect(sha256(seed).toString('hex')).not.toBe(worded.commitment);
    }
  });
});
