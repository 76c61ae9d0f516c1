import { describe, expect, it } from '@jest/globals';
import { INSTANT_WIN_MESSAGES } from './instantWinMessages';
import { instantOddsText, instantPrizeText, instantWinText } from './instantWinTexts';
import {
  canonicalInstantPrizes,
  instantPrizesProblem,
  instantWinCommitment,
  verifyInstantWins,
} from './instantWins';

const SALT = 'ab'.repeat(32);
const PRIZES = [
  { ticketNumber: 7, name: '£50 voucher', cashAlternative: 4500 },
  { ticketNumber: 3, name: 'Headphones', cashAlternative: 12000 },
];

describe('the commitment', () => {
  it('hashes one canonical text whatever the order, and detects any change', async () => {
    const reveal = { salt: SALT, prizes: PRIZES };
    expect(canonicalInstantPrizes('r1', reveal)).toBe(
      `rafflewin-instant-wins-v1\nr1\n${SALT}\n3\t12000\tHeadphones\n7\t4500\t£50 voucher`,
    );
    const commitment = await instantWinCommitment('r1', reveal);
    expect(commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(await instantWinCommitment('r1', { salt: SALT, prizes: [...PRIZES].reverse() })).toBe(
      commitment,
    );
    expect(await verifyInstantWins('r1', commitment, reveal)).toBe(true);
    expect(await verifyInstantWins('r2', commitment, reveal)).toBe(false);
    expect(
      await verifyInstantWins('r1', commitment, {
        salt: SALT,
        prizes: [{ ...PRIZES[0]!, ticketNumber: 8 }, PRIZES[1]!],
      }),
    ).toBe(false);
  });
});

describe('what people read', () => {
  it('says the odds, the prize and the win', () => {
    const shown = [
      { name: 'Headphones', cashAlternative: 12000, won: false },
      { name: '£50 voucher', cashAlternative: 4500, won: true },
    ];
    expect(instantOddsText(shown, 940)).toBe(
      '1 instant prize left among 940 tickets: 1 in 940 a ticket',
    );
    expect(instantOddsText([...shown, { ...shown[0]!, won: false }], 940)).toBe(
      '2 instant prizes left among 940 tickets: 1 in 470 a ticket',
    );
    expect(
      instantOddsText(
        shown.map((p) => ({ ...p, won: true })),
        940,
      ),
    ).toBe('Every instant prize has been won');
    expect(instantPrizeText(PRIZES[0]!)).toBe('£50 voucher (or £45.00 cash)');
    expect(instantPrizeText({ name: 'A hug', cashAlternative: 0 })).toBe('A hug');
    expect(instantWinText(PRIZES[0]!)).toBe(
      'Instant win! Ticket 7 won £50 voucher (or £45.00 cash)',
    );
  });

  it('refuses numbers past the pool and a number twice', () => {
    expect(instantPrizesProblem(PRIZES, 10)).toBeNull();
    expect(instantPrizesProblem(PRIZES, 5)).toBe(INSTANT_WIN_MESSAGES.outOfRange(5));
    expect(instantPrizesProblem([PRIZES[0]!, PRIZES[0]!], 10)).toBe(INSTANT_WIN_MESSAGES.repeated);
  });
});
