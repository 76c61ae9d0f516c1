import { ENDS_OWN_SESSIONS } from './endsOwnSessions';
import { LONG_RUNNING_CALLABLES } from './longRunning';
import { CALLABLES, type CallableName, type CallableOutput } from './registry';
import type { StartCheckoutOutput } from './startCheckout';

describe('the callable registry', () => {
  it('holds each contract under its own name', () => {
    for (const [name, contract] of Object.entries(CALLABLES)) expect(contract.name).toBe(name);
  });

  it('types each answer from the contract', () => {
    const answer: CallableOutput<'startCheckout'> = {
      sessionId: 's',
      amount: 100,
      provider: 'stripe',
      checkoutUrl: null,
      expiresAt: '2026-01-01T00:00:00.000Z',
    } satisfies StartCheckoutOutput;
    const name: CallableName = 'startCheckout';
    expect(CALLABLES[name].input.safeParse({ items: [] }).success).toBe(false);
    expect(answer.amount).toBe(100);
  });

  it('lists by name only registered callables that end the caller’s own sessions', () => {
    for (const name of ENDS_OWN_SESSIONS) expect(CALLABLES[name]?.name).toBe(name);
    for (const name of LONG_RUNNING_CALLABLES) expect(CALLABLES[name]?.name).toBe(name);
  });
});
