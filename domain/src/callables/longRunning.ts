import type { CallableName } from './registry';

/**
 * How long the callables that may work through a whole raffle or account run before they are
 * stopped, in seconds (Cloud Functions' most for a callable; the default is 60): cancelling a
 * raffle refunds every order, a draw reads every entry, a deletion anonymises every ticket, and
 * switching a raffle off or lowering its maximum per person closes the checkouts open in it.
 * The web client waits as long for them (its own default gives up after 70 s). A plain list of
 * names, as `ENDS_OWN_SESSIONS`, so that `call()` does not load the contracts' schemas.
 */
export const LONG_RUNNING_SECONDS = 540;

export const LONG_RUNNING_CALLABLES: readonly CallableName[] = [
  'cancelRaffle',
  'drawRaffleNow',
  'deleteAccount',
  'setRaffleActive',
  'saveRaffle',
];

/** Whether `name` may run for `LONG_RUNNING_SECONDS` rather than the default minute. */
export function runsLong(name: CallableName): boolean {
  return LONG_RUNNING_CALLABLES.includes(name);
}
