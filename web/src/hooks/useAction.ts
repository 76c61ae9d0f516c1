import { useState } from 'react';
import { useReportRefusal } from '@/lib/accessRefusal';
import { toUserMessage } from '@/lib/errors';

/**
 * What a failure says to the person, or null when it was dealt with otherwise (an admin
 * screen's Access Denied panel, a refusal the caller handles).
 */
export type DescribeFailure = (caught: unknown) => string | null;

/**
 * An action a person starts with a button (a callable, most often): whether it is running, and
 * the failure it ended with, in words for the person. `run` clears the last failure, runs the
 * action and answers its result, or undefined when it failed. A refusal `describe` words is
 * offered to the console's Access Denied panel first (nothing outside the console).
 */
export function useAction(describe: DescribeFailure = (caught) => toUserMessage(caught)) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const report = useReportRefusal();
  const run = async <T>(
    action: () => Promise<T>,
    describeThis: DescribeFailure = describe,
  ): Promise<T | undefined> => {
    setBusy(true);
    setError(null);
    try {
      return await action();
    } catch (caught) {
      const message = describeThis(caught);
      setError(message !== null && report(caught) ? null : message);
      return undefined;
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}
