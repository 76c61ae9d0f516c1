/**
 * One side of a race a test sweeps: resolves `ms` milliseconds from now, so the other request
 * starts that much later. An offset that moves the interleaving across the window under test,
 * not a wait for some state (for that, `eventually` in ./admin).
 */
export const startIn = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms));
