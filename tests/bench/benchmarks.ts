/**
 * Every benchmark `npm run bench` runs, in order. Add a module here to add it to the run
 * (the lead's `bundles` module goes here too). Lighthouse runs first, on a quiet machine and
 * a shop holding only the demo data; the load benchmarks then add their own data.
 */
import { checkoutBurst } from './checkoutBurst';
import { entryList } from './entryList';
import { fanOut } from './fanOut';
import { fulfilment } from './fulfilment';
import { lighthouseBench } from './lighthouse';
import type { Benchmark } from './types';

export const BENCHMARKS: Benchmark[] = [
  lighthouseBench,
  checkoutBurst,
  entryList,
  fanOut,
  fulfilment,
];
