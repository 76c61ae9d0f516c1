import { useState } from 'react';
import { toUserMessage } from '@/lib/errors';

/**
 * What a failure says to the person, or null when it was dealt with otherwise (an admin
 * screen's Access Denied panel, a refusal the caller handles).
 */
export type DescribeFailure = (caught: unknown) => string | null;

/**
 * An action a person starts with a button (a callable, most often): whether it is running, and
 * the failure it ended with, in words for the person. `run` clears the last failure, runs the
 * action and answers its result, or undefined when it failed.
 */
export function useAction(describe: DescribeFailure = (caught) => toUserMessage(caught)) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async <T>(
    action: () => Promise<T>,
    describeThis: DescribeFailure = describe,
  ): Promise<T | undefined> => {
    setBusy(true);
    setError(null);
    try {
      return await action();
    } catch (caught) {
      setError(describeThis(caught));
      return undefined;
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}
