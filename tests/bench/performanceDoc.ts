/**
 * docs/performance.md, written from a benchmark run: a header (what wrote it, the date, the
 * machine), the results as one table per benchmark, then the hand-written analysis kept in
 * tests/bench/performance-notes.md. `npm run bench` (suite.ts) writes it after a full run;
 * `npx tsx tests/bench/performanceDoc.ts [results.json]` writes it again from saved results
 * (tests/bench/results.json by default), e.g. after editing the notes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import type { BenchRow } from './types';

const ROOT = join(__dirname, '..', '..');
export const PERFORMANCE_DOC = join(ROOT, 'docs', 'performance.md');
export const PERFORMANCE_NOTES = join(__dirname, 'performance-notes.md');
export const RESULTS_FILE = join(__dirname, 'results.json');

/** The machine a run was measured on. */
export interface Machine {
  cpu: string;
  cores: number;
  memoryGiB: number;
  /** The operating system's name and version, e.g. "Debian GNU/Linux 12 (bookworm)". */
  os: string;
  node: string;
  platform: string;
  /** The version of the Chromium Lighthouse drives, when it could be found. */
  chromium?: string;
  firebaseTools?: string;
}

/** What a run writes to tests/bench/results.json. */
export interface BenchResults {
  /** When the run finished (ISO 8601). */
  date: string;
  machine: Machine;
  repeats: number;
  rows: BenchRow[];
  failures: Array<{ benchmark: string; error: string }>;
  /** The table the run printed. */
  table: string;
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The comparison and the target of a row, in words; `strong` marks a missed target. */
export function notesOf(row: BenchRow, missed = (text: string) => text): string {
  return [
    row.comparison,
    row.target && `target ${row.target.text}: ${row.target.met ? 'met' : missed('not met')}`,
  ]
    .filter(Boolean)
    .join('; ');
}

export function describeMachine(machine: Machine): string {
  return [
    `${machine.cores} cores (${machine.cpu})`,
    `${machine.memoryGiB} GiB`,
    machine.os,
    `Node ${machine.node}`,
    machine.chromium && `Chromium ${machine.chromium}`,
    machine.firebaseTools && `firebase-tools ${machine.firebaseTools}`,
  ]
    .filter(Boolean)
    .join(', ');
}

/** The rows as tables: one per benchmark and configuration, in the order they were run. */
function resultTables(rows: BenchRow[], repeats: number): string[] {
  const groups: Array<{ benchmark: string; configuration: string; rows: BenchRow[] }> = [];
  for (const row of rows) {
    const last = groups.at(-1);
    if (last && last.benchmark === row.benchmark && last.configuration === row.configuration) {
      last.rows.push(row);
    } else {
      groups.push({ benchmark: row.benchmark, configuration: row.configuration, rows: [row] });
    }
  }
  const lines: string[] = [];
  let heading = '';
  for (const group of groups) {
    if (group.benchmark !== heading) {
      heading = group.benchmark;
      lines.push(`### ${group.benchmark}`, '');
    }
    lines.push(
      `Configuration: ${group.configuration}`,
      '',
      `| Measured | Median of ${repeats} | Comparison / target |`,
      '| --- | ---: | --- |',
      ...group.rows.map(
        (row) =>
          `| ${[row.measured, row.median, notesOf(row, (text) => `**${text}**`)]
            .map(cell)
            .join(' | ')} |`,
      ),
      '',
    );
  }
  return lines;
}

/** The whole document, before Prettier. */
export function performanceDoc(results: BenchResults, notes: string): string {
  return [
    '# Performance',
    '',
    'This file is written by `npm run bench` (`tests/bench/performanceDoc.ts`) from its latest',
    'full run, so edit the generator or the notes rather than this file: the text after the',
    'results is kept in `tests/bench/performance-notes.md`.',
    '',
    `Run of ${results.date.slice(0, 10)} on ${describeMachine(results.machine)}. ` +
      `Medians of ${results.repeats} runs.`,
    '',
    '## Results',
    '',
    ...resultTables(results.rows, results.repeats),
    notes.trim(),
    '',
  ].join('\n');
}

/**
 * Writes docs/performance.md from the results and the notes, formatted by Prettier with the
 * repository's settings, its prose wrapped at the print width (the generated lines are long).
 */
export async function writePerformanceDoc(results: BenchResults): Promise<string> {
  const text = performanceDoc(results, readFileSync(PERFORMANCE_NOTES, 'utf8'));
  const options = (await resolveConfig(PERFORMANCE_DOC)) ?? {};
  writeFileSync(
    PERFORMANCE_DOC,
    await format(text, { ...options, proseWrap: 'always', filepath: PERFORMANCE_DOC }),
  );
  return PERFORMANCE_DOC;
}

if (require.main === module) {
  const source = process.argv[2] ?? RESULTS_FILE;
  writePerformanceDoc(JSON.parse(readFileSync(source, 'utf8')) as BenchResults).then(
    (path) => console.log(`Wrote ${path} from ${source}`),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
