/**
 * Runs the local Stripe double (see server.ts) beside the emulators:
 * `tsx emulators/stripe/run.ts [--state <file>]`. Its address, key and webhook come from
 * emulators/config.ts and functions/.env.demo-rafflewin, the settings the functions use.
 */
import { HOST, PORTS, STRIPE_DOUBLE } from '../config';
import { StripeDouble } from './server';

const stateAt = process.argv.indexOf('--state');
const double = new StripeDouble({
  host: HOST,
  port: PORTS.stripe,
  webhookSecret: STRIPE_DOUBLE.webhookSecret,
  endpoints: { [STRIPE_DOUBLE.secretKey]: STRIPE_DOUBLE.webhookUrl },
  stateFile: stateAt > 0 ? process.argv[stateAt + 1] : undefined,
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    double.save();
    process.exit(0);
  });
}

double.listen().then(
  () => console.log(`Stripe double listening on ${double.base}`),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
