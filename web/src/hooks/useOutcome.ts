import { useState } from 'react';

/** What a form's action came to, in the words a person reads (see OutcomeAlert). */
export interface Outcome {
  ok: boolean;
  message: string;
}

/**
 * A form whose action answers its success message: `report(action)` clears the last outcome,
 * runs the action and keeps its message, or the message of the error it threw (the shop's
 * API functions throw errors already worded for people). Resolves true when it succeeded.
 */
export function useOutcome(): {
  outcome: Outcome | null;
  report: (action: () => Promise<string>) => Promise<boolean>;
} {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const report = async (action: () => Promise<string>) => {
    setOutcome(null);
    try {
      setOutcome({ ok: true, message: await action() });
      return true;
    } catch (error) {
      setOutcome({ ok: false, message: (error as Error).message });
      return false;
    }
  };
  return { outcome, report };
}
