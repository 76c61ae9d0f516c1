/**
 * The stages of `npm test` and how long each took: commands run side by side within a stage,
 * their output shown as each finishes (or live, for one), and a table of the times at the end.
 */
import { spawn } from 'node:child_process';
import { ROOT } from '../../emulators/config';

export interface Step {
  name: string;
  command: string;
  /** Stream the output as it comes (the others' is shown when they finish). */
  live?: boolean;
  env?: Record<string, string>;
}

export interface Timing {
  name: string;
  seconds: number;
  ok: boolean;
}

const since = (start: number) => (Date.now() - start) / 1000;

/** Runs a shell command from the repository root; resolves with its exit code. */
export function runStep(step: Step): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(step.command, {
      cwd: ROOT,
      shell: true,
      env: { ...process.env, ...step.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      if (step.live) process.stdout.write(chunk);
      output += chunk.toString();
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

// eslint-disable-next-line no-control-regex -- Jest and Playwright colour their output
const plain = (output: string) => output.replace(/\x1b\[[0-9;]*m/g, '').split('\n');

/**
 * The lines of a Jest run's output that name what failed (the file and each test, with the first
 * lines of its error), so the end of a long log says which test to look at and why.
 */
export function failedTests(output: string): string[] {
  const lines = plain(output);
  // Jest names each failure twice (as it happens and in its summary), a file with its project.
  const files = lines.flatMap((line) => /^FAIL (?:\S+ )?(\S+\.tsx?)/.exec(line)?.[1] ?? []);
  // A test's errors each come under its name (a browser test's report is one of them).
  const errors = new Map<string, string[][]>();
  lines.forEach((line, index) => {
    if (!/^ {2}● /.test(line) || line.includes('● Console')) return;
    const after = lines.slice(index + 1);
    const end = after.findIndex((next) => /^ {2}● |^(PASS|FAIL) /.test(next));
    const name = line.trim();
    errors.set(name, [...(errors.get(name) ?? []), after.slice(0, end === -1 ? 300 : end)]);
  });
  const tests = [...errors].map(([name, blocks]) => [name, ...errorLines(blocks)].join('\n    '));
  return [...new Set([...files.map((file) => `FAIL ${file}`), ...tests])];
}

/**
 * The tests that failed once and were run again (tests/support/jest/retryOnce.ts), each with
 * the first lines of its first attempt's errors: Jest logs them under "LOGGING RETRY ERRORS
 * <test>", one "RETRY <n>" heading per error.
 */
export function retriedTests(output: string): string[] {
  const lines = plain(output);
  return lines.flatMap((line, index) => {
    const name = /LOGGING RETRY ERRORS\s+(.+)$/.exec(line)?.[1]?.trim();
    if (!name) return [];
    const after = lines.slice(index + 1);
    const end = after.findIndex((next) => /LOGGING RETRY ERRORS|^(PASS|FAIL) |^ {2}● /.test(next));
    const blocks: string[][] = [];
    for (const next of after.slice(0, end === -1 ? 300 : end)) {
      if (/^\s*RETRY \d+\s*$/.test(next)) blocks.push([]);
      else blocks.at(-1)?.push(next);
    }
    return [[name, ...errorLines(blocks)].join('\n    ')];
  });
}

/** A test file and how long Jest took over it. */
export interface FileTime {
  file: string;
  seconds: number;
}

/**
 * The test files of a Jest run's output with their times, as Jest reports a file that took 5 s
 * or more ("PASS e2e tests/e2e/home.spec.ts (31.9 s)"); faster files are not timed.
 */
export function fileTimes(output: string): FileTime[] {
  // A failed file is named again in Jest's summary: once each.
  const times = new Map<string, number>();
  for (const line of plain(output)) {
    const match = /^(?:PASS|FAIL) (?:\S+ )?(\S+\.tsx?) \(([\d.]+) s\)/.exec(line);
    if (match) times.set(match[1]!, Number(match[2]));
  }
  return [...times].map(([file, seconds]) => ({ file, seconds }));
}

/** How many of the slowest files the report names. */
const SLOWEST_SHOWN = 8;

/** A browser test's report of what it saw (tests/support/jest/e2eGuards.ts), line by line. */
const BROWSER_REPORT = /^(The browser reported|Open page |console (error|warning) |page error )/;

/**
 * What a failed test's errors say, briefly: the first two lines of its first error (no stack,
 * no code frame, no "Call log:" heading, so a browser test's second line says what it waited
 * for), then a browser test's report of what its pages showed and logged (up to eight lines).
 */
function errorLines(blocks: string[][]): string[] {
  const trimmed = blocks.map((block) => block.map((line) => line.trim()));
  const shorten = (line: string, most: number) =>
    line.length > most ? `${line.slice(0, most)}…` : line;
  const error = (trimmed[0] ?? [])
    .slice(0, 40)
    .filter((line) => line && line !== 'Call log:' && !/^(at |>?\s*\d+ \||\|)/.test(line))
    .slice(0, 2);
  // Jest prints each error twice, and a page's text differs by a countdown's second: one line
  // per page address (the last seen) or console message.
  const report = new Map(
    trimmed
      .flat()
      .filter((line) => BROWSER_REPORT.test(line) && !error.includes(line))
      .map((line) => [/^Open page \S+/.exec(line)?.[0] ?? line.slice(0, 80), line] as const),
  );
  return [
    ...error.map((line) => shorten(line, 200)),
    ...[...report.values()].slice(0, 8).map((line) => shorten(line, 400)),
  ];
}

export class StageTimer {
  readonly timings: Timing[] = [];
  /** What failed in the steps run so far (see failedTests). */
  readonly failures: string[] = [];
  /** The tests run a second time after failing once (see retriedTests). */
  readonly retried: string[] = [];
  /** The timed test files of the steps run so far (see fileTimes). */
  readonly files: FileTime[] = [];
  private readonly started = Date.now();

  /** Runs the steps side by side; true when every one succeeded. */
  async parallel(steps: Step[]): Promise<boolean> {
    const results = await Promise.all(
      steps.map(async (step) => {
        const start = Date.now();
        console.log(`▶ ${step.name}: ${step.command}`);
        const { code, output } = await runStep(step);
        if (!step.live && output.trim()) console.log(`── ${step.name} ──\n${output.trimEnd()}`);
        if (code !== 0) this.failures.push(...failedTests(output));
        this.retried.push(...retriedTests(output));
        this.files.push(...fileTimes(output));
        this.record(step.name, start, code === 0);
        console.log(`${code === 0 ? '✔' : '✘'} ${step.name} (${since(start).toFixed(0)} s)`);
        return code === 0;
      }),
    );
    return results.every(Boolean);
  }

  /** Times some other piece of work. */
  async time<T>(name: string, work: () => Promise<T>, ok: (result: T) => boolean): Promise<T> {
    const start = Date.now();
    const result = await work();
    this.record(name, start, ok(result));
    return result;
  }

  record(name: string, start: number, ok: boolean): void {
    this.timings.push({ name, seconds: since(start), ok });
  }

  /**
   * The table of stage times and the total, the slowest test files (where a faster loop would
   * start), then what was retried and what failed.
   */
  report(
    extra: Timing[] = [],
    failures: string[] = [],
    retries: string[] = [],
    files: FileTime[] = [],
  ): string {
    const rows = [...this.timings, ...extra];
    const failed = [...this.failures, ...failures];
    const retried = [...this.retried, ...retries];
    const slowest = [...this.files, ...files]
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, SLOWEST_SHOWN);
    // One width for both tables, so that their times line up.
    const names = [...rows.map((row) => row.name), ...slowest.map(({ file }) => file)];
    const width = Math.max(...names.map((name) => name.length), 5);
    const line = (name: string, seconds: number, mark: string) =>
      `  ${name.padEnd(width)}  ${formatSeconds(seconds).padStart(7)}  ${mark}`;
    return [
      'Stage times:',
      ...rows.map((row) => line(row.name, row.seconds, row.ok ? 'ok' : 'FAILED')),
      line('total', since(this.started), ''),
      ...(slowest.length > 0
        ? [
            '',
            'Slowest test files:',
            ...slowest.map(({ file, seconds }) => line(file, seconds, '').trimEnd()),
          ]
        : []),
      ...(retried.length > 0
        ? ['', 'Run a second time (flaky: look into these):', ...retried.map((name) => `  ${name}`)]
        : []),
      ...(failed.length > 0 ? ['', 'Failed:', ...failed.map((name) => `  ${name}`)] : []),
    ].join('\n');
  }
}

export function formatSeconds(seconds: number): string {
  // Rounded first: 179.6 s is 3m00s, not 2m60s.
  const whole = Math.round(seconds);
  const minutes = Math.floor(whole / 60);
  const rest = whole - minutes * 60;
  return minutes > 0 ? `${minutes}m${String(rest).padStart(2, '0')}s` : `${rest}s`;
}
