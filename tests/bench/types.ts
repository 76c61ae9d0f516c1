/** What every benchmark module exports, and what it reports. */

/** One line of the results table. */
export interface BenchRow {
  benchmark: string;
  /** What was measured, with its unit. */
  measured: string;
  configuration: string;
  /** The median of the repeated runs, formatted for the table. */
  median: string;
  /** The raw samples (one per repeat), for results.json. */
  samples: number[];
  /** A side-by-side ratio or the baseline it is compared with, when there is one. */
  comparison?: string;
  /** A target and whether the median meets it. */
  target?: { text: string; met: boolean };
}

export interface BenchContext {
  /** Repeats per measurement (the table shows the median). */
  repeats: number;
  /** Progress lines (printed as they happen, before the table). */
  log(message: string): void;
}

export interface Benchmark {
  name: string;
  run(ctx: BenchContext): Promise<BenchRow[]>;
}
