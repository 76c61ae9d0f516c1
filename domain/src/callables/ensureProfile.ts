import { z } from 'zod';
import { answer, defineCallable } from './contract';

/**
 * `ensureProfile`: creates the caller's profile and settings documents when the Auth trigger
 * has not (yet) written them. Answers whether anything was created.
 */
export const ensureProfileInput = z.object({}).strict();
export type EnsureProfileInput = z.infer<typeof ensureProfileInput>;

export interface EnsureProfileOutput {
  created: boolean;
}

export const ensureProfileContract = defineCallable({
  name: 'ensureProfile',
  access: 'customer',
  input: ensureProfileInput,
  output: answer<EnsureProfileOutput>(),
});
