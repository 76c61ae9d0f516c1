/**
 * Lighthouse (npm `lighthouse`, driving Debian's Chromium headless) on the built app served by
 * the Hosting emulator, with Lighthouse's default mobile settings (emulated phone, simulated
 * slow 4G and 4× CPU slowdown). Scores and Core Web Vitals, median of the repeats per page.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { chromiumPath } from '../support/chromium';
import { promisify } from 'node:util';
import { URLS } from '../../emulators/config';
import { fmt, median } from './stats';
import type { Benchmark, BenchRow } from './types';

/** The Chromium Lighthouse drives: the tests' one (tests/support/chromium.ts). */
export const CHROMIUM = chromiumPath();
/** The six shop pages held to the performance targets; the draw page is a demo raffle's. */
const PAGES = [
  '/',
  '/competitions',
  '/competitions/cash',
  '/cart',
  '/entries',
  '/draws/cash-10000',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

interface Sample {
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

/**
 * One Lighthouse run in its own plain Node process (lighthouseRun.mjs) with a fresh browser:
 * no cache or service worker carried over between runs.
 */
async function audit(url: string): Promise<Sample> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [join(__dirname, 'lighthouseRun.mjs'), url, CHROMIUM],
    { timeout: 180_000, maxBuffer: 10 * 2 ** 20 },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as Sample;
}

export const lighthouseBench: Benchmark = {
  name: 'lighthouse',
  async run(ctx) {
    const rows: BenchRow[] = [];
    for (const path of PAGES) {
      const samples: Sample[] = [];
      for (let i = 0; i < ctx.repeats; i += 1) {
        const sample = await audit(`${URLS.shop}${path}`);
        samples.push(sample);
        ctx.log(
          `  ${path} run ${i + 1}: ${CATEGORIES.map((c) => `${c} ${sample.scores[c]}`).join(', ')}; ` +
            `LCP ${fmt(sample.lcpMs, 0)} ms, TBT ${fmt(sample.tbtMs, 0)} ms, CLS ${sample.cls.toFixed(3)}`,
        );
      }
      const benchmark = `Lighthouse ${path}`;
      const configuration = 'mobile (Lighthouse defaults), Hosting emulator, headless Chromium';
      const row = (
        measured: string,
        values: number[],
        text: string,
        target?: (m: number) => boolean,
        targetText?: string,
      ): BenchRow => {
        const m = median(values);
        return {
          benchmark,
          measured,
          configuration,
          median: text === 'cls' ? m.toFixed(3) : fmt(m, 0),
          samples: values,
          ...(target && targetText ? { target: { text: targetText, met: target(m) } } : {}),
        };
      };
      const scores = (c: (typeof CATEGORIES)[number]) => samples.map((s) => s.scores[c]);
      rows.push(
        row('performance score', scores('performance'), 'n', (m) => m >= 90, '≥ 90'),
        row('accessibility score', scores('accessibility'), 'n', (m) => m >= 100, '100'),
        row('best-practices score', scores('best-practices'), 'n', (m) => m >= 95, '≥ 95'),
        row('SEO score', scores('seo'), 'n'),
        row(
          'LCP (ms)',
          samples.map((s) => s.lcpMs),
          'n',
          (m) => m <= 2500,
          '≤ 2,500',
        ),
        row(
          'TBT (ms)',
          samples.map((s) => s.tbtMs),
          'n',
          (m) => m <= 200,
          '≤ 200',
        ),
        row(
          'CLS',
          samples.map((s) => s.cls),
          'cls',
          (m) => m <= 0.1,
          '≤ 0.1',
        ),
      );
    }
    return rows;
  },
};
