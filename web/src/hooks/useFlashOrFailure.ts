import { useState } from 'react';
import { useReportRefusal } from '@/lib/accessRefusal';
import type { DescribeFailure } from './useAction';
import type { Outcome } from './useOutcome';

/** How one try is worded and marked busy. */
export interface AttemptWords<T> {
  /** What a success says: fixed words, or words made from what the action answered. */
  success: string | ((result: T) => string);
  /** What a failure says, or null when it was dealt with otherwise: it then only ends the flash. */
  failure: DescribeFailure;
  /** The key `busy` holds while this try runs (the row or item it acts on); none leaves it. */
  busy?: string;
}

/**
 * A screen's success flash and failure words, of which only the latest try's show: tries may
 * cross (an earlier one answering after a later one), so a try clears both as it starts and its
 * own outcome takes away the other. `attempt` resolves true when the action succeeded;
 * `succeed` shows a success reached elsewhere (a dialog's save).
 */
export function useFlashOrFailure() {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const report = useReportRefusal();

  const succeed = (message: string) => setOutcome({ ok: true, message });
  const dismissFlash = () => setOutcome((shown) => (shown?.ok ? null : shown));
  const dismissFailure = () => setOutcome((shown) => (shown?.ok === false ? null : shown));

  const attempt = async <T>(
    action: () => Promise<T>,
    { success, failure, busy: key }: AttemptWords<T>,
  ): Promise<boolean> => {
    if (key !== undefined) setBusy(key);
    setOutcome(null);
    try {
      const result = await action();
      succeed(typeof success === 'string' ? success : success(result));
      return true;
    } catch (caught) {
      const message = failure(caught);
      // A refusal the screen words is offered to the console's Access Denied panel first.
      if (message === null || report(caught)) dismissFlash();
      else setOutcome({ ok: false, message });
      return false;
    } finally {
      if (key !== undefined) setBusy(null);
    }
  };

  return {
    flash: outcome?.ok ? outcome.message : null,
    failure: outcome?.ok === false ? outcome.message : null,
    busy,
    attempt,
    succeed,
    dismissFlash,
    dismissFailure,
  };
}
