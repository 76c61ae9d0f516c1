import {
  TWO_FACTOR_SESSION_CLAIM,
  authSessionsValidAfter,
  isTwoFactorSessionValid,
  twoFactorSession,
  twoFactorSessionKey,
} from './twoFactorSessions';
import { twoFactorSessionPath } from './paths';

describe('twoFactorSessionKey', () => {
  it("is the token's session claim when the server minted one", () => {
    expect(
      twoFactorSessionKey({ auth_time: 1_800_000_000, [TWO_FACTOR_SESSION_CLAIM]: 'ABC' }),
    ).toBe('ABC');
  });

  it('is the sign-in time otherwise, as the rules spell it', () => {
    expect(twoFactorSessionKey({ auth_time: 1_800_000_000 })).toBe('1800000000');
    expect(twoFactorSessionKey({ auth_time: 1_800_000_000, [TWO_FACTOR_SESSION_CLAIM]: '' })).toBe(
      '1800000000',
    );
    expect(twoFactorSessionPath('u1', twoFactorSessionKey({ auth_time: 7 }))).toBe(
      'users/u1/twoFactorSessions/7',
    );
  });
});

describe('isTwoFactorSessionValid', () => {
  it('holds for 12 hours from the code', () => {
    const at = new Date('2026-11-25T09:00:00Z');
    const session = twoFactorSession(0, at);
    expect(isTwoFactorSessionValid(session, new Date('2026-11-25T20:59:59Z'))).toBe(true);
    expect(isTwoFactorSessionValid(session, new Date('2026-11-25T21:00:00Z'))).toBe(false);
    expect(isTwoFactorSessionValid(null, at)).toBe(false);
  });
});

describe('authSessionsValidAfter', () => {
  it('is when Auth last ended the sessions, in whole seconds, or 0 when it never did', () => {
    expect(authSessionsValidAfter({ tokensValidAfterTime: 'Sat, 28 Nov 2026 21:00:05 GMT' })).toBe(
      Date.UTC(2026, 10, 28, 21, 0, 5) / 1000,
    );
    expect(authSessionsValidAfter({})).toBe(0);
  });
});
