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

/**
 * The lines of a Jest run's output that name what failed (the file and each test, with the first
 * lines of its error), so the end of a long log says which test to look at and why.
 */
export function failedTests(output: string): string[] {
  const lines = output.split('\n');
  // Jest names each failure twice (as it happens and in its summary), a file with its project.
  const files = lines.flatMap((line) => /^FAIL (?:\S+ )?(\S+\.tsx?)/.exec(line)?.[1] ?? []);
  const tests = lines.flatMap((line, index) =>
    /^ {2}● /.test(line) && !line.includes('● Console')
      ? [[line.trim(), ...errorLines(lines.slice(index + 1))].join('\n    ')]
      : [],
  );
  return [...new Set([...files.map((file) => `FAIL ${file}`), ...tests])];
}

/**
 * The first two lines of the error under a failed test's title: no stack, no code frame, no
 * "Call log:" heading (Playwright's), so a browser test's second line says what it waited for.
 */
function errorLines(after: string[]): string[] {
  const end = after.findIndex((line) => /^ {2}● /.test(line));
  return (
    after
      .slice(0, end === -1 ? 40 : Math.min(end, 40))
      // eslint-disable-next-line no-control-regex -- Playwright dims its call log with ANSI codes
      .map((line) => line.replace(/\x1b\[[0-9;]*m/g, '').trim())
      .filter((line) => line && line !== 'Call log:' && !/^(at |>?\s*\d+ \||\|)/.test(line))
      .slice(0, 2)
      .map((line) => (line.length > 200 ? `${line.slice(0, 200)}…` : line))
  );
}

export class StageTimer {
  readonly timings: Timing[] = [];
  /** What failed in the steps run so far (see failedTests). */
  readonly failures: string[] = [];
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

  /** The table of stage times and the total, then what failed. */
  report(extra: Timing[] = [], failures: string[] = []): string {
    const rows = [...this.timings, ...extra];
    const failed = [...this.failures, ...failures];
    const width = Math.max(...rows.map((row) => row.name.length), 5);
    const line = (name: string, seconds: number, mark: string) =>
      `  ${name.padEnd(width)}  ${formatSeconds(seconds).padStart(7)}  ${mark}`;
    return [
      'Stage times:',
      ...rows.map((row) => line(row.name, row.seconds, row.ok ? 'ok' : 'FAILED')),
      line('total', since(this.started), ''),
      ...(failed.length > 0 ? ['', 'Failed:', ...failed.map((name) => `  ${name}`)] : []),
    ].join('\n');
  }
}

export function formatSeconds(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = Math.round(seconds - minutes * 60);
  return minutes > 0 ? `${minutes}m${String(rest).padStart(2, '0')}s` : `${rest}s`;
}
