import { z } from 'zod';
import { answer, defineCallable } from './contract';

/**
 * `startCardSetup`: begins adding a card. With Stripe configured it creates the customer's
 * Stripe customer if needed and a SetupIntent, and answers what Stripe's client library needs
 * to confirm the card in the browser; without Stripe it answers that the built-in test
 * provider takes the card (`addTestCard`).
 */
export const startCardSetupInput = z.object({}).strict();
export type StartCardSetupInput = z.infer<typeof startCardSetupInput>;

export type StartCardSetupOutput =
  { provider: 'stripe'; clientSecret: string; publishableKey: string } | { provider: 'test' };

export const startCardSetupContract = defineCallable({
  name: 'startCardSetup',
  access: 'session',
  input: startCardSetupInput,
  output: answer<StartCardSetupOutput>(),
});
