/**
 * The benchmarks themselves, run by `npm run bench` (run.ts) inside `firebase emulators:exec`.
 * Seeds the demo data, runs every module of benchmarks.ts (or those named on the command
 * line), prints one markdown table, writes tests/bench/results.json and, after a full run
 * without failures, docs/performance.md (performanceDoc.ts).
 * Options: benchmark names to run only those (e.g. `checkout entries`), `--repeats N` (≥ 3).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, release, totalmem, type } from 'node:os';
import { join } from 'node:path';
import { ROOT, functionsEnv } from '../../emulators/config';
import { seedDemoData } from '../../emulators/seed/seed';
import { adminAuth, adminDb } from '../support/admin';
import { BENCHMARKS } from './benchmarks';
import { CHROMIUM } from './lighthouse';
import {
  RESULTS_FILE,
  notesOf,
  writePerformanceDoc,
  type BenchResults,
  type Machine,
} from './performanceDoc';
import { since } from './stats';
import type { BenchRow } from './types';

// The handlers the bursts call in-process are configured as the Functions emulator configures
// them (without this, startCheckout finds no Stripe key and refuses every checkout).
for (const [key, value] of Object.entries({ ...functionsEnv(), FUNCTIONS_EMULATOR: 'true' })) {
  process.env[key] ??= value;
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function markdownTable(rows: BenchRow[], repeats: number): string {
  const lines = [
    `| Benchmark | Measured | Configuration | Median of ${repeats} | Comparison / target |`,
    '| --- | --- | --- | ---: | --- |',
  ];
  for (const row of rows) {
    lines.push(
      `| ${[
        row.benchmark,
        row.measured,
        row.configuration,
        row.median,
        notesOf(row, () => 'NOT met'),
      ]
        .map(cell)
        .join(' | ')} |`,
    );
  }
  return lines.join('\n');
}

/** What `read` answers, or undefined when it fails (a missing file or program). */
function attempt(read: () => string): string | undefined {
  try {
    return read().trim() || undefined;
  } catch {
    return undefined;
  }
}

function packageVersion(name: string): string {
  const path = join(ROOT, 'node_modules', name, 'package.json');
  return (JSON.parse(readFileSync(path, 'utf8')) as { version: string }).version;
}

function machine(): Machine {
  const cores = cpus();
  const osRelease = attempt(() => readFileSync('/etc/os-release', 'utf8'));
  return {
    cpu: cores[0]?.model.trim() ?? 'unknown',
    cores: cores.length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    os: /^PRETTY_NAME="?([^"\n]*)"?$/m.exec(osRelease ?? '')?.[1] ?? `${type()} ${release()}`,
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    chromium: attempt(() => execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8' }))?.match(
      /\d+(\.\d+)*/,
    )?.[0],
    firebaseTools: attempt(() => packageVersion('firebase-tools')),
  };
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const repeatsAt = args.indexOf('--repeats');
  const repeats = repeatsAt >= 0 ? Math.max(3, Number(args[repeatsAt + 1]) || 3) : 3;
  const names = args.filter(
    (arg, i) => !arg.startsWith('--') && (repeatsAt < 0 || i !== repeatsAt + 1),
  );
  const unknown = names.filter((name) => !BENCHMARKS.some((b) => b.name === name));
  if (unknown.length > 0) {
    console.error(
      `Unknown benchmark ${unknown.join(', ')}; known: ${BENCHMARKS.map((b) => b.name).join(', ')}`,
    );
    return 1;
  }
  const selected = BENCHMARKS.filter((b) => names.length === 0 || names.includes(b.name));

  const started = performance.now();
  await seedDemoData(adminDb, adminAuth);
  const rows: BenchRow[] = [];
  const failures: Array<{ benchmark: string; error: string }> = [];
  const log = (message: string) => console.log(message);
  for (const benchmark of selected) {
    console.log(`\n▶ ${benchmark.name}`);
    const t0 = performance.now();
    try {
      rows.push(...(await benchmark.run({ repeats, log })));
    } catch (error) {
      console.error(error);
      failures.push({ benchmark: benchmark.name, error: String(error) });
    }
    console.log(`  (${(since(t0) / 1000).toFixed(0)} s)`);
  }

  const table = markdownTable(rows, repeats);
  const info = machine();
  console.log(
    `\nRaffleWin benchmarks, ${new Date().toISOString().slice(0, 10)}: ${info.cpu}, ` +
      `${info.cores} cores, ${info.memoryGiB} GiB, Node ${info.node}; ` +
      `${((since(started) / 1000) | 0).toString()} s in all.\n`,
  );
  console.log(table);
  for (const failure of failures) console.log(`\nFAILED: ${failure.benchmark}: ${failure.error}`);
  const results: BenchResults = {
    date: new Date().toISOString(),
    machine: info,
    repeats,
    rows,
    failures,
    table,
  };
  writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
  // The document shows a whole run: a partial or failed one would drop the other rows.
  if (selected.length === BENCHMARKS.length && failures.length === 0) {
    console.log(`\nWrote ${await writePerformanceDoc(results)}.`);
  } else {
    console.log('\ndocs/performance.md is written only after a full run without failures.');
  }
  return failures.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
