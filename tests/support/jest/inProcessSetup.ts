/**
 * Each in-process test file: its triggers run beside it (tests/support/triggers.ts), and
 * before the file ends every trigger it set off has finished.
 */
import { startTriggers } from '../triggers';

let stopTriggers: (() => Promise<void>) | undefined;

beforeAll(async () => {
  stopTriggers = await startTriggers();
});

afterAll(async () => {
  await stopTriggers?.();
});
