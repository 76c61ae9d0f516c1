/**
 * One side of a race a test sweeps: resolves `ms` milliseconds from now, so the other request
 * starts that much later. An offset that moves the interleaving across the window under test,
 * not a wait for some state (for that, `eventually` in ./admin).
 */
export const startIn = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `round` once per offset, one after another; each round calls `broken` with what it found
 * wrong. Answers everything found, for the test to expect none.
 */
export async function sweep(
  offsets: readonly number[],
  round: (offset: number, broken: (what: string) => void) => Promise<void>,
): Promise<string[]> {
  const found: string[] = [];
  for (const offset of offsets) await round(offset, (what) => found.push(what));
  return found;
}
