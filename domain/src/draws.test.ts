import {
  canonicalEntryList,
  computeDraw,
  entryListHash,
  seedCommitment,
  verifyDraw,
  winningIndex,
} from './draws';

const SEED = '6f1c0a9e3b7d25c48e0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f';
const OTHER_SEED = SEED.replace(/^6f/, '70');
const NUMBERS = [5, 1, 3, 2, 4, 101, 102, 250];

describe('verifiable draws', () => {
  it('commits to a seed with SHA-256 of its bytes', async () => {
    const commitment = await seedCommitment(SEED);
    expect(commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(await seedCommitment(SEED)).toBe(commitment);
    expect(await seedCommitment(OTHER_SEED)).not.toBe(commitment);
    await expect(seedCommitment('not-hex')).rejects.toThrow();
  });

  it('hashes the entry list in one canonical form whatever the order given', async () => {
    expect(canonicalEntryList('r1', [3, 1, 2])).toBe('rafflewin-entries-v1\nr1\n1\n2\n3');
    expect(await entryListHash('r1', [3, 1, 2])).toBe(await entryListHash('r1', [1, 2, 3]));
    expect(await entryListHash('r1', [1, 2, 3])).not.toBe(await entryListHash('r2', [1, 2, 3]));
  });

  it('gives the same winner for the same seed and entries, every time', async () => {
    const first = await computeDraw('raffle-a', SEED, NUMBERS);
    const again = await computeDraw('raffle-a', SEED, [...NUMBERS].reverse());
    expect(again).toEqual(first);
    expect(NUMBERS).toContain(first.winningTicketNumber);
    expect(first.eligibleCount).toBe(NUMBERS.length);
    // A known answer, computed independently from the published steps (Python's hashlib),
    // so a change to the method cannot slip through unnoticed.
    expect(first).toEqual({
      eligibleCount: 8,
      entriesHash: '87265b60e53bd589e16a57e504c40d812373b5f6812ff81a49ff122f041aa038',
      winningIndex: 4,
      winningTicketNumber: 5,
    });
  });

  it('has nobody to draw when nobody is eligible', async () => {
    const outcome = await computeDraw('raffle-a', SEED, []);
    expect(outcome).toMatchObject({ eligibleCount: 0, winningTicketNumber: null });
  });

  it('verifies a genuine draw and fails a changed entry list or seed', async () => {
    const outcome = await computeDraw('raffle-a', SEED, NUMBERS);
    const published = {
      raffleId: 'raffle-a',
      commitment: await seedCommitment(SEED),
      seed: SEED,
      entriesHash: outcome.entriesHash,
      eligibleCount: outcome.eligibleCount,
      winningTicketNumber: outcome.winningTicketNumber,
    };
    await expect(verifyDraw(published, NUMBERS)).resolves.toMatchObject({
      seedMatchesCommitment: true,
      // Without the raffle's own commitment (switched off since), only the record's was checked.
      comparedWithRaffle: false,
      entriesMatchHash: true,
      winnerMatches: true,
    });
    // One ticket added to (or removed from) the list: the hash no longer matches.
    const tampered = await verifyDraw(published, [...NUMBERS, 999]);
    expect(tampered).toMatchObject({ entriesMatchHash: false, winnerMatches: false });
    expect((await verifyDraw(published, NUMBERS.slice(1))).winnerMatches).toBe(false);
    // A different seed revealed: it does not match the commitment.
    const otherSeed = await verifyDraw({ ...published, seed: OTHER_SEED }, NUMBERS);
    expect(otherSeed).toMatchObject({ seedMatchesCommitment: false, winnerMatches: false });
    // A different winner claimed: recomputation disagrees.
    const otherWinner = NUMBERS.find((n) => n !== outcome.winningTicketNumber)!;
    const claim = await verifyDraw({ ...published, winningTicketNumber: otherWinner }, NUMBERS);
    expect(claim).toMatchObject({ entriesMatchHash: true, winnerMatches: false });
    // The raffle's commitment as published before its first entry: the draw's must be it. A
    // seed swapped later, with a commitment of its own, is caught there.
    const asPublished = { ...published, publishedCommitment: published.commitment };
    expect(await verifyDraw(asPublished, NUMBERS)).toMatchObject({
      winnerMatches: true,
      comparedWithRaffle: true,
    });
    const swapped = { ...asPublished, publishedCommitment: await seedCommitment(OTHER_SEED) };
    expect(await verifyDraw(swapped, NUMBERS)).toMatchObject({
      seedMatchesCommitment: false,
      winnerMatches: false,
    });
  });

  it('picks every position about equally often (no modulo bias)', async () => {
    const counts = [0, 0, 0];
    for (let i = 0; i < 1500; i += 1) {
      counts[await winningIndex(SEED, `hash-${i}`, 3)]! += 1;
    }
    for (const count of counts) expect(Math.abs(count - 500)).toBeLessThan(100);
  });
});
